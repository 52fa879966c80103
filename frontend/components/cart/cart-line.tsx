import { Badge, Card, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import type { CartLine } from "../../../schema/api/cart";
import { MAX_LINE_QUANTITY } from "../../../schema/api/constants";
import { formatPrice } from "../../../schema/format";
import { useCart } from "../../hooks/use-cart";
import { TrashIcon } from "../store/icons";
import { ConditionBadge } from "../store/product-badges";
import { ProductImage } from "../store/product-image";
import { LineStock } from "./line-stock";
import { QuantityControl } from "./quantity-control";
import "./cart.css";

export function CartLineItem({ line }: { line: CartLine }) {
  const { updateQuantity, removeItem, lineStock } = useCart();
  const { product } = line;
  // A line added a moment ago shows before the server has given it an id (negative until then).
  const saved = line.id > 0;
  return (
    <Card size="2" className="cart-line" asChild>
      <li>
        <div className="cart-line__image">
          <ProductImage product={product} preferEdited width={112} height={112} />
        </div>
        <Flex direction="column" gap="2" className="cart-line__info">
          <Heading as="h2" size="3">
            {product.name}
          </Heading>
          <Text as="p" size="2" color="gray" className="cart-line__description">
            {product.description}
          </Text>
          <Flex gap="2" wrap="wrap">
            <Badge color="gray" variant="surface">
              {product.brand}
            </Badge>
            <ConditionBadge condition={product.condition} />
          </Flex>
          <LineStock line={line} showLow />
        </Flex>
        <Flex direction="column" align="end" justify="between" gap="3" className="cart-line__controls">
          <Text size="4" weight="bold" className="cart-line__price">
            {formatPrice(product.price)}
          </Text>
          <Flex align="center" gap="2">
            <QuantityControl
              name={product.name}
              quantity={line.quantity}
              onChange={(q) => updateQuantity(line.id, q)}
              disabled={!saved}
              max={Math.min(lineStock.get(line.id) ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY)}
            />
            <IconButton
              variant="soft"
              color="red"
              size="2"
              aria-label={`Remove ${product.name} from cart`}
              disabled={!saved}
              onClick={() => removeItem(line.id)}
            >
              <TrashIcon />
            </IconButton>
          </Flex>
        </Flex>
      </li>
    </Card>
  );
}
