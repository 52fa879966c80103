import { Flex, Text, VisuallyHidden } from "@radix-ui/themes";
import type { Product } from "../../../schema/api/products";
import { formatPrice, parsePriceToPence } from "../../../schema/format";

/** The saving against the original price as an amount and a rounded percent, or null when there is none. */
export function productSaving(product: Pick<Product, "price" | "originalPrice">) {
  const now = parsePriceToPence(product.price);
  const was = product.originalPrice ? parsePriceToPence(product.originalPrice) : null;
  if (now === null || was === null || was <= now) return null;
  return { amount: formatPrice((was - now) / 100), percent: Math.round(((was - now) / was) * 100) };
}

export function ProductPrice({ product, size = "5" }: { product: Product; size?: "5" | "7" }) {
  const saving = productSaving(product);
  return (
    <Flex direction="column" gap="1">
      <Flex align="baseline" gap="2" wrap="wrap">
        <Text size={size} weight="bold" className="product-price">
          {formatPrice(product.price)}
        </Text>
        {saving && product.originalPrice ? (
          <Text size="2" color="gray" className="product-price__was">
            <VisuallyHidden>Was </VisuallyHidden>
            <s>{formatPrice(product.originalPrice)}</s>
          </Text>
        ) : null}
      </Flex>
      {saving ? (
        <Text size="2" weight="medium" className="product-price__saving">
          Save {saving.amount} ({saving.percent}%)
        </Text>
      ) : null}
    </Flex>
  );
}
