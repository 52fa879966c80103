import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import { CartIcon } from "../store/icons";
import "./cart.css";

/** The empty cart, on the cart page and the checkout (each with its own hint). */
export function EmptyCart({ hint, as = "h2" }: { hint: string; as?: "h1" | "h2" }) {
  return (
    <Card size="4" className="cart-empty">
      <Flex direction="column" align="center" gap="3" py="6">
        <span className="cart-empty__icon">
          <CartIcon size={40} />
        </span>
        <Heading as={as} size="6" align="center">
          Your cart is empty
        </Heading>
        <Text as="p" color="gray" align="center">
          {hint}
        </Text>
        <Button asChild size="3" mt="2">
          <Link href="/store">Continue Shopping</Link>
        </Button>
      </Flex>
    </Card>
  );
}
