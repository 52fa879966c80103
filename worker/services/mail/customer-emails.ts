import { html } from "hono/html";
import { allEnquiryServiceLabels, company, delivery, type EnquiryService } from "../../../schema/business";
import { type BusinessFacts, openingHoursLine } from "../../../schema/facts";
import { DAY_NAMES, londonWallTime, WEEKDAYS } from "../../../schema/london-time";
import { firstNameOf } from "../../../schema/names";
import { orderNumberText } from "../../../schema/numbers";
import { factsNow } from "../settings/business-facts";
import type { OrderWithLines } from "../shop/orders";
import { type Field, fieldsBlock, mailParts, ORANGE, say } from "./layout";
import { orderLines } from "./order-lines";
import type { MailMessage } from "./types";

/**
 * What the customer hears from the business: every step of an order, and an acknowledgement of a
 * quote request. Plain text and HTML, every value escaped by the template.
 */

const reference = (order: OrderWithLines) => orderNumberText(order.number) ?? order.id;
const hello = (name: string | null) => `Hello${name ? ` ${firstNameOf(name)}` : ""},`;
const questions = () => `Questions? Call us on ${factsNow().phone} or reply to ${factsNow().email}, quoting your order number.`;

function orderMail(
  order: OrderWithLines & { customerEmail: string },
  subject: string,
  title: string,
  says: string[],
  extra: Field[] = [],
): MailMessage {
  const fields: Field[] = [["Order number", reference(order)], ...extra, ["Delivery address", order.shippingAddress]];
  return {
    kind: "order",
    to: order.customerEmail,
    subject: `${company.shortName}: ${subject}`,
    ...mailParts(title, [
      say(hello(order.customerName)),
      ...says.map(say),
      fieldsBlock(fields),
      orderLines(order),
      say(questions()),
    ]),
  };
}

/** Right after a checkout-form order: what was ordered, where it goes, and what happens next. */
export function orderConfirmationMail(order: OrderWithLines & { customerEmail: string }): MailMessage {
  return orderMail(order, `we've got your order ${reference(order)}`, "Thank you for your order", [
    `We've received your order ${reference(order)}. Nothing has been charged: you pay on delivery or by invoice.`,
    `What happens next: we'll call you within one working day to confirm the order and arrange a delivery date and time. ${delivery.terms[0]}.`,
  ]);
}

/** The owner confirmed the order. */
export function orderConfirmedMail(order: OrderWithLines & { customerEmail: string }): MailMessage {
  return orderMail(order, `order ${reference(order)} is confirmed`, "Your order is confirmed", [
    `Good news: your order ${reference(order)} is confirmed and being prepared. We'll let you know when it is on its way.`,
  ]);
}

/** The order left the workshop, with the courier and tracking reference when the owner gave them. */
export function orderDispatchedMail(order: OrderWithLines & { customerEmail: string }): MailMessage {
  const tracking: Field[] = [
    ["Courier", order.courier],
    ["Tracking reference", order.trackingReference],
  ];
  const how = order.courier ? ` with ${order.courier}` : "";
  return orderMail(
    order,
    `order ${reference(order)} is on its way`,
    "Your order is on its way",
    [
      `Your order ${reference(order)} has been dispatched${how}.${order.trackingReference ? " You can follow it with the tracking reference below." : ""}`,
    ],
    tracking,
  );
}

/** The order was cancelled (by the owner, or a card payment that never completed). */
export function orderCancelledMail(order: OrderWithLines & { customerEmail: string }): MailMessage {
  const paid = order.paymentStatus === "paid";
  return orderMail(order, `order ${reference(order)} is cancelled`, "Your order has been cancelled", [
    `Your order ${reference(order)} has been cancelled.`,
    paid
      ? "You paid by card: the full amount will be refunded to the same card, which usually takes 5 to 10 working days."
      : "Nothing was charged. If this is a surprise, please call us and we'll sort it out.",
  ]);
}

