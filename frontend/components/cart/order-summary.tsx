import { Badge, Card, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { formatPrice } from "../../../schema/format";
import { lineTotalPence, useCart } from "../../hooks/use-cart";
import { ProductImage } from "../store/product-image";
import { LineStock } from "./line-stock";
import "./cart.css";

/** Each cart line (edited image preferred, placeholder on failure) with any stock problem, then the total. */
export function OrderSummary() {
  const { cartItems, cartTotal } = useCart();
  return (
    <Card size="3" className="checkout-card order-summary" asChild>
      <aside aria-labelledby="order-summary-title">
        <Heading as="h2" size="5" id="order-summary-title" mb="3">
          Order Summary
        </Heading>
        <ul className="order-summary__lines">
          {cartItems.map((line) => {
            const { id, quantity, product } = line;
            return (
              <li key={id} className="order-summary__line">
                <ProductImage product={product} preferEdited width={56} height={56} className="order-summary__image" />
                <Flex direction="column" gap="1" className="order-summary__info">
                  <Text size="2" weight="medium">
                    {product.name}
                  </Text>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge color="gray" variant="surface" size="1">
                      {product.brand}
                    </Badge>
                    <Text size="1" color="gray">
                      Qty: {quantity} × {formatPrice(product.price)}
                    </Text>
                  </Flex>
                </Flex>
                <Text size="2" weight="bold" className="order-summary__price">
                  {formatPrice(lineTotalPence({ quantity, product }) / 100)}
                </Text>
                <LineStock line={line} />
              </li>
            );
          })}
        </ul>
        <Separator size="4" my="3" />
        <Flex justify="between" align="baseline">
          <Text size="4" weight="bold">
            Total
          </Text>
          <Text size="6" weight="bold" className="cart-summary__total" data-testid="order-total">
            {cartTotal}
          </Text>
        </Flex>
      </aside>
    </Card>
  );
}
