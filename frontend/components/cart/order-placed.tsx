import { Button, Code, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { OrderSummary } from "../../../schema/api/orders";
import { company } from "../../../schema/business";
import { ResultCard } from "./result-card";

export function OrderPlaced({ order }: { order: OrderSummary }) {
  return (
    <ResultCard
      tone="success"
      title="Order Placed Successfully!"
      focusTitle
      actions={
        <>
          <Button asChild size="3">
            <Link href="/store">Continue Shopping</Link>
          </Button>
          <Button asChild size="3" variant="soft" color="gray">
            <Link href="/">Back to Home</Link>
          </Button>
        </>
      }
    >
      <Text as="p" size="3" align="center">
        Order ID:{" "}
        <Code size="3" data-testid="order-id">
          {order.id}
        </Code>
      </Text>
      <Text as="p" size="3" color="gray" align="center" className="result-card__text">
        Thank you for your order. We'll contact you shortly to confirm the details and arrange delivery. Questions in the
        meantime? Call us on <a href={company.phoneHref}>{company.phone}</a>.
      </Text>
    </ResultCard>
  );
}
