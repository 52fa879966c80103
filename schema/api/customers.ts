import { PHONE_MESSAGE, PHONE_PATTERN } from "./constants";
import { optionalText, optionalUkPostcode } from "./fields";
import { z } from "./z";

/** The owner's customers: the form's contract (shared by the screen and the Worker) and what the lists answer. */

export const contactChannels = ["email", "text", "both"] as const;
export type ContactChannel = (typeof contactChannels)[number];
export const contactChannelLabels: Record<ContactChannel, string> = { email: "E-mail", text: "Text", both: "E-mail and text" };

export type AdminCustomer = {
  id: number;
  firstName: string;
  lastName: string;
  /** At least one of e-mail and phone is on file. */
  email: string | null;
  phone: string | null;
  address: string | null;
  postcode: string | null;
  isLandlord: boolean;
  /** How the customer wants service messages (confirmations, reminders, moves): e-mail, text or both. */
  contactChannel: ContactChannel;
  /** Why the owner should check this customer (an online booking under a known e-mail), or null. */
  checkReason: string | null;
  createdAt: string;
};

/** A customer in the list: marked when another customer has the same e-mail address or phone number. */
export type AdminCustomerListItem = AdminCustomer & { isPossibleDuplicate: boolean };

/** Another customer with this one's e-mail address or phone number (digits compared, +44 as 0). */
export type PossibleDuplicate = AdminCustomer & { sameEmail: boolean; samePhone: boolean };

/** "Merge with another customer…": the customer whose page it is stays; this one is merged into it. */
export const customerMergeSchema = z.object({
  mergedCustomerId: z
    .number({ error: "Choose the customer to merge with this one" })
    .int("Choose the customer to merge with this one")
    .positive("Choose the customer to merge with this one"),
});

export type CustomerMergeInput = z.infer<typeof customerMergeSchema>;

/** The kept customer as merged, who was merged into it, and how many rows moved, by table. */
export type CustomerMergeResult = {
  customer: AdminCustomer;
  merged: { id: number; name: string };
  moved: Record<string, number>;
};

export const customerFields = {
  firstName: z
    .string({ error: "Please enter a first name" })
    .trim()
    .min(1, "Please enter a first name")
    .max(60, "The first name is too long"),
  lastName: z
    .string({ error: "Please enter a last name" })
    .trim()
    .min(1, "Please enter a last name")
    .max(60, "The last name is too long"),
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .toLowerCase()
    .pipe(z.union([z.literal(""), z.email("Please enter a valid email address").max(254, "Please enter a valid email address")]))
    .nullish()
    .transform((v) => v || null),
  phone: z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .max(20, PHONE_MESSAGE)
    .regex(PHONE_PATTERN, PHONE_MESSAGE)
    .nullish()
    .transform((v) => v || null),
  address: optionalText("The address", 300),
  postcode: optionalUkPostcode(),
  isLandlord: z.boolean({ error: "Landlord must be true or false" }),
  contactChannel: z.enum(contactChannels, { error: "Choose e-mail, text or both" }),
};

/** A customer needs a name and a way to reach them: an e-mail address, a phone number or both. */
export const NEED_CONTACT = "Please enter an e-mail address or a phone number";

export const customerInputSchema = z
  .object({
    ...customerFields,
    isLandlord: customerFields.isLandlord.default(false),
    contactChannel: customerFields.contactChannel.default("email"),
  })
  .refine((v) => v.email || v.phone, { message: NEED_CONTACT, path: ["email"] });

export const customerPatchSchema = z
  .object({
    ...customerFields,
    /** "Mark as checked": the owner has looked at a customer an online booking made. */
    checkReason: z.null({ error: "A check can only be cleared" }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");

export type CustomerInput = z.input<typeof customerInputSchema>;

export type NewCustomer = z.output<typeof customerInputSchema>;

export type CustomerChanges = z.output<typeof customerPatchSchema>;

/** One thing the business has had with a customer, for the customer page's timeline (newest first). */
export type TimelineEntry = {
  kind: "quote" | "order" | "service" | "chat" | "subscription" | "merge" | "text";
  at: string;
  title: string;
  detail: string | null;
  /** State words: "new", "replied", "paid", "scheduled", "active"… */
  status: string | null;
  /** The record's id where the screen can open it (a quote id, an order id, a service record id; a merged customer's old id). */
  ref: string | null;
};
