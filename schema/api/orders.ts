import { parsePriceToPence } from "../format";
import { londonToday } from "../london-time";
import { cartSessionIdSchema } from "./cart";
import { isoDate } from "./fields";
import { adminListQuerySchema } from "./lists";
import { PAYMENT_METHODS } from "./payment-methods";
import { z } from "./z";

/**
 * The checkout form. The checkout
 * page and POST /api/orders validate with this same schema.
 */
export const checkoutFormSchema = z.object({
  customerName: z
    .string({ error: "Name must be at least 2 characters" })
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(100, "Name is too long"),
  customerEmail: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address"))
    .pipe(z.string().max(254, "Please enter a valid email address")),
  customerPhone: z
    .string({ error: "Please enter a valid phone number" })
    .trim()
    .min(10, "Please enter a valid phone number")
    .max(20, "Please enter a valid phone number")
    .regex(/^\+?[0-9 ()-]+$/, "Please enter a valid phone number"),
  shippingAddress: z
    .string({ error: "Please enter a complete address" })
    .trim()
    .min(10, "Please enter a complete address")
    .max(500, "Address is too long"),
  notes: z.string({ error: "Notes must be text" }).trim().max(1000, "Notes are too long").optional(),
});

export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/**
 * A total as the client shows it, in pounds: decimal text ("45.99", "£45.99") or a number (45.99).
 * Returns integer pence, or null when it is not an amount of money.
 */
export function clientAmountToPence(amount: string | number): number | null {
  if (typeof amount === "string") return parsePriceToPence(amount);
  if (!Number.isFinite(amount) || amount < 0 || amount > 10_000_000) return null;
  const pence = Math.round(amount * 100);
  return Math.abs(pence - amount * 100) < 1e-6 ? pence : null;
}

/** The server never charges a client amount; it only checks that the customer saw the real total. */
export const clientAmountSchema = z
  .union([z.string().max(20), z.number()], {
    error: (issue) => (issue.input === undefined ? "The order total is missing" : "The total is not a valid amount"),
  })
  .refine((amount) => clientAmountToPence(amount) !== null, "The total is not a valid amount");

/** POST /api/orders: the form plus the cart session and the total the customer saw. */
export const orderRequestSchema = checkoutFormSchema.extend({
  sessionId: cartSessionIdSchema.optional(),
  totalAmount: clientAmountSchema,
});
export type OrderRequest = z.input<typeof orderRequestSchema>;

/** The created order as POST /api/orders answers it: `{ order }`. */
export type OrderSummary = {
  id: string;
  /** The order number the customer sees and quotes: "NS-10001". */
  number: string | null;
  totalAmount: string;
  paymentStatus: string;
  fulfilmentStatus: string;
  createdAt: string;
  lines: { name: string; brand: string; quantity: number; unitPrice: string }[];
};

export type OrderResponse = { order: OrderSummary };

/** The 409 body when the cart total changed: the customer is shown the current total first. */
export type PriceChangedError = { error: string; code: "CONFLICT"; currentTotal: string };

export const fulfilmentStatusList = ["new", "confirmed", "dispatched", "completed", "cancelled"] as const;

export type FulfilmentStatus = (typeof fulfilmentStatusList)[number];

/** new → confirmed → dispatched → completed; anything not completed may be cancelled. */
export const fulfilmentTransitions: Record<FulfilmentStatus, readonly FulfilmentStatus[]> = {
  new: ["confirmed", "cancelled"],
  confirmed: ["dispatched", "cancelled"],
  dispatched: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};

export const fulfilmentUpdateSchema = z.object({
  fulfilmentStatus: z.enum(fulfilmentStatusList, {
    error: "Fulfilment status must be one of new, confirmed, dispatched, completed or cancelled",
  }),
  /** On dispatch: who carries it and their tracking reference (both optional). */
  courier: z.string({ error: "The courier must be text" }).trim().max(60, "The courier's name is too long").nullish(),
  trackingReference: z
    .string({ error: "The tracking reference must be text" })
    .trim()
    .max(80, "The tracking reference is too long")
    .nullish(),
});

export type FulfilmentUpdate = z.output<typeof fulfilmentUpdateSchema>;

export type AdminOrderLine = {
  id: number;
  productId: number | null;
  name: string;
  brand: string;
  image: string | null;
  unitPrice: string;
  quantity: number;
  lineTotal: string;
};

export type AdminOrder = {
  id: string;
  /** What people see and say: "NS-10001". */
  number: string | null;
  courier: string | null;
  trackingReference: string | null;
  createdAt: string;
  updatedAt: string;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  shippingAddress: string | null;
  notes: string | null;
  totalAmount: string;
  paymentMethod: "order_form" | "card";
  paymentStatus: "unpaid" | "pending_payment" | "paid" | "cancelled";
  paidAt: string | null;
  /** How an order-form order was paid, as the owner recorded it. */
  paidBy: string | null;
  fulfilmentStatus: FulfilmentStatus;
  /** The states this order may move to next (for the screen's buttons). */
  nextStatuses: readonly FulfilmentStatus[];
  lines: AdminOrderLine[];
};

export const orderListQuerySchema = adminListQuerySchema.extend({
  status: z.enum(["new", "confirmed", "dispatched", "completed", "cancelled"], { error: "Unknown order status" }).optional(),
});
export { orderNumberText } from "../numbers";

/** An order's id in the path ("ord_…"). */
export const orderIdParamSchema = z.object({
  id: z.string().min(1, "The order id is missing").max(100, "That order id is too long"),
});

/**
 * POST /api/admin/orders/:id/paid: the owner records that a checkout-form order has been paid (on
 * delivery or by invoice, outside the site), in the one vocabulary of how money is paid.
 */
export const markOrderPaidSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: "Choose how it was paid: card, bank transfer, cash or cheque" }),
  paidOn: isoDate("The payment date").refine((d) => d <= londonToday(), "A payment cannot be recorded for a day still to come"),
});
export type MarkOrderPaid = z.input<typeof markOrderPaidSchema>;
