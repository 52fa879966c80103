import { Button, Flex, Text } from "@radix-ui/themes";
import type { CartLine } from "../../../schema/api/cart";
import { useCart } from "../../hooks/use-cart";
import "./cart.css";

type Props = {
  line: CartLine;
  /** Also say how many are left while the line fits (the cart page); the order summary only shows a problem. */
  showLow?: boolean;
};

/**
 * A cart line asking for more than is left says so ("Only 1 left", "Out of stock") with one button
 * that brings it down to what is left, or removes it when nothing is, through the cart's own
 * actions. The stock comes from the cart's copy of the product or from the refusal that named it.
 */
export function LineStock({ line, showLow = false }: Props) {
  const { lineStock, updateQuantity, removeItem } = useCart();
  const available = lineStock.get(line.id);
  if (available === undefined) return null;
  const name = line.product.name;

  if (line.quantity <= available) {
    if (!showLow || available === 0) return null;
    return (
      <Text as="p" size="2" weight="medium" className="line-stock__low">
        Only {available} left
      </Text>
    );
  }

  const fix = available === 0 ? () => removeItem(line.id) : () => updateQuantity(line.id, available);
  return (
    <Flex align="center" gap="2" wrap="wrap" className="line-stock line-stock--short" data-testid="short-line">
      <Text size="2" weight="bold" color="red">
        {available === 0 ? "Out of stock" : `Only ${available} left`}
      </Text>
      <Button
        size="1"
        variant="surface"
        color="red"
        className="line-stock__fix"
        aria-label={available === 0 ? `Remove (${name} is out of stock)` : `Reduce to ${available} (${name})`}
        onClick={fix}
        disabled={line.id < 0}
      >
        {available === 0 ? "Remove" : `Reduce to ${available}`}
      </Button>
    </Flex>
  );
}
