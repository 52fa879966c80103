import { Badge, Flex, Text, VisuallyHidden } from "@radix-ui/themes";
import type { Product } from "../../../schema/api/products";
import { StarIcon } from "./icons";

export function ConditionBadge({ condition }: { condition: Product["condition"] }) {
  return (
    <Badge color={condition === "New" ? "blue" : "amber"} variant="solid" highContrast={condition === "Used"}>
      {condition}
    </Badge>
  );
}

export function StockBadge({ inStock }: { inStock: boolean }) {
  return (
    <Badge color={inStock ? "green" : "red"} variant="soft" highContrast>
      {inStock ? "In Stock" : "Out of Stock"}
    </Badge>
  );
}

/** The rating as a number out of 5, with a star. */
export function Rating({ rating }: { rating: number | null }) {
  if (rating === null) return null;
  return (
    <Flex align="center" gap="1" className="product-rating">
      <StarIcon size={14} className="product-rating__star" />
      <Text size="2" weight="medium">
        <VisuallyHidden>Rated </VisuallyHidden>
        {Number(rating.toFixed(1))}/5
      </Text>
    </Flex>
  );
}
