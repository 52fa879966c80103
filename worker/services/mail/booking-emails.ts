import { html } from "hono/html";
import { visitLabel } from "../../../schema/api/bookings";
import { company } from "../../../schema/business";
import { formatClock, formatLongDate } from "../../../schema/london-time-text";
import { firstNameOf } from "../../../schema/names";
import { factsNow } from "../settings/business-facts";
import { button, type Field, fieldsBlock, mailParts, paragraph, say } from "./layout";
import type { MailAttachment, MailMessage } from "./types";

/** A booking as its e-mails describe it. */
export type BookingForMail = {
  reference: string;
  /** The online service, or the owner's kind of visit. */
  service: string;
  startsAt: string;
  endsAt: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  postcode: string;
  notes: string | null;
  /** The version of its manage link (bumped to revoke the links given before). */
  linkVersion: number;
};

/** "Tuesday 1 December 2026, 09:00 to 10:00" in UK time. */
export function visitTime(startsAt: string, endsAt: string): string {
  return `${formatLongDate(startsAt)}, ${formatClock(startsAt)} to ${formatClock(endsAt)}`;
}

const first = firstNameOf;

function details(b: BookingForMail): Field[] {
  return [
    ["Reference", b.reference],
    ["Visit", visitLabel(b.service)],
    ["When", visitTime(b.startsAt, b.endsAt)],
    ["Address", [b.address, b.postcode].filter(Boolean).join(", ")],
    ["Phone", b.phone],
    ["Your notes", b.notes],
  ];
}

const MANAGE = "Need to change it? Cancel or move your visit up to 24 hours before it starts:";

function customerMail(
  b: BookingForMail,
  subject: string,
  title: string,
  says: string[],
  manageUrl: string | null,
  attachments?: MailAttachment[],
): MailMessage {
  return {
    kind: "booking",
    to: b.email,
    subject: `${company.shortName}: ${subject}`,
    attachments,
    ...mailParts(title, [
      say(`Hello ${first(b.name)},`),
      ...says.map(say),
      fieldsBlock(details(b)),
      ...(manageUrl
        ? [{ text: `${MANAGE} ${manageUrl}`, html: html`${paragraph(MANAGE)}${button(manageUrl, "Cancel or move my visit")}` }]
        : []),
      say(`Questions? Call us on ${factsNow().phone}.`),
    ]),
  };
}

export const icsAttachment = (content: string): MailAttachment => ({
  name: "visit.ics",
  contentType: "text/calendar; charset=utf-8; method=PUBLISH",
  content,
});

export const bookingConfirmedMail = (b: BookingForMail, manageUrl: string, ics: string) =>
  customerMail(
    b,
    `your visit is booked (${b.reference})`,
    "Your visit is booked",
    [
      `Thank you: your ${visitLabel(b.service).toLowerCase()} is booked for ${visitTime(b.startsAt, b.endsAt)}. A Gas Safe registered engineer will arrive within that time.`,
      "The attached file adds the visit to your calendar.",
    ],
    manageUrl,
    [icsAttachment(ics)],
  );

export const bookingMovedMail = (b: BookingForMail, manageUrl: string, ics: string) =>
  customerMail(
    b,
    `your visit has moved (${b.reference})`,
    "Your visit has moved",
    [`Your visit is now on ${visitTime(b.startsAt, b.endsAt)}. The attached file updates your calendar.`],
    manageUrl,
    [icsAttachment(ics)],
  );

export const bookingCancelledMail = (b: BookingForMail) =>
  customerMail(
    b,
    `your visit is cancelled (${b.reference})`,
    "Your visit is cancelled",
    [`Your visit on ${visitTime(b.startsAt, b.endsAt)} is cancelled. Book another time whenever it suits you.`],
    null,
  );

/** To the owner for every new, moved or cancelled booking. */
export function ownerBookingMail(
  to: string,
  b: BookingForMail,
  change: "new" | "moved" | "cancelled",
  previous?: { startsAt: string; endsAt: string },
): MailMessage {
  const heading = { new: "New booking", moved: "Booking moved", cancelled: "Booking cancelled" }[change];
  const title = `${heading}: ${visitLabel(b.service)}`;
  const fields: Field[] = [
    ["Customer", b.name],
    ["E-mail", b.email],
    ...details(b),
    ...(previous ? ([["Was", visitTime(previous.startsAt, previous.endsAt)]] as Field[]) : []),
  ];
  return {
    kind: "booking",
    to,
    subject: `${title} (${b.reference}), ${visitTime(b.startsAt, b.endsAt)}`,
    ...mailParts(title, [fieldsBlock(fields)]),
  };
}

/**
 * To the landlord when the tenant books the check at the home she lets (she allowed it on her
 * account): what, when and where, and who booked it. The tenant manages the booking; the landlord
 * is told, as the customer and the one the record is for.
 */
export const tenantBookedMail = (landlord: { email: string; name: string }, b: BookingForMail): MailMessage => ({
  kind: "booking",
  to: landlord.email,
  subject: `${company.shortName}: your tenant booked a visit (${b.reference})`,
  ...mailParts("Your tenant booked a visit", [
    say(`Hello ${first(landlord.name)},`),
    say(
      `${b.name} booked your ${visitLabel(b.service)} visit at ${[b.address, b.postcode].filter(Boolean).join(", ")} for ${visitTime(b.startsAt, b.endsAt)}, as your account lets them. They can move or cancel it from their own account; the record comes to you when it is issued.`,
    ),
    fieldsBlock([
      ["Reference", b.reference],
      ["Visit", visitLabel(b.service)],
      ["When", visitTime(b.startsAt, b.endsAt)],
      ["Address", [b.address, b.postcode].filter(Boolean).join(", ")],
      ["Booked by", `${b.name}, ${b.phone}`],
    ]),
    say(`Questions? Call us on ${factsNow().phone}.`),
  ]),
});