/** The customer's e-mail for a fulfilment step the owner just took (none for the others). */
export function fulfilmentMail(order: OrderWithLines): MailMessage | null {
  const { customerEmail } = order;
  if (!customerEmail) return null;
  const withEmail = { ...order, customerEmail };
  switch (order.fulfilmentStatus) {
    case "confirmed":
      return orderConfirmedMail(withEmail);
    case "dispatched":
      return orderDispatchedMail(withEmail);
    case "cancelled":
      return orderCancelledMail(withEmail);
    default:
      return null;
  }
}

const hoursLine = () => openingHoursLine(factsNow());

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hoursOn = (facts: BusinessFacts, day: number) =>
  day === 0 ? facts.openingHours.sunday : day === 6 ? facts.openingHours.saturday : facts.openingHours.weekdays;

/**
 * The promised call-back, in words the customer can plan by: within two hours when the office is
 * open, else the next opening time (UK time, from the owner's opening hours).
 */
export function whenWeWillCall(at: Date, facts: BusinessFacts = factsNow()): string {
  const wall = londonWallTime(at);
  const today = WEEKDAYS.indexOf(wall.weekday);
  const now = wall.hour * 60 + wall.minute;
  const open = hoursOn(facts, today);
  if (open && now >= minutes(open.opens) && now < minutes(open.closes))
    return `We'll call you within ${company.enquiryResponseHours} hours.`;
  // The next opening: later today, or the next day with hours.
  for (let ahead = 0; ahead < 8; ahead++) {
    const day = (today + ahead) % 7;
    const hours = hoursOn(facts, day);
    if (!hours || (ahead === 0 && now >= minutes(hours.opens))) continue;
    const when = ahead === 0 ? "this morning" : ahead === 1 ? "tomorrow morning" : `on ${DAY_NAMES[day]} morning`;
    const opens = hours.opens.replace(/^0/, "");
    return `Our office is closed now, so we'll call you ${when} when we open at ${opens}.`;
  }
  return `We'll call you as soon as we can.`;
}

export type EnquiryForCustomer = {
  name: string;
  email: string;
  phone: string;
  postcode: string;
  service: EnquiryService;
  message: string | null;
};

/** To the person asking for a quote, at once: what they asked, when we'll call, and the emergency number. */
export function enquiryAcknowledgementMail(enquiry: EnquiryForCustomer, at = new Date()): MailMessage {
  const title = "Thanks, we've got your request";
  const callBack = enquiry.service === "call-back";
  const asked = callBack ? "Thank you for asking us to get back to you." : "Thank you for asking us for a quote.";
  const when =
    callBack && !enquiry.phone
      ? `We'll reply by e-mail within ${company.enquiryResponseHours} hours during opening hours.`
      : whenWeWillCall(at);
  const emergency = `A heating emergency? Don't wait for us to call: ring our 24/7 emergency line on ${factsNow().emergencyPhone}. If you smell gas, leave the property and call the National Gas Emergency Service on 0800 111 999.`;
  const fields: Field[] = [
    ["Service", allEnquiryServiceLabels[enquiry.service]],
    ["Phone", enquiry.phone || null],
    ["Postcode", enquiry.postcode || null],
    ["Your message", enquiry.message],
  ];
  return {
    kind: "quote",
    to: enquiry.email,
    subject: `${company.shortName}: we've got your ${callBack ? "message" : "quote request"}`,
    ...mailParts(title, [
      say(hello(enquiry.name)),
      say(`${asked} ${when}`),
      fieldsBlock(fields),
      say(`Opening hours: ${hoursLine()}.`),
      {
        text: emergency,
        html: html`<p style="margin:0 0 16px;padding:12px 16px;background:#fff4ec;border-left:4px solid ${ORANGE};border-radius:6px">${emergency}</p>`,
      },
    ]),
  };
}
