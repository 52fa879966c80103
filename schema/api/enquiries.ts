import { ENQUIRY_REQUIRED_MESSAGE } from "./constants";
import { optionalText, ukPostcode } from "./fields";
import { adminListQuerySchema } from "./lists";
import { z } from "./z";

export { ENQUIRY_REQUIRED_MESSAGE as QUOTE_REQUIRED_MESSAGE };

import { enquiryServiceLabels } from "../business";

/** The toast for missing required fields, used as the API's message for them too. */

/** The five service values (the D1 column's enum is the same list). */
export const enquiryServiceValues = Object.keys(enquiryServiceLabels) as [
  keyof typeof enquiryServiceLabels,
  ...(keyof typeof enquiryServiceLabels)[],
];

const required = () => z.string({ error: ENQUIRY_REQUIRED_MESSAGE }).trim().min(1, ENQUIRY_REQUIRED_MESSAGE);

/** POST /api/quotes. */
export const enquirySchema = z.object({
  name: required().pipe(z.string().max(100, "Please keep your name under 100 characters")),
  phone: required().pipe(
    z
      .string()
      .min(10, "Please enter a valid phone number")
      .max(20, "Please enter a valid phone number")
      .regex(/^\+?[0-9 ()-]+$/, "Please enter a valid phone number"),
  ),
  email: required()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address")),
  postcode: ukPostcode(ENQUIRY_REQUIRED_MESSAGE),
  service: z.enum(enquiryServiceValues, {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? ENQUIRY_REQUIRED_MESSAGE : "Please choose one of the listed services",
  }),
  message: z
    .string({ error: "Your message must be text" })
    .trim()
    .max(2000, "Please keep your message under 2000 characters")
    .nullish()
    .transform((m) => m || null),
});
export type Enquiry = z.input<typeof enquirySchema>;

/** 201 answer of POST /api/quotes (no id: sequential ids would tell anyone how many quotes arrive). */
export type EnquiryCreated = { createdAt: string; message: string };

/** Stored quote: `isRead` is the string 'true' once read, `repliedAt` set when replied. */
export type AdminEnquiry = {
  id: number;
  name: string;
  phone: string;
  email: string;
  postcode: string;
  service: string;
  message: string | null;
  createdAt: string;
  isRead: "true" | "false";
  repliedAt: string | null;
  /** The owner's own notes. */
  notes: string | null;
  /** A call back asked for in the chat: its conversation (GET /api/admin/chats?session=…). */
  chatSessionId: string | null;
  /** Why it was triaged urgent on arrival ("Smell of gas"), or null. */
  urgentReason: string | null;
  /** The customer on file with this request's e-mail address, if there is one. */
  customerId: number | null;
  /** The visits booked from this request, soonest first. */
  visits: EnquiryVisit[];
};

export type EnquiryVisit = { id: number; serviceType: string; status: string; serviceDate: string; visitStart: string | null };

export const enquiryStates = ["new", "pending", "replied"] as const;

export const enquiryListQuerySchema = adminListQuerySchema.extend({
  state: z.enum(enquiryStates, { error: "The state must be new, pending or replied" }).optional(),
});

export type EnquiryCounts = { new: number; pending: number; replied: number; all: number; urgent: number };

export const enquiryNotesSchema = z.object({ notes: optionalText("The notes", 2000) });

export const enquiryIdsSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: "Choose the quotes" })
    .min(1, "Choose the quotes")
    .max(500, "At most 500 quotes at a time"),
});

/** POST /api/admin/quotes/replied and /unreplied: the quotes changed (for the Undo). */
export type EnquiriesChanged = { ids: number[] };
