import { html } from "hono/html";
import { allEnquiryServiceLabels, company, delivery, type EnquiryService } from "../../../schema/business";
import { formatPence } from "../../../schema/format";
import { factsNow } from "../settings/business-facts";
import type { LowStockProduct, OrderWithLines } from "../shop/orders";
import { orderConfirmationMail } from "./customer-emails";
import { type Field, fieldsBlock, fieldsText, mailParts, say } from "./layout";
import { orderLines } from "./order-lines";
import type { MailMessage } from "./types";

/**
 * The shop's transactional e-mails: the owner hears of every order and quote, the customer gets a
 * receipt once a card payment is confirmed. Every value a visitor typed is escaped by the template.
 */

const customerFields = (order: OrderWithLines): Field[] => [
  ["Order ID", order.id],
  ["Name", order.customerName],
  ["E-mail", order.customerEmail],
  ["Phone", order.customerPhone],
  ["Delivery address", order.shippingAddress],
  ["Notes", order.notes],
];

/** An e-mail to the owner about one order. */
function ownerOrderMail(to: string, order: OrderWithLines, title: string, subject: string, intro: string): MailMessage {
  const fields = customerFields(order);
  const lines = orderLines(order);
  return {
    kind: "order",
    to,
    subject,
    ...mailParts(title, [
      say(intro),
      fieldsBlock(fields),
      { text: lines.text, html: html`<h2 style="font-size:16px">Items</h2>${lines.html}` },
    ]),
  };
}

/** To the owner when the checkout form places an order (to be paid on delivery or by invoice). */
export function orderPlacedMail(to: string, order: OrderWithLines): MailMessage {
  const title = `New order ${order.id}: ${formatPence(order.totalPence)}`;
  return ownerOrderMail(
    to,
    order,
    title,
    `${title} from ${order.customerName ?? "a customer"}`,
    "A customer placed an order through the checkout form. Please contact them to confirm delivery and payment.",
  );
}

/** To the owner once Stripe confirms a card payment: the order is paid and ready to dispatch. */
export function cardOrderPaidMail(to: string, order: OrderWithLines): MailMessage {
  const title = `Paid card order ${order.id}: ${formatPence(order.totalPence)}`;
  return ownerOrderMail(
    to,
    order,
    title,
    title,
    "Stripe confirmed the card payment for this order. It is ready to arrange delivery.",
  );
}

/** To the customer, once, when their card payment is confirmed. */
export function receiptMail(order: OrderWithLines & { customerEmail: string }): MailMessage {
  const title = `Your receipt for order ${order.id}`;
  const thanks = `Thank you${order.customerName ? `, ${order.customerName}` : ""}. We have received your payment of ${formatPence(order.totalPence)}.`;
  const next = `${delivery.terms[2]}. If you have any questions, call us on ${factsNow().phone} or reply to ${factsNow().email}.`;
  const address: Field[] = [["Delivery address", order.shippingAddress]];
  return {
    kind: "receipt",
    to: order.customerEmail,
    subject: `${company.name}: receipt for order ${order.id}`,
    ...mailParts(title, [say(thanks), orderLines(order), fieldsBlock(address), say(next)]),
  };
}

/** Once a card payment is confirmed: the customer's receipt (when Stripe gave an e-mail) and the owner's note. */
export function cardPaymentMails(ownerEmail: string, order: OrderWithLines): MailMessage[] {
  const { customerEmail } = order;
  return [...(customerEmail ? [receiptMail({ ...order, customerEmail })] : []), cardOrderPaidMail(ownerEmail, order)];
}

export type EnquiryForMail = {
  id: number;
  name: string;
  phone: string;
  email: string;
  postcode: string;
  service: EnquiryService;
  message: string | null;
  /** Why it was triaged urgent on arrival, if it was. */
  urgentReason?: string | null;
};

/** To the owner for every quote request (the promise is a reply within 2 hours). */
export function enquiryReceivedMail(to: string, enquiry: EnquiryForMail): MailMessage {
  const service = allEnquiryServiceLabels[enquiry.service];
  const urgent = enquiry.urgentReason ?? null;
  const title = urgent ? `URGENT: ${urgent}` : `New quote request: ${service}`;
  const intro = urgent
    ? `This request says something dangerous (${urgent.toLowerCase()}). Ring them now${enquiry.phone ? ` on ${enquiry.phone}` : ""}: if gas is escaping, tell them to turn it off at the meter and call the National Gas Emergency line, 0800 111 999.`
    : `Reply within ${company.enquiryResponseHours} hours during business hours, as the website promises.`;
  const fields: Field[] = [
    ...(urgent ? ([["Why urgent", urgent]] as Field[]) : []),
    ["Name", enquiry.name],
    // A call back from the chat has a phone number or an e-mail address, and no postcode.
    ["Phone", enquiry.phone || null],
    ["E-mail", enquiry.email || null],
    ["Postcode", enquiry.postcode || null],
    ["Service", service],
    ["Message", enquiry.message],
  ];
  return {
    kind: "quote",
    to,
    subject: `${title} from ${enquiry.name}${enquiry.postcode ? ` (${enquiry.postcode})` : ""}${urgent ? ` ${enquiry.phone}` : ""}`,
    ...mailParts(title, [say(intro), fieldsBlock(fields)]),
  };
}

/** To the owner when sales take counted products to their low-stock level (once per product until restocked). */
export function lowStockMail(
  to: string,
  items: { name: string; stockQuantity: number | null; lowStockThreshold: number }[],
): MailMessage {
  const title = items.length === 1 ? `Low stock: ${items[0]!.name}` : `Low stock: ${items.length} products`;
  const intro = "These parts have reached their low-stock level. Reorder them, or change their count in the back office.";
  const fields: Field[] = items.map((item) => [item.name, `${item.stockQuantity ?? 0} left (low at ${item.lowStockThreshold})`]);
  // Product names are long: they take the wrapping column, the counts the narrow one.
  const table = html`<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 16px">${fields.map(
    ([name, count]) =>
      html`<tr><td style="padding:4px 12px 4px 0;vertical-align:top;overflow-wrap:anywhere;font-weight:bold">${name}</td><td align="right" style="padding:4px 0;vertical-align:top;white-space:nowrap">${count}</td></tr>`,
  )}</table>`;
  return {
    kind: "other",
    to,
    subject: title,
    ...mailParts(title, [say(intro), { text: fieldsText(fields), html: table }]),
  };
}

/**
 * Everything a checkout-form order sends: the customer's confirmation, the owner's notice, and a
 * low-stock note if it took any part there.
 */
export function orderPlacedMails(ownerEmail: string, order: OrderWithLines, lowStock: LowStockProduct[]): MailMessage[] {
  const { customerEmail } = order;
  return [
    ...(customerEmail ? [orderConfirmationMail({ ...order, customerEmail })] : []),
    orderPlacedMail(ownerEmail, order),
    ...(lowStock.length > 0 ? [lowStockMail(ownerEmail, lowStock)] : []),
  ];
}
