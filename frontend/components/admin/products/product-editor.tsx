import { Box, Dialog, Flex, Heading, Text } from "@radix-ui/themes";
import { useRef } from "react";
import type { AdminProduct, ProductPatchInput } from "../../../../schema/api/catalogue";
import { ProductForm } from "./product-form";
import { StockMovements } from "./stock-movements";

type Props = {
  product: AdminProduct | null;
  onClose: () => void;
  onSave: (product: AdminProduct, changes: ProductPatchInput) => Promise<void>;
};

/**
 * Edit a product: the Add Product form filled in with it, in a dialog over the list so the owner
 * keeps their place in a long catalogue, and its latest stock movements underneath.
 */
export function ProductEditor({ product, onClose, onSave }: Props) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open={product !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {product ? (
        <Dialog.Content
          ref={content}
          maxWidth="960px"
          className="admin-editor"
          aria-describedby={undefined}
          // Focus the dialog itself, not the name with its text selected, where a first keystroke would replace it.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
        >
          <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="4">
            <Dialog.Title size="5" mb="0" id="edit-product-heading">
              Edit Product
            </Dialog.Title>
            <Text size="2" color="gray" className="admin-wrap-anywhere">
              {product.name} · #{product.id}
            </Text>
          </Flex>
          {/* Keyed by product, so opening another one starts from its own stored values. */}
          <ProductForm
            key={product.id}
            idPrefix="edit-product"
            labelledBy="edit-product-heading"
            product={product}
            onCancel={onClose}
            onSave={(changes) => onSave(product, changes)}
          />
          <Box mt="6" asChild>
            <section aria-labelledby="stock-movements-heading">
              <Heading as="h3" size="3" id="stock-movements-heading" mb="2">
                Stock movements
              </Heading>
              <StockMovements productId={product.id} />
            </section>
          </Box>
        </Dialog.Content>
      ) : null}
    </Dialog.Root>
  );
}
