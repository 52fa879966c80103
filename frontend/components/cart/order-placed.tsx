import { Button, Code, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { OrderSummary } from "../../../schema/api/orders";
import { FactLink } from "../../lib/facts";
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
      {order.number ? (
        <Text as="p" size="4" align="center">
          Order number:{" "}
          <Text weight="bold" className="order-placed__number" data-testid="order-number">
            {order.number}
          </Text>
        </Text>
      ) : null}
      <Text as="p" size="2" color="gray" align="center">
        Order ID:{" "}
        <Code size="2" variant="ghost" data-testid="order-id">
          {order.id}
        </Code>
      </Text>
      <Text as="p" size="3" color="gray" align="center" className="result-card__text">
        Thank you for your order. We'll contact you shortly to confirm the details and arrange delivery. Questions in the
        meantime? Call us on <FactLink to="phone" />
        {order.number ? (
          <>
            {" "}
            and quote <span className="order-placed__number">{order.number}</span>
          </>
        ) : null}
        .
      </Text>
    </ResultCard>
  );
}
