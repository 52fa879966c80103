import { Button, Callout, Container, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { CancelCheckoutResponse } from "../../schema/api/payments";
import { ResultCard } from "../components/cart/result-card";
import "../components/cart/cart.css";
import { useCart } from "../hooks/use-cart";
import { api } from "../lib/api";
import { getCartSessionId } from "../lib/cart-session";

const ORDER_ID = /^ord_[a-z2-7]{24}$/;

/**
 * Stripe sends a customer who gives up back here with ?order=: the order awaiting payment is
 * cancelled and its lines go back into the cart, so "cart items still saved" holds.
 */
function useRestoredCart(): CancelCheckoutResponse | null {
  const { refreshCart } = useCart();
  const [result, setResult] = useState<CancelCheckoutResponse | null>(null);
  // Once per visit, also under StrictMode's second effect run: the call changes the order.
  const started = useRef(false);
  useEffect(() => {
    const orderId = new URLSearchParams(window.location.search).get("order");
    if (started.current || !orderId || !ORDER_ID.test(orderId)) return;
    started.current = true;
    api<CancelCheckoutResponse>("/api/cancel-checkout-session", { json: { orderId, sessionId: getCartSessionId() } })
      .then((response) => {
        setResult(response);
        return refreshCart();
      })
      .catch((error: unknown) => console.warn("Could not put the cart back", error));
  }, [refreshCart]);
  return result;
}

export default function PaymentCancelled() {
  const restored = useRestoredCart();
  return (
    <Container size="2" px="4" py="8" className="cart-page">
      <ResultCard
        tone="cancelled"
        title="Payment Cancelled"
        actions={
          <>
            <Button asChild size="3">
              <Link href="/cart">Return to Cart</Link>
            </Button>
            <Button asChild size="3" variant="soft">
              <Link href="/store">Continue Shopping</Link>
            </Button>
            <Button asChild size="3" variant="soft" color="gray">
              <Link href="/">Back to Home</Link>
            </Button>
          </>
        }
      >
        {restored?.status === "paid" ? (
          <Callout.Root color="green" role="status">
            <Callout.Text>
              Your payment went through after all, so your order is confirmed. We'll be in touch shortly.
            </Callout.Text>
          </Callout.Root>
        ) : (
          <>
            <Text as="p" size="3" align="center">
              Your payment was cancelled and no charges were made.
            </Text>
            <Text as="p" size="3" color="gray" align="center" className="result-card__text" role="status">
              {restored && restored.restoredLines > 0
                ? "Your cart items are still saved: we've put them back in your cart, ready when you are."
                : "Your cart items are still saved, so you can complete your purchase whenever you're ready."}
            </Text>
          </>
        )}
      </ResultCard>
    </Container>
  );
}
