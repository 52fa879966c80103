import { and, asc, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type * as z from "zod";
import {
  type AdminOrder,
  type AdminOrderLine,
  type FulfilmentStatus,
  type FulfilmentUpdate,
  fulfilmentTransitions,
  type markOrderPaidSchema,
  type orderListQuerySchema,
  orderNumberText,
} from "../../../schema/api/orders";
import { type fulfilmentStatuses, orderLines, orders } from "../../../schema/db";
import { penceToDecimal } from "../../../schema/format";
import type { Db } from "../../db/client";
import { searchCondition } from "../../db/search";
import { ApiError, notFound } from "../../lib/errors";
import { forgetCatalogue } from "./catalogue-cache";
import type { OrderWithLines } from "./orders";
import { releaseStock } from "./stock";

type ListQuery = z.output<typeof orderListQuerySchema>;

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
    number: orderNumberText(order.number),
    courier: order.courier,
    trackingReference: order.trackingReference,
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
    paidBy: order.paidBy,
    fulfilmentStatus: order.fulfilmentStatus,
    nextStatuses:
      order.paymentMethod === "card" && order.paymentStatus !== "paid"
        ? fulfilmentTransitions[order.fulfilmentStatus].filter((s) => s === "cancelled")
        : fulfilmentTransitions[order.fulfilmentStatus],
    lines: lines.map(toAdminOrderLine),
  };
}

/**
 * Newest orders first with their lines, matching a search (order number, name, e-mail, phone,
 * address) and a state, a page at a time with the full count: one D1 batch.
 */
export async function listOrders(db: Db, query: ListQuery): Promise<{ items: AdminOrder[]; total: number }> {
  const number = /^\s*(?:NS-?)?(\d{5,})\s*$/i.exec(query.q ?? "")?.[1];
  const where = and(
    number
      ? eq(orders.number, Number(number))
      : searchCondition(query.q, "orders_search", orders.id, [orders.customerName], "order_id"),
    query.status ? eq(orders.fulfilmentStatus, query.status) : undefined,
  );
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(query.offset);
  const [orderRows, lineRows, [total]] = await db.batch([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select().from(orderLines).where(inArray(orderLines.orderId, pageIds)).orderBy(asc(orderLines.id)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    items: orderRows.map((order) =>
      toAdminOrder(
        order,
        lineRows.filter((line) => line.orderId === order.id),
      ),
    ),
    total: total?.n ?? 0,
  };
}

/** A card order is only worked on once it is paid; a checkout-form order is paid on delivery. */
const isPayable = or(eq(orders.paymentMethod, "order_form"), eq(orders.paymentStatus, "paid"));

/**
 * Moves an order's fulfilment on (new → confirmed → dispatched → completed, or to cancelled from
 * any state but completed). A card order that is not paid can only be cancelled. One conditional
 * UPDATE, so two admins cannot both move it from the same state; 409 says why a move is refused.
 */
export async function updateFulfilment(
  db: Db,
  id: string,
  update: FulfilmentUpdate,
): Promise<{ order: AdminOrder; moved: OrderWithLines }> {
  const to = update.fulfilmentStatus;
  const allowedFrom = (Object.keys(fulfilmentTransitions) as FulfilmentStatus[]).filter((from) =>
    fulfilmentTransitions[from].includes(to),
  );
  const [updated, lines] = await db.batch([
    db
      .update(orders)
      .set({
        fulfilmentStatus: to,
        updatedAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        ...(to === "dispatched" && { courier: update.courier || null, trackingReference: update.trackingReference || null }),
      })
      .where(and(eq(orders.id, id), inArray(orders.fulfilmentStatus, allowedFrom), to === "cancelled" ? undefined : isPayable))
      .returning(),
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
    // A cancelled order's stock goes back on the shelf (once: only while the order holds it).
    ...(to === "cancelled" ? releaseStock(db, id, "cancellation", eq(orders.fulfilmentStatus, "cancelled")) : []),
  ]);
  if (to === "cancelled") await forgetCatalogue();
  if (updated[0]) return { order: toAdminOrder(updated[0], lines), moved: { ...updated[0], lines } };
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

/**
 * Records that a checkout-form order has been paid (how, and on which day): one conditional UPDATE,
 * so a card order (Stripe records those) or one already paid or cancelled is refused with why.
 */
export async function markOrderPaid(db: Db, id: string, payment: z.output<typeof markOrderPaidSchema>): Promise<AdminOrder> {
  const [[updated], lines] = await db.batch([
    db
      .update(orders)
      .set({
        paymentStatus: "paid",
        paidBy: payment.method,
        paidAt: `${payment.paidOn}T12:00:00.000Z`,
        updatedAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.paymentMethod, "order_form"),
          eq(orders.paymentStatus, "unpaid"),
          ne(orders.fulfilmentStatus, "cancelled"),
        ),
      )
      .returning(),
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
  ]);
  if (updated) return toAdminOrder(updated, lines);
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw notFound("Order");
  const why =
    order.paymentMethod === "card"
      ? "A card payment is recorded by Stripe, not by hand."
      : order.fulfilmentStatus === "cancelled"
        ? "This order was cancelled."
        : "This order is already marked paid.";
  throw new ApiError("CONFLICT", why);
}
