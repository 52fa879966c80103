import { Button, Code, Flex, Heading, Text } from "@radix-ui/themes";
import type { AdminOrder, FulfilmentStatus } from "../../../schema/api/admin";
import { formatPrice } from "../../../schema/format";
import { ConfirmButton } from "./confirm-button";
import { formatDateTime } from "./dates";
import { StatusBadge, type StatusTone } from "./status-badge";

export const fulfilmentLabels: Record<FulfilmentStatus, string> = {
  new: "New",
  confirmed: "Confirmed",
  dispatched: "Dispatched",
  completed: "Completed",
  cancelled: "Cancelled",
};
const fulfilmentTones: Record<string, StatusTone> = {
  new: "default",
  confirmed: "secondary",
  dispatched: "secondary",
  completed: "success",
  cancelled: "destructive",
};
const paymentLabels: Record<AdminOrder["paymentStatus"], string> = {
  unpaid: "Unpaid",
  pending_payment: "Awaiting payment",
  paid: "Paid",
  cancelled: "Payment cancelled",
};
const paymentTones: Record<string, StatusTone> = { paid: "success", pending_payment: "secondary", unpaid: "outline" };
const moveLabels: Partial<Record<FulfilmentStatus, string>> = {
  confirmed: "Mark Confirmed",
  dispatched: "Mark Dispatched",
  completed: "Mark Completed",
};

type Props = { order: AdminOrder; busy: boolean; onMove: (to: FulfilmentStatus) => void };

export function OrderCard({ order, busy, onMove }: Props) {
  return (
    <article className="admin-card admin-order" aria-label={`Order ${order.id}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            {order.customerName ?? "Card customer"}
          </Heading>
          <Text as="p" size="2" color="gray">
            {formatDateTime(order.createdAt)} · {order.paymentMethod === "card" ? "Card payment" : "Order form"}
          </Text>
          <Code size="1" variant="ghost" color="gray" className="admin-wrap-anywhere">
            {order.id}
          </Code>
        </div>
        <Flex gap="2" wrap="wrap">
          <StatusBadge status={order.paymentStatus} tones={paymentTones} label={paymentLabels[order.paymentStatus]} />
          <StatusBadge status={order.fulfilmentStatus} tones={fulfilmentTones} label={fulfilmentLabels[order.fulfilmentStatus]} />
        </Flex>
      </Flex>

      <dl className="admin-fields">
        {order.customerName ? null : (
          <div>
            <dt>Customer</dt>
            <dd>Details arrive when the card payment completes</dd>
          </div>
        )}
        {order.customerEmail ? (
          <div>
            <dt>Email</dt>
            <dd>
              <a className="admin-muted-link" href={`mailto:${order.customerEmail}`}>
                {order.customerEmail}
              </a>
            </dd>
          </div>
        ) : null}
        {order.customerPhone ? (
          <div>
            <dt>Phone</dt>
            <dd>
              <a className="admin-muted-link" href={`tel:${order.customerPhone.replace(/[^\d+]/g, "")}`}>
                {order.customerPhone}
              </a>
            </dd>
          </div>
        ) : null}
        {order.shippingAddress ? (
          <div>
            <dt>Deliver to</dt>
            <dd className="admin-prewrap">{order.shippingAddress}</dd>
          </div>
        ) : null}
        {order.notes ? (
          <div>
            <dt>Notes</dt>
            <dd className="admin-prewrap">{order.notes}</dd>
          </div>
        ) : null}
      </dl>

      <table className="admin-lines">
        <caption className="admin-visually-hidden">Items in order {order.id}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                <span className="admin-wrap-anywhere">{line.name}</span>
                <Text as="div" size="1" color="gray">
                  {line.brand}
                </Text>
              </td>
              <td>{line.quantity}</td>
              <td>{formatPrice(line.unitPrice)}</td>
              <td>{formatPrice(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Order total
            </th>
            <td>{formatPrice(order.totalAmount)}</td>
          </tr>
        </tfoot>
      </table>

      {order.nextStatuses.length > 0 ? (
        <Flex gap="2" mt="4" wrap="wrap" justify="end">
          {order.nextStatuses.map((to) =>
            to === "cancelled" ? (
              <ConfirmButton
                key={to}
                variant="soft"
                disabled={busy}
                title="Cancel this order?"
                description={`Order ${order.id} will be marked as cancelled. Any refund is made separately.`}
                confirmLabel="Cancel order"
                onConfirm={() => onMove(to)}
              >
                Cancel Order
              </ConfirmButton>
            ) : (
              <Button key={to} disabled={busy} onClick={() => onMove(to)}>
                {moveLabels[to] ?? fulfilmentLabels[to]}
              </Button>
            ),
          )}
        </Flex>
      ) : null}
    </article>
  );
}
