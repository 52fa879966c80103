import type { TemplateSample } from "../../../schema/api/mail-templates";
import { addDays, londonToday } from "../../../schema/london-time";
import type { OrderWithLines } from "../shop/orders";
import {
  type BookingForMail,
  bookingCancelledMail,
  bookingConfirmedMail,
  bookingMovedMail,
  ownerBookingMail,
  tenantBookedMail,
} from "./booking-emails";
import { prepareCampaignTemplate } from "./campaign-email";
import {
  enquiryAcknowledgementMail,
  orderCancelledMail,
  orderConfirmationMail,
  orderConfirmedMail,
  orderDispatchedMail,
} from "./customer-emails";
import { reminderMail } from "./reminder-emails";
import { signInAttackMail } from "./security-emails";
import { cardOrderPaidMail, enquiryReceivedMail, lowStockMail, orderPlacedMail, receiptMail } from "./shop-emails";
import { alreadySubscribedMail, signupConfirmationMail } from "./signup-emails";
import { teamInviteMail } from "./team-emails";

export type { TemplateSample };

const CUSTOMER = "siobhan.oneill@example.com";
const OWNER = "office@example-heating.co.uk";

const day = (plusDays: number, at = Date.now()) => addDays(londonToday(at), plusDays);
/** A visit at 09:00 UTC (10:00 or 09:00 in the UK) `plusDays` from now. */
const visit = (plusDays: number, hours = 1) => {
  const start = Date.parse(`${day(plusDays)}T09:00:00Z`);
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + hours * 3_600_000).toISOString() };
};

function sampleOrder(overrides: Partial<OrderWithLines> = {}): OrderWithLines & { customerEmail: string } {
  const now = new Date().toISOString();
  return {
    id: "ord_k3v9q2m7x4p8r1t6w5y2z3a4",
    sessionId: "session_sample",
    customerName: "Siobhán O'Neill",
    customerEmail: CUSTOMER,
    customerPhone: "0161 496 0123",
    shippingAddress: "Flat 4, Wharfside House & Annexe\n12 Trafford Wharf Road\nStretford, Manchester M17 1AB",
    notes: "Please leave with the concierge if we're out <ground floor>",
    totalPence: 27_497,
    paymentMethod: "order_form",
    paymentStatus: "pending",
    fulfilmentStatus: "new",
    stripeSessionId: null,
    paidAt: null,
    number: 10_042,
    courier: null,
    trackingReference: null,
    stockState: "none",
    holdExpiresAt: null,
    createdAt: now,
    updatedAt: now,
    lines: [
      {
        id: 1,
        orderId: "ord_k3v9q2m7x4p8r1t6w5y2z3a4",
        productId: 12,
        name: "Worcester Bosch Greenstar 30i Main PCB (87483002930)",
        brand: "Worcester Bosch",
        image: null,
        unitPricePence: 18_999,
        quantity: 1,
      },
      {
        id: 2,
        orderId: "ord_k3v9q2m7x4p8r1t6w5y2z3a4",
        productId: 31,
        name: "Vaillant ecoTEC Plus Fan Assembly",
        brand: "Vaillant",
        image: null,
        unitPricePence: 4_249,
        quantity: 2,
      },
    ],
    ...overrides,
  } as OrderWithLines & { customerEmail: string };
}

const booking = (plusDays = 9): BookingForMail => ({
  reference: "BK-7Q4M2",
  service: "annual-service",
  ...visit(plusDays),
  name: "Siobhán O'Neill",
  email: CUSTOMER,
  phone: "0161 496 0123",
  address: "27 Kingsway Park & Mews, Urmston",
  postcode: "M41 7FN",
  notes: "Side gate code 4821 <the boiler is in the loft>",
  linkVersion: 1,
});

const enquiry = {
  id: 318,
  name: "Siobhán O'Neill",
  email: CUSTOMER,
  phone: "0161 496 0123",
  postcode: "M41 7FN",
  service: "boiler-repair" as const,
  message: "Boiler's < 10 years old & keeps losing pressure; the pressure gauge drops to 0.5 bar overnight.",
};

const callBack = {
  ...enquiry,
  id: 319,
  phone: "",
  postcode: "",
  service: "call-back" as const,
  message: "Radiators upstairs stay cold after bleeding them",
};

type Entry = Omit<TemplateSample, "html" | "text" | "subject" | "to"> & {
  /** The template function this entry shows (the test checks that every template has an entry). */
  template: (...args: never[]) => unknown;
  render: () =>
    | { to?: string; subject: string; html: string; text: string }
    | Promise<{ subject: string; html: string; text: string }>;
};

