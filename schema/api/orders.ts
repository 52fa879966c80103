import * as z from "zod";

/**
 * The checkout form (spec section 5, the schema reading, with its exact messages). The checkout
 * page and POST /api/orders validate with this same schema.
 */
export const checkoutFormSchema = z.object({
  customerName: z.string().trim().min(2, "Name must be at least 2 characters").max(100, "Name is too long"),
  customerEmail: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address"))
    .pipe(z.string().max(254, "Please enter a valid email address")),
  customerPhone: z
    .string()
    .trim()
    .min(10, "Please enter a valid phone number")
    .max(20, "Please enter a valid phone number")
    .regex(/^\+?[0-9 ()-]+$/, "Please enter a valid phone number"),
  shippingAddress: z.string().trim().min(10, "Please enter a complete address").max(500, "Address is too long"),
  notes: z.string().trim().max(1000, "Notes are too long").optional(),
});

export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** The created order as POST /api/orders answers it: `{ order }`. */
export type OrderSummary = {
  id: string;
  totalAmount: string;
  paymentStatus: string;
  fulfilmentStatus: string;
  createdAt: string;
  lines: { name: string; brand: string; quantity: number; unitPrice: string }[];
};
