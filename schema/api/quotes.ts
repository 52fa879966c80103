import { QUOTE_REQUIRED_MESSAGE } from "./constants";
import { optionalText, ukPostcode } from "./fields";
import { adminListQuerySchema } from "./lists";
import { z } from "./z";

export { QUOTE_REQUIRED_MESSAGE };

import { quoteServiceLabels } from "../business";

/** The toast for missing required fields, used as the API's message for them too. */

/** The five service values (the D1 column's enum is the same list). */
export const quoteServiceValues = Object.keys(quoteServiceLabels) as [
  keyof typeof quoteServiceLabels,
  ...(keyof typeof quoteServiceLabels)[],
];

const required = () => z.string({ error: QUOTE_REQUIRED_MESSAGE }).trim().min(1, QUOTE_REQUIRED_MESSAGE);

/** POST /api/quotes. */
export const quoteRequestSchema = z.object({
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
  postcode: ukPostcode(QUOTE_REQUIRED_MESSAGE),
  service: z.enum(quoteServiceValues, {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? QUOTE_REQUIRED_MESSAGE : "Please choose one of the listed services",
  }),
  message: z
    .string({ error: "Your message must be text" })
    .trim()
    .max(2000, "Please keep your message under 2000 characters")
    .nullish()
    .transform((m) => m || null),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** 201 answer of POST /api/quotes (no id: sequential ids would tell anyone how many quotes arrive). */
export type QuoteCreated = { createdAt: string; message: string };

/** Stored quote: `isRead` is the string 'true' once read, `repliedAt` set when replied. */
export type AdminQuote = {
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
  visits: QuoteVisit[];
};

export type QuoteVisit = { id: number; serviceType: string; status: string; serviceDate: string; visitStart: string | null };

export const quoteStates = ["new", "pending", "replied"] as const;

export const quoteListQuerySchema = adminListQuerySchema.extend({
  state: z.enum(quoteStates, { error: "The state must be new, pending or replied" }).optional(),
});

export type QuoteCounts = { new: number; pending: number; replied: number; all: number; urgent: number };

export const quoteNotesSchema = z.object({ notes: optionalText("The notes", 2000) });

export const quoteIdsSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: "Choose the quotes" })
    .min(1, "Choose the quotes")
    .max(500, "At most 500 quotes at a time"),
});

/** POST /api/admin/quotes/replied and /unreplied: the quotes changed (for the Undo). */
export type QuotesChanged = { ids: number[] };
