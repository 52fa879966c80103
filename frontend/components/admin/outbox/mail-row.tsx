import { Badge, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A mail in a list: its title opens it; a detail line under it, and what kind it is and when beside. */
export function MailRow({
  title,
  detail,
  badge,
  meta,
  onOpen,
}: {
  title: string;
  detail: ReactNode;
  badge?: string;
  meta?: ReactNode;
  onOpen: () => void;
}) {
  return (
    <li className="care-row care-mail">
      <div className="care-row-main">
        <button type="button" className="care-mail-open" onClick={onOpen}>
          {title}
        </button>
        <Text as="div" size="2" color="gray" className="care-wrap">
          {detail}
        </Text>
      </div>
      {badge || meta ? (
        <div className="care-row-side">
          {badge ? (
            <Badge variant="soft" color="gray" highContrast radius="full">
              {badge}
            </Badge>
          ) : null}
          {meta ? (
            <Text as="div" size="1" color="gray">
              {meta}
            </Text>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
