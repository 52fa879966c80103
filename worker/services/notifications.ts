import { addressLine, company, delivery, quoteServiceLabels } from "../../schema/business";
import { formatPrice, penceToDecimal } from "../../schema/format";
import type { AppEnv } from "../env";
import { getMailer, type MailMessage, ownerEmail } from "./mail";
import type { OrderWithLines } from "./orders";

/**
 * The transactional e-mails of the shop: the owner hears of every order and quote, the customer gets
 * a receipt once a card payment is confirmed. Built from the business facts in schema/; every value
 * a visitor typed is escaped before it goes into HTML.
 */

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const money = (pence: number) => formatPrice(penceToDecimal(pence));

type Field = [label: string, value: string | null | undefined];

function fieldsText(fields: Field[]): string {
  return fields
    .filter(([, v]) => v)
    .map(([label, v]) => `${label}: ${v}`)
    .join("\n");
}

function fieldsHtml(fields: Field[]): string {
  const rows = fields
    .filter(([, v]) => v)
    .map(
      ([label, v]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-line">${escapeHtml(v ?? "")}</td></tr>`,
    )
    .join("");
  return `<table cellpadding="0" cellspacing="0">${rows}</table>`;
}

function linesText(order: OrderWithLines): string {
  const lines = order.lines.map((l) => `${l.quantity} × ${l.name} (${l.brand}) @ ${money(l.unitPricePence)}`);
  return [...lines, `Total: ${money(order.totalPence)}`].join("\n");
}

function linesHtml(order: OrderWithLines): string {
  const rows = order.lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 12px 4px 0">${l.quantity} ×</td><td style="padding:4px 12px 4px 0">${escapeHtml(l.name)} <span style="color:#555">(${escapeHtml(l.brand)})</span></td><td align="right">${money(l.unitPricePence * l.quantity)}</td></tr>`,
    )
    .join("");
  return `<table cellpadding="0" cellspacing="0" style="border-collapse:collapse">${rows}<tr><th colspan="2" align="left" style="padding-top:8px">Total</th><th align="right" style="padding-top:8px">${money(order.totalPence)}</th></tr></table>`;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5"><h1 style="color:#0b3b66;font-size:20px">${escapeHtml(title)}</h1>${body}<p style="color:#555;font-size:13px">${escapeHtml(company.name)} · ${escapeHtml(addressLine)} · ${escapeHtml(company.phone)}</p></body></html>`;

const customerFields = (order: OrderWithLines): Field[] => [
  ["Order ID", order.id],
  ["Name", order.customerName],
  ["E-mail", order.customerEmail],
  ["Phone", order.customerPhone],
  ["Delivery address", order.shippingAddress],
  ["Notes", order.notes],
];

/** To the owner when the checkout form places an order (to be paid on delivery or by invoice). */
export function orderPlacedMail(env: AppEnv, order: OrderWithLines): MailMessage {
  const title = `New order ${order.id}: ${money(order.totalPence)}`;
  const intro = "A customer placed an order through the checkout form. Please contact them to confirm delivery and payment.";
  const fields = customerFields(order);
  return {
    kind: "order",
    to: ownerEmail(env, company.email),
    subject: `${title} from ${order.customerName ?? "a customer"}`,
    text: `${intro}\n\n${fieldsText(fields)}\n\n${linesText(order)}`,
    html: page(title, `<p>${escapeHtml(intro)}</p>${fieldsHtml(fields)}<h2 style="font-size:16px">Items</h2>${linesHtml(order)}`),
  };
}

/** To the owner once Stripe confirms a card payment: the order is paid and ready to dispatch. */
export function cardOrderPaidMail(env: AppEnv, order: OrderWithLines): MailMessage {
  const title = `Paid card order ${order.id}: ${money(order.totalPence)}`;
  const intro = "Stripe confirmed the card payment for this order. It is ready to arrange delivery.";
  const fields = customerFields(order);
  return {
    kind: "order",
    to: ownerEmail(env, company.email),
    subject: title,
    text: `${intro}\n\n${fieldsText(fields)}\n\n${linesText(order)}`,
    html: page(title, `<p>${escapeHtml(intro)}</p>${fieldsHtml(fields)}<h2 style="font-size:16px">Items</h2>${linesHtml(order)}`),
  };
}

/** To the customer, once, when their card payment is confirmed. */
export function receiptMail(order: OrderWithLines & { customerEmail: string }): MailMessage {
  const title = `Your receipt for order ${order.id}`;
  const thanks = `Thank you${order.customerName ? `, ${order.customerName}` : ""}. We have received your payment of ${money(order.totalPence)}.`;
  const next = `${delivery.terms[2]}. If you have any questions, call us on ${company.phone} or reply to ${company.email}.`;
  return {
    kind: "receipt",
    to: order.customerEmail,
    subject: `${company.name}: receipt for order ${order.id}`,
    text: `${thanks}\n\n${linesText(order)}\n\n${fieldsText([["Delivery address", order.shippingAddress]])}\n\n${next}`,
    html: page(
      title,
      `<p>${escapeHtml(thanks)}</p>${linesHtml(order)}${fieldsHtml([["Delivery address", order.shippingAddress]])}<p>${escapeHtml(next)}</p>`,
    ),
  };
}

/** Once a card payment is confirmed: the customer's receipt (when Stripe gave an e-mail) and the owner's note. */
export function cardPaymentMails(env: AppEnv, order: OrderWithLines): MailMessage[] {
  const { customerEmail } = order;
  return [...(customerEmail ? [receiptMail({ ...order, customerEmail })] : []), cardOrderPaidMail(env, order)];
}

export type QuoteForMail = {
  id: number;
  name: string;
  phone: string;
  email: string;
  postcode: string;
  service: keyof typeof quoteServiceLabels;
  message: string | null;
};

/** To the owner for every quote request (the promise is a reply within 2 hours). */
export function quoteReceivedMail(env: AppEnv, quote: QuoteForMail): MailMessage {
  const service = quoteServiceLabels[quote.service];
  const title = `New quote request: ${service}`;
  const intro = `Reply within ${company.quoteResponseHours} hours during business hours, as the website promises.`;
  const fields: Field[] = [
    ["Name", quote.name],
    ["Phone", quote.phone],
    ["E-mail", quote.email],
    ["Postcode", quote.postcode],
    ["Service", service],
    ["Message", quote.message],
  ];
  return {
    kind: "quote",
    to: ownerEmail(env, company.email),
    subject: `${title} from ${quote.name} (${quote.postcode})`,
    text: `${intro}\n\n${fieldsText(fields)}`,
    html: page(title, `<p>${escapeHtml(intro)}</p>${fieldsHtml(fields)}`),
  };
}

/**
 * Sends after the response (waitUntil): a slow or failing mail provider never fails an order or a
 * quote that is already stored. Failures are logged for the owner to see in the Worker logs.
 */
export function sendInBackground(ctx: { waitUntil(p: Promise<unknown>): void }, env: AppEnv, ...messages: MailMessage[]) {
  const mailer = getMailer(env);
  for (const message of messages) {
    ctx.waitUntil(
      mailer.send(message).catch((error: unknown) => {
        console.error(JSON.stringify({ mail: message.kind, to: message.to, subject: message.subject, error: String(error) }));
      }),
    );
  }
}
