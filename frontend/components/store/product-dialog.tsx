import { Badge, Box, Button, Dialog, Flex, Grid, Separator, Text } from "@radix-ui/themes";
import type { Product } from "../../../schema/api/products";
import { delivery } from "../../../schema/business";
import { TruckIcon } from "./icons";
import { ProductActions } from "./product-actions";
import { ConditionBadge, Rating, StockBadge } from "./product-badges";
import { ProductImage } from "./product-image";
import { ProductPrice } from "./product-price";
import "./store.css";

type Props = {
  product: Product | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on close: the card that opened the dialog. */
  opener: HTMLElement | null;
};

/**
 * The product detail dialog (Radix: focus trapped, Escape and the Close button close it).
 * `product` outlives `open` so the dialog animates out with its content.
 */
export function ProductDialog({ product, open, onOpenChange, opener }: Props) {
  return (
    <Dialog.Root open={open && product !== null} onOpenChange={onOpenChange}>
      {product ? (
        <Dialog.Content
          maxWidth="820px"
          className="product-dialog"
          onCloseAutoFocus={(event) => {
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
        >
          <Grid columns={{ initial: "1", sm: "2" }} gap="5">
            <div className="product-dialog__media">
              <ProductImage product={product} width={800} height={600} loading="eager" />
            </div>
            <Flex direction="column" gap="3">
              <Flex gap="2" wrap="wrap">
                <ConditionBadge condition={product.condition} />
                <Badge color="gray" variant="surface">
                  {product.brand}
                </Badge>
                <Badge color="gray" variant="surface">
                  {product.category}
                </Badge>
              </Flex>
              <Dialog.Title size="6" mb="0">
                {product.name}
              </Dialog.Title>
              <Flex align="center" gap="3" wrap="wrap">
                <Rating rating={product.rating} />
                <StockBadge product={product} />
              </Flex>
              <Dialog.Description size="3" color="gray" className="product-dialog__description">
                {product.description}
              </Dialog.Description>
              <ProductPrice product={product} size="7" />
              <ProductActions product={product} size="3" />
              <Separator size="4" />
              <Flex gap="2" align="center">
                <TruckIcon size={18} className="product-dialog__truck" />
                <Text size="2" color="gray">
                  {delivery.terms[0]}
                </Text>
              </Flex>
            </Flex>
          </Grid>
          <Box mt="4" className="product-dialog__close">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                Close
              </Button>
            </Dialog.Close>
          </Box>
        </Dialog.Content>
      ) : null}
    </Dialog.Root>
  );
}
