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

/** In stock, running low ("Only 2 left": a counted product at or below its low-stock level) or out of stock. */
export function StockBadge({ product }: { product: Pick<Product, "inStock" | "stockLeft"> }) {
  const { inStock, stockLeft } = product;
  if (inStock && stockLeft !== null && stockLeft > 0) {
    return (
      <Badge color="orange" variant="soft" highContrast>
        Only {stockLeft} left
      </Badge>
    );
  }
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
