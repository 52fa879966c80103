import { Button, Card, Container, DataList, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import type { VerifyPaymentResponse } from "../../schema/api/payments";
import { formatPrice } from "../../schema/format";
import { ResultCard } from "../components/cart/result-card";
import "../components/cart/cart.css";
import { api } from "../lib/api";
import { FactLink } from "../lib/facts";

type State = { phase: "verifying" } | { phase: "done"; details: VerifyPaymentResponse | null };

const titleCase = (s: string) => s.replace(/[_-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Stripe returns here with ?session_id=. The page verifies the payment and shows its details; a
 * missing id or a failed check still shows the success message, without details.
 */
export default function PaymentSuccess() {
  const [state, setState] = useState<State>({ phase: "verifying" });

  useEffect(() => {
    const sessionId = new URLSearchParams(window.location.search).get("session_id");
    if (!sessionId) {
      setState({ phase: "done", details: null });
      return;
    }
    const controller = new AbortController();
    api<VerifyPaymentResponse>(`/api/verify-payment/${encodeURIComponent(sessionId)}`, { signal: controller.signal })
      .then((details) => setState({ phase: "done", details }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Only logged: the customer was sent here by Stripe after paying.
        console.warn("Payment verification failed", error);
        setState({ phase: "done", details: null });
      });
    return () => controller.abort();
  }, []);

  if (state.phase === "verifying") {
    return (
      <Container size="2" px="4" py="8" className="cart-page">
        <Card size="4" className="result-card">
          <Flex direction="column" align="center" gap="3" py="6" role="status">
            <Spinner size="3" />
            <Heading as="h1" size="5" align="center">
              Verifying your payment...
            </Heading>
          </Flex>
        </Card>
      </Container>
    );
  }

  const { details } = state;
  return (
    <Container size="2" px="4" py="8" className="cart-page">
      <ResultCard
        tone="success"
        title="Payment Successful!"
        actions={
          <>
            <Button asChild size="3">
              <Link href="/">Back to Home</Link>
            </Button>
            <Button asChild size="3" variant="soft">
              <Link href="/store">Continue Shopping</Link>
            </Button>
          </>
        }
      >
        <Text as="p" size="3" align="center">
          Thank you for your purchase!
        </Text>
        {details ? <PaymentDetails details={details} /> : null}
        <Text as="p" size="3" color="gray" align="center" className="result-card__text">
          Your order has been confirmed and you'll receive an email receipt shortly.
        </Text>
        <Text as="p" size="3" align="center">
          Questions about your order? Call us on <FactLink to="phone" />
        </Text>
      </ResultCard>
    </Container>
  );
}

function PaymentDetails({ details }: { details: VerifyPaymentResponse }) {
  return (
    <Card size="2" variant="surface" className="payment-details">
      <Heading as="h2" size="4" mb="3">
        Payment Details
      </Heading>
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label>Status</DataList.Label>
          <DataList.Value>{titleCase(details.payment_status)}</DataList.Value>
        </DataList.Item>
        {details.amount_total !== null ? (
          <DataList.Item>
            <DataList.Label>Amount</DataList.Label>
            <DataList.Value>{formatPrice(details.amount_total / 100)}</DataList.Value>
          </DataList.Item>
        ) : null}
        {details.customer_email ? (
          <DataList.Item>
            <DataList.Label>Email</DataList.Label>
            <DataList.Value>{details.customer_email}</DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
    </Card>
  );
}
