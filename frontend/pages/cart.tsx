import { Button, Card, Container, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { delivery } from "../../schema/business";
import { CardPaymentButton } from "../components/cart/card-payment-button";
import { CartLineItem } from "../components/cart/cart-line";
import { EmptyCart } from "../components/cart/empty-cart";
import { PageHeading } from "../components/cart/page-heading";
import { TermsNotice } from "../components/cart/terms-notice";
import "../components/cart/cart.css";
import { ArrowLeftIcon, TruckIcon } from "../components/store/icons";
import { useCart } from "../hooks/use-cart";
import { useConfig } from "../hooks/use-config";

export default function Cart() {
  const { cartItems, cartCount, cartTotal, isLoading, error, refreshCart, clearCart } = useCart();
  const { payments } = useConfig();
  const hasLines = cartItems.length > 0;

  let body: ReactNode;
  if (isLoading && !hasLines) {
    body = (
      <Text as="p" size="3" color="gray" role="status" className="cart-loading">
        Loading cart...
      </Text>
    );
  } else if (error && !hasLines) {
    body = (
      <Card size="4">
        <Flex direction="column" align="center" gap="3" py="5">
          <Text as="p" size="4" role="alert">
            We couldn't load your cart. Please try again.
          </Text>
          <Button size="3" onClick={() => refreshCart()}>
            Try Again
          </Button>
        </Flex>
      </Card>
    );
  } else if (!hasLines) {
    body = <EmptyCart hint="Start shopping to add items to your cart" />;
  } else {
    body = (
      <div className="cart-layout">
        <ul className="cart-lines" aria-label="Items in your cart">
          {cartItems.map((line) => (
            <CartLineItem key={line.id} line={line} />
          ))}
        </ul>
        <Card size="3" className="cart-summary" asChild>
          <aside aria-labelledby="cart-summary-title">
            <Heading as="h2" size="5" id="cart-summary-title" mb="3">
              Order Summary
            </Heading>
            <Flex justify="between" align="baseline">
              <Text size="3" color="gray">
                Items
              </Text>
              <Text size="3">{cartCount}</Text>
            </Flex>
            <Separator size="4" my="3" />
            <Flex justify="between" align="baseline">
              <Text size="4" weight="bold">
                Total
              </Text>
              <Text size="6" weight="bold" className="cart-summary__total" data-testid="cart-total">
                {cartTotal}
              </Text>
            </Flex>
            <Flex direction="column" gap="3" mt="4">
              {payments ? (
                <>
                  <CardPaymentButton />
                  <TermsNotice action="paying by card" />
                </>
              ) : null}
              <Button asChild size="3" variant={payments ? "outline" : "solid"}>
                <Link href="/checkout">Proceed to Checkout</Link>
              </Button>
              <Button asChild size="3" variant="soft" color="gray">
                <Link href="/store">
                  <ArrowLeftIcon /> Continue Shopping
                </Link>
              </Button>
              <Button size="2" variant="ghost" color="red" onClick={() => clearCart()} className="cart-summary__clear">
                Clear Cart
              </Button>
            </Flex>
            <Flex gap="2" align="start" mt="4">
              <TruckIcon size={18} className="cart-summary__truck" />
              <Text size="2" color="gray">
                {delivery.terms[0]}
              </Text>
            </Flex>
          </aside>
        </Card>
      </div>
    );
  }

  return (
    <Container size="4" px="4" py="6" className="cart-page">
      <PageHeading title="Shopping Cart" subtitle={hasLines ? `${cartCount} item(s) in your cart` : undefined} />
      {body}
    </Container>
  );
}
