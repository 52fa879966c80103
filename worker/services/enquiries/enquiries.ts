import { and, desc, eq } from "drizzle-orm";
import type * as z from "zod";
import type { enquirySchema } from "../../../schema/api/enquiries";
import { chatMessages, enquiries } from "../../../schema/db";
import { urgentReason } from "../../../schema/triage";
import type { Db } from "../../db/client";

export type EnquiryInput = z.output<typeof enquirySchema>;
export type EnquiryRow = typeof enquiries.$inferSelect;

/** Stores a visitor's quote request, unread, for the admin's New tab, triaged on arrival (schema/triage.ts). */
export async function createEnquiry(db: Db, input: EnquiryInput): Promise<EnquiryRow> {
  const [row] = await db
    .insert(enquiries)
    .values({ ...input, isRead: false, urgentReason: urgentReason(input.message) })
    .returning();
  return row!;
}

/** The chat's hand-over: a "Call back" request with the conversation it came from, unread in the New tab. */
export async function createCallBack(
  db: Db,
  input: {
    sessionId: string;
    name: string;
    phone: string;
    email: string;
    message: string | null;
  },
): Promise<EnquiryRow> {
  // What the visitor said in the chat before asking for a person is triaged with the message.
  const said = await db
    .select({ message: chatMessages.message })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, input.sessionId), eq(chatMessages.sender, "customer")))
    .orderBy(desc(chatMessages.id))
    .limit(20);
  const [row] = await db
    .insert(enquiries)
    .values({
      name: input.name,
      phone: input.phone,
      email: input.email,
      postcode: "",
      service: "call-back",
      message: input.message,
      chatSessionId: input.sessionId,
      isRead: false,
      urgentReason: urgentReason(input.message, ...said.map((m) => m.message)),
    })
    .returning();
  return row!;
}
