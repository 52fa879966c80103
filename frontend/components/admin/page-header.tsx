import { Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** Every admin screen's title row: the one h1, an optional subtitle, and actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: string; actions?: ReactNode }) {
  return (
    <Flex className="admin-page-header" justify="between" align={{ initial: "start", sm: "center" }} gap="3" wrap="wrap" mb="5">
      <div>
        <Heading as="h1" size={{ initial: "6", sm: "7" }} className="admin-title">
          {title}
        </Heading>
        {subtitle ? (
          <Text as="p" color="gray" size="2" mt="1">
            {subtitle}
          </Text>
        ) : null}
      </div>
      {actions ? (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
