import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { Product } from "../../../schema/api/products";
import { ProductActions } from "./product-actions";
import { ConditionBadge, Rating, StockBadge } from "./product-badges";
import { ProductImage } from "./product-image";
import { ProductPrice } from "./product-price";
import "./store.css";

type Props = { product: Product; onOpen: (product: Product, opener: HTMLElement) => void; eager?: boolean };

/**
 * The whole card opens the detail dialog: the name is the real button (one tab stop, read by screen
 * readers) and its hit area is stretched over the card; the cart buttons sit above it.
 */
export function ProductCard({ product, onOpen, eager = false }: Props) {
  return (
    <Card className="product-card" size="1">
      <div className="product-card__media">
        <ProductImage product={product} width={400} height={300} loading={eager ? "eager" : "lazy"} />
        <span className="product-card__condition">
          <ConditionBadge condition={product.condition} />
        </span>
      </div>
      <Flex direction="column" gap="2" className="product-card__body">
        <Text size="1" color="gray" weight="medium" className="product-card__brand">
          {product.brand} · {product.category}
        </Text>
        <Heading as="h3" size="3" className="product-card__name">
          <button type="button" className="product-card__open" onClick={(e) => onOpen(product, e.currentTarget)}>
            {product.name}
          </button>
        </Heading>
        <Flex align="center" justify="between" gap="2" wrap="wrap">
          <Rating rating={product.rating} />
          <StockBadge product={product} />
        </Flex>
        <div className="product-card__price">
          <ProductPrice product={product} />
        </div>
        <ProductActions product={product} />
      </Flex>
    </Card>
  );
}
