import { Badge, Button, Flex, Heading, Text } from "@radix-ui/themes";
import type { AdminProduct } from "../../../../schema/api/catalogue";
import { formatPrice } from "../../../../schema/format";
import { ConfirmButton } from "../confirm-button";
import { EditIcon, StarIcon, TrashIcon } from "../icons";

/** The shelf count in words: "12 in stock", "None left", or "Not counted". */
export function stockText(product: AdminProduct) {
  if (product.stockQuantity === null) return "Not counted";
  return product.stockQuantity === 0 ? "None left" : `${product.stockQuantity} in stock`;
}

type Props = { product: AdminProduct; busy: boolean; onEdit: () => void; onDelete: () => void };

/** One product as the owner sees it: what the store shows, plus its stock and the way to edit it. */
export function AdminProductCard({ product, busy, onEdit, onDelete }: Props) {
  return (
    <article className="admin-card admin-product" aria-label={product.name}>
      <div className="admin-product-media">
        <img src={product.image} alt={product.name} loading="lazy" width="400" height="300" />
        <Badge
          className="admin-product-condition"
          variant="solid"
          highContrast
          color={product.condition === "New" ? "green" : "amber"}
        >
          {product.condition}
        </Badge>
      </div>
      <Flex direction="column" gap="2" p="4" className="admin-product-body">
        <Heading as="h2" size="3" className="admin-wrap-anywhere">
          {product.name}
        </Heading>
        <Text size="2" color="gray">
          {product.brand} - {product.category}
        </Text>
        <Flex align="baseline" gap="2" wrap="wrap">
          <Text size="5" weight="bold" className="admin-price">
            {formatPrice(product.price)}
          </Text>
          {product.originalPrice ? (
            <Text size="2" color="gray" asChild>
              <s>
                <span className="admin-visually-hidden">Was </span>
                {formatPrice(product.originalPrice)}
              </s>
            </Text>
          ) : null}
          {product.rating !== null ? (
            <Text size="2" className="admin-rating">
              <StarIcon /> {product.rating}/5<span className="admin-visually-hidden"> rating</span>
            </Text>
          ) : null}
        </Flex>
        <Text size="2" className="admin-clamp">
          {product.description}
        </Text>
        <Flex align="center" gap="2" wrap="wrap" mt="auto" pt="2" className="admin-product-stock">
          <Badge color={product.inStock ? "green" : "red"} highContrast radius="full">
            {product.inStock ? "In Stock" : "Out of Stock"}
          </Badge>
          {product.lowStock ? (
            <Badge color="orange" highContrast radius="full">
              Low stock
            </Badge>
          ) : null}
          <Text size="2" color="gray" className="admin-stock-count">
            {stockText(product)}
          </Text>
        </Flex>
        <Flex justify="end" align="center" gap="2" wrap="wrap" className="admin-product-actions">
          <Button size="2" variant="soft" onClick={onEdit} disabled={busy} aria-label={`Edit ${product.name}`}>
            <EditIcon /> Edit
          </Button>
          <ConfirmButton
            size="2"
            variant="soft"
            disabled={busy}
            aria-label={`Delete ${product.name}`}
            title="Delete this product?"
            description={`${product.name} will be removed from the store. Past orders keep their copy.`}
            confirmLabel="Delete product"
            onConfirm={onDelete}
          >
            <TrashIcon /> Delete
          </ConfirmButton>
        </Flex>
      </Flex>
    </article>
  );
}
