import { html } from "hono/html";
import { company } from "../../../schema/business";
import { formatFullDate } from "../../../schema/london-time-text";
import { factsNow } from "../settings/business-facts";
import { action, mailParts, NAVY, say } from "./layout";
import type { MailMessage } from "./types";

export type ReminderMailInput = {
  to: string;
  firstName: string;
  kind: "service" | "gas_safety" | "gas_safety_final";
  dueDate: string;
  equipment: string | null;
  /** The property the check is for (a landlord's let home), when the visit was at one. */
  place?: string | null;
  bookUrl: string;
  optOutUrl: string;
  optOutHeaders: Record<string, string>;
};

const longDate = formatFullDate;

const words = {
  service: {
    subject: (due: string) => `Your boiler service is due on ${due}`,
    title: "Time for your annual boiler service",
    body: (due: string, equipment: string | null) => [
      `Your ${equipment ?? "boiler"} is due its annual service on ${due}. A yearly service keeps it safe, efficient and within its manufacturer's warranty.`,
      "Book a visit at a time that suits you: we'll confirm the day and time with you.",
    ],
  },
  gas_safety: {
    subject: (due: string) => `Your gas safety certificate (CP12) runs out on ${due}`,
    title: "Your landlord gas safety certificate is due",
    body: (due: string, _equipment: string | null, place?: string | null) => [
      `The gas safety certificate (CP12) for ${place ?? "your rental property"} runs out on ${due}. By law, a landlord must have every gas appliance checked by a Gas Safe registered engineer every 12 months and give tenants a copy of the record.`,
      "Book the check now and we'll arrange access with you or your tenants.",
    ],
  },
  gas_safety_final: {
    subject: (due: string) => `Reminder: your gas safety certificate runs out on ${due}`,
    title: "Your gas safety certificate runs out in a few days",
    body: (due: string, _equipment: string | null, place?: string | null) => [
      `We haven't got a visit booked yet, and the gas safety certificate (CP12) for ${place ?? "your rental property"} runs out on ${due}. Letting a property without a valid certificate breaks the Gas Safety (Installation and Use) Regulations.`,
      "Book the check now, or call us and we'll fit you in.",
    ],
  },
} as const;

/** A reminder of a service or gas safety check coming due, with a link to book and one to stop reminders. */
export function reminderMail(input: ReminderMailInput): MailMessage {
  const due = longDate(input.dueDate);
  const w = words[input.kind];
  const body = w.body(due, input.equipment, input.place);
  const stop = "Don't want these reminders? Stop them with one click:";
  return {
    kind: "reminder",
    to: input.to,
    subject: `${company.shortName}: ${w.subject(due)}`,
    headers: input.optOutHeaders,
    ...mailParts(
      w.title,
      [
        say(`Hello ${input.firstName},`),
        ...body.map(say),
        action(input.bookUrl, "Book a visit", "Book:"),
        say(`Or call us on ${factsNow().phone}.`),
      ],
      {
        text: `${stop} ${input.optOutUrl}`,
        html: html`${stop} <a href="${input.optOutUrl}" style="color:${NAVY};font-weight:bold">stop service reminders</a>`,
      },
    ),
  };
}
