import { Button, Code, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminOrder, FulfilmentStatus, MarkOrderPaid } from "../../../schema/api/orders";
import { type PaymentMethod, paymentMethodLabels } from "../../../schema/api/payment-methods";
import { formatPrice, parsePriceToPence } from "../../../schema/format";
import { formatDate, formatDateTime } from "../../../schema/london-time-text";
import type { OrderMove } from "../../hooks/admin/use-admin-orders";
import { telHref } from "../../lib/tel";
import { ConfirmButton } from "./confirm-button";
import { DispatchForm } from "./orders/dispatch-form";
import { RecordPayment } from "./record-payment";
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

/** What people see and say: the order number ("NS-10001"), or the id of an order made before numbers. */
export const orderLabel = (order: AdminOrder) => order.number ?? order.id;

/** `onMove` resolves true once the order has moved. */
type Props = {
  order: AdminOrder;
  busy: boolean;
  onMove: (move: OrderMove) => Promise<boolean>;
  onPaid: (payment: MarkOrderPaid) => Promise<boolean>;
};

export function OrderCard({ order, busy, onMove, onPaid }: Props) {
  const [dispatching, setDispatching] = useState(false);
  const label = orderLabel(order);
  // A checkout-form order is paid on delivery or by invoice: going ahead before it is paid is asked about.
  const unpaid = order.paymentMethod === "order_form" && order.paymentStatus === "unpaid";
  const unpaidWarning = `Order ${label} has not been marked paid. Go ahead anyway? You can mark it paid when the money comes in.`;
  return (
    <article className="admin-card admin-order" aria-label={`Order ${label}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        {/* The number is what the owner and the customer quote; an order from before numbers leads with its customer. */}
        <div className="admin-order-title">
          {order.number ? (
            <>
              <Heading as="h2" size="5" className="admin-order-number">
                {order.number}
              </Heading>
              <Text as="p" size="3" weight="medium" className="admin-wrap-anywhere">
                {order.customerName ?? "Card customer"}
              </Text>
            </>
          ) : (
            <Heading as="h2" size="4" className="admin-wrap-anywhere">
              {order.customerName ?? "Card customer"}
            </Heading>
          )}
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
              <a className="admin-muted-link" href={telHref(order.customerPhone)}>
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
        {order.courier ? (
          <div>
            <dt>Courier</dt>
            <dd>{order.courier}</dd>
          </div>
        ) : null}
        {order.trackingReference ? (
          <div>
            <dt>Tracking reference</dt>
            <dd>
              <Code size="2" variant="ghost" className="admin-wrap-anywhere">
                {order.trackingReference}
              </Code>
            </dd>
          </div>
        ) : null}
      </dl>

      <table className="admin-lines">
        <caption className="admin-visually-hidden">Items in order {label}</caption>
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

      {order.paidBy ? (
        <Text as="p" size="2" mt="3">
          Paid by {paymentMethodLabels[order.paidBy as PaymentMethod]?.toLowerCase() ?? order.paidBy}
          {order.paidAt ? ` on ${formatDate(order.paidAt)}` : ""}
        </Text>
      ) : null}

      {dispatching ? (
        <DispatchForm
          orderLabel={label}
          busy={busy}
          onCancel={() => setDispatching(false)}
          onDispatch={async (details) => {
            if (await onMove({ fulfilmentStatus: "dispatched", ...details })) setDispatching(false);
          }}
        />
      ) : order.nextStatuses.length > 0 || unpaid ? (
        <Flex gap="2" mt="4" wrap="wrap" justify="end">
          {unpaid && order.fulfilmentStatus !== "cancelled" ? (
            <RecordPayment
              kind="orderPaid"
              number={label}
              mostPence={parsePriceToPence(order.totalAmount) ?? 0}
              busy={busy}
              onRecord={({ method, on }) => onPaid({ method, paidOn: on })}
            />
          ) : null}
          {order.nextStatuses.map((to) =>
            to === "cancelled" ? (
              <ConfirmButton
                key={to}
                variant="soft"
                disabled={busy}
                title="Cancel this order?"
                description={`Order ${label} will be marked as cancelled. Any refund is made separately.`}
                confirmLabel="Cancel order"
                onConfirm={() => onMove({ fulfilmentStatus: to })}
              >
                Cancel Order
              </ConfirmButton>
            ) : unpaid && (to === "confirmed" || to === "dispatched") ? (
              <ConfirmButton
                key={to}
                color="orange"
                disabled={busy}
                title="This order is not paid yet"
                description={unpaidWarning}
                confirmLabel={to === "dispatched" ? "Dispatch unpaid" : "Confirm unpaid"}
                onConfirm={() => (to === "dispatched" ? setDispatching(true) : void onMove({ fulfilmentStatus: to }))}
              >
                {moveLabels[to] ?? fulfilmentLabels[to]}
              </ConfirmButton>
            ) : (
              <Button
                key={to}
                disabled={busy}
                onClick={() => (to === "dispatched" ? setDispatching(true) : onMove({ fulfilmentStatus: to }))}
              >
                {moveLabels[to] ?? fulfilmentLabels[to]}
              </Button>
            ),
          )}
        </Flex>
      ) : null}
    </article>
  );
}
