import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { type AdminOrder, type AdminOrderLine, type FulfilmentStatus, fulfilmentTransitions } from "../../../schema/api/admin";
import { type fulfilmentStatuses, orderLines, orders } from "../../../schema/db";
import { penceToDecimal } from "../../../schema/format";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import { forgetCatalogue } from "../catalogue-cache";
import { releaseStock } from "../stock";

// The browser-safe transition table must name exactly the states D1 allows.
type SameStates<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const statesMatch: SameStates<FulfilmentStatus, (typeof fulfilmentStatuses)[number]> = true;
void statesMatch;

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

function toAdminOrderLine(line: LineRow): AdminOrderLine {
  return {
    id: line.id,
    productId: line.productId,
    name: line.name,
    brand: line.brand,
    image: line.image,
    unitPrice: penceToDecimal(line.unitPricePence),
    quantity: line.quantity,
    lineTotal: penceToDecimal(line.unitPricePence * line.quantity),
  };
}

function toAdminOrder(order: OrderRow, lines: LineRow[]): AdminOrder {
  return {
    id: order.id,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    shippingAddress: order.shippingAddress,
    notes: order.notes,
    totalAmount: penceToDecimal(order.totalPence),
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    paidAt: order.paidAt,
    fulfilmentStatus: order.fulfilmentStatus,
    nextStatuses:
      order.paymentMethod === "card" && order.paymentStatus !== "paid"
        ? fulfilmentTransitions[order.fulfilmentStatus].filter((s) => s === "cancelled")
        : fulfilmentTransitions[order.fulfilmentStatus],
    lines: lines.map(toAdminOrderLine),
  };
}

/** Newest orders first with their lines: two queries sent as one D1 batch. */
export async function listOrders(db: Db, { limit, offset }: { limit: number; offset: number }): Promise<AdminOrder[]> {
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const [orderRows, lineRows] = await db.batch([
    db
      .select()
      .from(orders)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select().from(orderLines).where(inArray(orderLines.orderId, pageIds)).orderBy(asc(orderLines.id)),
  ]);
  return orderRows.map((order) =>
    toAdminOrder(
      order,
      lineRows.filter((line) => line.orderId === order.id),
    ),
  );
}

/** A card order is only worked on once it is paid; a checkout-form order is paid on delivery. */
const isPayable = or(eq(orders.paymentMethod, "order_form"), eq(orders.paymentStatus, "paid"));

/**
 * Moves an order's fulfilment on (new → confirmed → dispatched → completed, or to cancelled from
 * any state but completed). A card order that is not paid can only be cancelled. One conditional
 * UPDATE, so two admins cannot both move it from the same state; 409 says why a move is refused.
 */
export async function updateFulfilment(db: Db, id: string, to: FulfilmentStatus): Promise<AdminOrder> {
  const allowedFrom = (Object.keys(fulfilmentTransitions) as FulfilmentStatus[]).filter((from) =>
    fulfilmentTransitions[from].includes(to),
  );
  const [updated, lines] = await db.batch([
    db
      .update(orders)
      .set({ fulfilmentStatus: to, updatedAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` })
      .where(and(eq(orders.id, id), inArray(orders.fulfilmentStatus, allowedFrom), to === "cancelled" ? undefined : isPayable))
      .returning(),
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
    // A cancelled order's stock goes back on the shelf (once: only while the order holds it).
    ...(to === "cancelled" ? releaseStock(db, id, "cancellation", eq(orders.fulfilmentStatus, "cancelled")) : []),
  ]);
  if (to === "cancelled") await forgetCatalogue();
  if (updated[0]) return toAdminOrder(updated[0], lines);
  const [current] = await db
    .select({ status: orders.fulfilmentStatus, method: orders.paymentMethod, payment: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, id));
  if (!current) throw notFound("Order");
  const unpaid = current.method === "card" && current.payment !== "paid" && allowedFrom.includes(current.status);
  const message = unpaid
    ? `This card order is not paid (${current.payment.replace("_", " ")}); it can only be cancelled.`
    : `This order is ${current.status}; it cannot be moved to ${to}.`;
  throw new ApiError("CONFLICT", message, { details: [{ path: "fulfilmentStatus", message, value: current.status }] });
}