/** The gallery's entries in the order the screen lists them: customers' mails by journey, then the owner's. */
function entries(siteUrl: string): Entry[] {
  const link = (path: string) => `${siteUrl}${path}`;
  const token = "eyJjIjoxMjMsImUiOjE3OTk5OTk5OTl9.c2lnbmF0dXJlLXNhbXBsZQ";
  const optOut = {
    optOutUrl: link(`/reminders/opt-out?token=${token}`),
    optOutHeaders: {
      "List-Unsubscribe": `<${link(`/api/reminders/opt-out?token=${token}`)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
  const reminder = (kind: "service" | "gas_safety" | "gas_safety_final", dueIn: number) =>
    reminderMail({
      to: CUSTOMER,
      firstName: "Siobhán",
      kind,
      dueDate: day(dueIn),
      equipment: kind === "service" ? "Worcester Bosch Greenstar 30i" : null,
      bookUrl: link(`/book?service=${kind === "service" ? "annual-service" : "gas-safety"}&postcode=M41+7FN`),
      ...optOut,
    });
  const ics = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";
  const manage = link(`/book/manage?token=${token}`);
  const moved = booking(12);
  return [
    {
      kind: "campaign",
      label: "Campaign (deals and tips)",
      audience: "customer",
      template: prepareCampaignTemplate,
      render: async () =>
        (
          await prepareCampaignTemplate({
            subject: "Winter boiler check: £20 off until 31 January",
            title: "Is your boiler ready for winter?",
            content:
              "<p>Cold snaps are when boilers give up. A check now costs less than a call-out in January.</p><ul><li>Full service by a Gas Safe registered engineer</li><li>Carbon monoxide and flue checks</li><li>Pressure & radiator balancing</li></ul>",
            offer: "£20 off any annual service booked before 31 January",
            ctaText: "Book my service",
            ctaLink: link("/book?service=annual-service"),
          })
        )({ unsubscribeUrl: link(`/unsubscribe?token=${token}`) }),
    },
    {
      kind: "signup-confirmation",
      label: "Sign-up: confirm your address",
      audience: "customer",
      template: signupConfirmationMail,
      render: () => signupConfirmationMail(CUSTOMER, link(`/confirm-subscription?token=${token}`)),
    },
    {
      kind: "signup-already-subscribed",
      label: "Sign-up: already on the list",
      audience: "customer",
      template: alreadySubscribedMail,
      render: () => alreadySubscribedMail(CUSTOMER, link(`/unsubscribe?token=${token}`)),
    },
    {
      kind: "order-confirmation",
      label: "Order: received (checkout form)",
      audience: "customer",
      template: orderConfirmationMail,
      render: () => orderConfirmationMail(sampleOrder()),
    },
    {
      kind: "order-receipt",
      label: "Order: card payment receipt",
      audience: "customer",
      template: receiptMail,
      render: () => receiptMail(sampleOrder({ paymentMethod: "card", paymentStatus: "paid" })),
    },
    {
      kind: "order-confirmed",
      label: "Order: confirmed by you",
      audience: "customer",
      template: orderConfirmedMail,
      render: () => orderConfirmedMail(sampleOrder({ fulfilmentStatus: "confirmed" })),
    },
    {
      kind: "order-dispatched",
      label: "Order: dispatched",
      audience: "customer",
      template: orderDispatchedMail,
      render: () =>
        orderDispatchedMail(
          sampleOrder({ fulfilmentStatus: "dispatched", courier: "DPD", trackingReference: "15501234567890123456" }),
        ),
    },
    {
      kind: "order-cancelled",
      label: "Order: cancelled",
      audience: "customer",
      template: orderCancelledMail,
      render: () => orderCancelledMail(sampleOrder({ fulfilmentStatus: "cancelled" })),
    },
    {
      kind: "quote-acknowledgement",
      label: "Quote request: acknowledgement",
      audience: "customer",
      template: enquiryAcknowledgementMail,
      render: () => enquiryAcknowledgementMail(enquiry),
    },
    {
      kind: "call-back-acknowledgement",
      label: "Chat hand-over: acknowledgement",
      audience: "customer",
      template: enquiryAcknowledgementMail,
      render: () => enquiryAcknowledgementMail(callBack),
    },
    {
      kind: "reminder-service",
      label: "Reminder: annual service",
      audience: "customer",
      template: reminderMail,
      render: () => reminder("service", 28),
    },
    {
      kind: "reminder-gas-safety",
      label: "Reminder: landlord gas safety (CP12)",
      audience: "customer",
      template: reminderMail,
      render: () => reminder("gas_safety", 28),
    },
    {
      kind: "reminder-gas-safety-final",
      label: "Reminder: landlord gas safety, final",
      audience: "customer",
      template: reminderMail,
      render: () => reminder("gas_safety_final", 6),
    },
    {
      kind: "booking-confirmed",
      label: "Booking: confirmed",
      audience: "customer",
      template: bookingConfirmedMail,
      render: () => bookingConfirmedMail(booking(), manage, ics),
    },
    {
      kind: "booking-moved",
      label: "Booking: moved",
      audience: "customer",
      template: bookingMovedMail,
      render: () => bookingMovedMail(moved, manage, ics),
    },
    {
      kind: "booking-cancelled",
      label: "Booking: cancelled",
      audience: "customer",
      template: bookingCancelledMail,
      render: () => bookingCancelledMail(booking()),
    },
    {
      kind: "booking-tenant-booked",
      label: "Booking: made by the tenant (to the landlord)",
      audience: "customer",
      template: tenantBookedMail,
      render: () => tenantBookedMail({ email: "landlord@example.com", name: "Lena Landlord" }, booking()),
    },
    {
      kind: "owner-order-placed",
      label: "New order (checkout form)",
      audience: "owner",
      template: orderPlacedMail,
      render: () => orderPlacedMail(OWNER, sampleOrder()),
    },
    {
      kind: "owner-card-order-paid",
      label: "Card order paid",
      audience: "owner",
      template: cardOrderPaidMail,
      render: () => cardOrderPaidMail(OWNER, sampleOrder({ paymentMethod: "card", paymentStatus: "paid" })),
    },
    {
      kind: "owner-low-stock",
      label: "Low stock",
      audience: "owner",
      template: lowStockMail,
      render: () =>
        lowStockMail(OWNER, [
          { name: "Worcester Bosch Greenstar 30i Main PCB (87483002930)", stockQuantity: 1, lowStockThreshold: 2 },
          { name: "Vaillant ecoTEC Plus Fan Assembly", stockQuantity: 0, lowStockThreshold: 3 },
        ]),
    },
    {
      kind: "owner-quote-received",
      label: "New quote request",
      audience: "owner",
      template: enquiryReceivedMail,
      render: () => enquiryReceivedMail(OWNER, enquiry),
    },
    {
      kind: "owner-call-back",
      label: "Call back from the chat",
      audience: "owner",
      template: enquiryReceivedMail,
      render: () => enquiryReceivedMail(OWNER, callBack),
    },
    {
      kind: "owner-booking-new",
      label: "New booking",
      audience: "owner",
      template: ownerBookingMail,
      render: () => ownerBookingMail(OWNER, booking(), "new"),
    },
    {
      kind: "owner-booking-moved",
      label: "Booking moved",
      audience: "owner",
      template: ownerBookingMail,
      render: () => ownerBookingMail(OWNER, moved, "moved", booking()),
    },
    {
      kind: "owner-booking-cancelled",
      label: "Booking cancelled",
      audience: "owner",
      template: ownerBookingMail,
      render: () => ownerBookingMail(OWNER, booking(), "cancelled"),
    },
    {
      kind: "owner-sign-in-attack",
      label: "Back office under attack",
      audience: "owner",
      template: signInAttackMail,
      render: () => signInAttackMail(OWNER, { address: "203.0.113.77", at: "2026-11-25T06:40:00.000Z" }),
    },
    {
      kind: "team-invite",
      label: "Team: invitation to the back office",
      audience: "owner",
      template: teamInviteMail,
      render: () =>
        teamInviteMail(
          "aoife.o'brien@example.com",
          { name: "Aoife O'Brien", username: "aoife.obrien", role: "engineer" },
          link(`/admin/join#${token}`),
          7,
        ),
    },
  ];
}

/** The template functions the gallery shows (for the test that no template is left out). */
export const galleryTemplates = () => new Set(entries("https://example.com").map((e) => e.template));

/**
 * Every e-mail the Worker can send, rendered by its real template with made-up but realistic
 * details (links pointing at `siteUrl`), so the owner can look at each one, and a browser test
 * can measure each at phone width, without placing orders, booking visits or waiting for a
 * reminder. The details include characters a template must escape (an apostrophe, "&", "<").
 */
export async function renderTemplateGallery(siteUrl: string): Promise<TemplateSample[]> {
  const base = siteUrl.replace(/\/+$/, "");
  return Promise.all(
    entries(base).map(async ({ kind, label, audience, render }) => {
      const mail = await render();
      const to = "to" in mail && mail.to ? mail.to : CUSTOMER;
      return { kind, label, audience, to, subject: mail.subject, html: mail.html, text: mail.text };
    }),
  );
}
