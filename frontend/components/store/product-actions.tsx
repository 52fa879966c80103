import { Button, Flex } from "@radix-ui/themes";
import { useState } from "react";
import { useLocation } from "wouter";
import type { Product } from "../../../schema/api/products";
import { useCart } from "../../hooks/use-cart";
import { CartIcon } from "./icons";

/** Quick Add and Buy Now (one unit, then the cart); both disabled when the product is out of stock. */
export function ProductActions({ product, size = "2" }: { product: Product; size?: "2" | "3" }) {
  const { addToCart } = useCart();
  const [, navigate] = useLocation();
  const [buying, setBuying] = useState(false);
  const unavailable = !product.inStock;

  async function buyNow() {
    setBuying(true);
    const added = await addToCart(product.id, 1, product);
    setBuying(false);
    if (added) navigate("/cart");
  }

  return (
    <Flex gap="2" className="product-actions">
      <Button
        size={size}
        variant="soft"
        disabled={unavailable}
        aria-label={`Quick Add ${product.name}`}
        onClick={() => addToCart(product.id, 1, product)}
      >
        <CartIcon /> Quick Add
      </Button>
      <Button size={size} disabled={unavailable} loading={buying} aria-label={`Buy Now ${product.name}`} onClick={buyNow}>
        Buy Now
      </Button>
    </Flex>
  );
}
