import { Heading, Text } from "@radix-ui/themes";
import "./cart.css";

/** The cart and checkout title block; the subtitle's line is reserved so it appears without a shift. */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="page-heading">
      <Heading as="h1" size={{ initial: "7", sm: "8" }} className="page-heading__title">
        {title}
      </Heading>
      <Text as="p" size="3" color="gray" className="page-heading__subtitle">
        {subtitle}
      </Text>
    </div>
  );
}
