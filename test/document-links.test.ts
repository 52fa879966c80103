import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import type { AdminProperty } from "../schema/api/properties";
import type { AdminQuote } from "../schema/api/quotes";
import { type AdminServiceSheet, SERVICE_CHECKS } from "../schema/api/service-sheets";
import { addDays, addMonths, londonToday, londonToUtc } from "../schema/london-time";
import { createBookingToken } from "../worker/lib/booking-token";
import { createDocumentLink } from "../worker/lib/document-link";
import { signToken } from "../worker/lib/signed-token";
import { admin } from "./helpers/admin";
import { createServiceRecord } from "./helpers/factories-admin";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

/**
 * Every public document link can be revoked by the owner (its link version bumped) and ends where
 * its kind says (schema/settings.ts `documentLinks`, worker/services/documents/link-rules.ts).
 */

const NOT_VALID = /not valid/;

/** London noon `days` from today: the clock the Worker reads, moved. */
function travel(days: number) {
  vi.useRealTimers();
  const when = londonToUtc(addDays(londonToday(), days), "12:00").getTime();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(when);
}

afterEach(async () => {
  vi.useRealTimers();
  await query("DELETE FROM settings WHERE key = 'billing'");
});

async function customer() {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `links-${tag}@example.com`;
  const { body } = await admin("POST", "/api/admin/customers", {
    firstName: "Lin",
    lastName: `Links-${tag}`,
    email,
    address: "12 Ash Grove, Stretford",
    postcode: "M32 8BB",
  });
  return { id: body.id as number, email };
}

const tokenOf = (path: string) => path.split("/").pop()!;

describe("quote links", () => {
  async function sentQuote(validUntil?: string) {
    const c = await customer();
    const created = await admin<AdminQuote>("POST", "/api/admin/estimates", {
      customerId: c.id,
      title: "A new radiator",
      ...(validUntil && { validUntil }),
      options: [
        { id: "one", name: "One", lines: [{ id: "rad", description: "Radiator", quantity: 1, unitPence: 30_000, vatRate: 20 }] },
      ],
      deposit: { kind: "percent", percent: 10 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = await admin<AdminQuote>("POST", `/api/admin/estimates/${created.body.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await drainMail();
    const [mail] = await query<{ text: string }>("SELECT text FROM outbox WHERE `to` = ?1 ORDER BY id DESC", c.email);
    const token = /\/quote\/([A-Za-z0-9._-]+)/.exec(mail!.text)![1]!;
    return { c, quote: sent.body, token };
  }
  const view = (token: string) => callAppJson(`/api/estimates/${token}`);
  const accept = (token: string) =>
    callAppJson(`/api/estimates/${token}/accept`, {
      method: "POST",
      json: { optionId: "one", name: "Lin Links", startEarly: false },
    });

  it("works until revoked; then the old link is not valid and the new one (shown, and e-mailed again) is", async () => {
    const { c, quote, token } = await sentQuote();
    expect((await view(token)).status).toBe(200);

    const revoked = await admin<AdminQuote>("POST", `/api/admin/estimates/${quote.id}/revoke-links`);
    expect(revoked.status).toBe(200);
    const fresh = tokenOf(revoked.body.customerUrl!);
    expect(fresh).not.toBe(token);
    const old = await view(token);
    expect(old.status).toBe(404);
    expect(old.body.error).toMatch(NOT_VALID);
    expect((await accept(token)).status).toBe(404);
    expect((await view(fresh)).status).toBe(200);

    // "Send again" e-mails a link of the new version.
    expect((await admin("POST", `/api/admin/estimates/${quote.id}/send`)).status).toBe(200);
    await drainMail();
    const [mail] = await query<{ text: string }>("SELECT text FROM outbox WHERE `to` = ?1 ORDER BY id DESC", c.email);
    const mailed = /\/quote\/([A-Za-z0-9._-]+)/.exec(mail!.text)![1]!;
    expect((await view(mailed)).status).toBe(200);

    // Accepted through the new link: its PDF opens from it, never from the revoked one.
    expect((await accept(fresh)).status).toBe(200);
    expect((await callApp(`/api/documents/estimate/${fresh}`)).headers.get("Content-Type")).toBe("application/pdf");
    expect((await callApp(`/api/documents/estimate/${token}`)).status).toBe(404);
    await admin("POST", `/api/admin/estimates/${quote.id}/revoke-links`);
    expect((await callApp(`/api/documents/estimate/${fresh}`)).status).toBe(404);
    expect((await view(fresh)).status).toBe(404);
  });

  it("refuses to revoke the links of a quote never sent", async () => {
    const c = await customer();
    const { body } = await admin<AdminQuote>("POST", "/api/admin/estimates", {
      customerId: c.id,
      title: "Draft only",
      options: [{ id: "one", name: "One", lines: [{ id: "x", description: "X", quantity: 1, unitPence: 100, vatRate: 20 }] }],
    });
    const res = await admin("POST", `/api/admin/estimates/${body.id}/revoke-links`);
    expect(res.status).toBe(409);
    expect((await admin("POST", "/api/admin/estimates/999999999/revoke-links")).status).toBe(404);
  });

  it("ends 30 days after valid-until; an accepted quote's 30 days after its cancellation period, if later", async () => {
    const today = londonToday();
    const offered = await sentQuote(today);
    const accepted = await sentQuote(today);
    expect((await accept(accepted.token)).status).toBe(200);

    travel(30);
    expect((await view(offered.token)).status).toBe(200);
    travel(31);
    const gone = await view(offered.token);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatch(NOT_VALID);
    // Accepted today: cancellable until today + 14, so its link lasts until today + 44.
    const still = await view(accepted.token);
    expect(still.status, JSON.stringify(still.body)).toBe(200);
    expect((await callApp(`/api/documents/estimate/${accepted.token}`)).status).toBe(200);
    travel(44);
    expect((await view(accepted.token)).status).toBe(200);
    travel(45);
    expect((await view(accepted.token)).status).toBe(404);
    expect((await callApp(`/api/documents/estimate/${accepted.token}`)).status).toBe(404);
    // The owner's screen makes a link afresh, which works however old the quote.
    const { body } = await admin<AdminQuote>("GET", `/api/admin/estimates/${accepted.quote.id}`);
    expect((await view(tokenOf(body.customerUrl!))).status).toBe(200);
  });
});

describe("invoice and credit note links", () => {
  const lines = [
    { id: "service", description: "Annual boiler service", quantity: 1, unitPence: 8_500, vatRate: 20 },
    { id: "valve", description: "Diverter valve", quantity: 1, unitPence: 4_000, vatRate: 20 },
  ];
  async function issued() {
    const c = await customer();
    const { body: draft } = await admin<AdminInvoice>("POST", "/api/admin/invoices", { customerId: c.id, lines });
    const { status, body } = await admin<AdminInvoice>("POST", `/api/admin/invoices/${draft.id}/issue`);
    expect(status).toBe(200);
    return body;
  }
  const page = (payLink: string) => callAppJson(`/api/invoices/${tokenOf(payLink)}`);

  it("revokes the invoice's page and PDF with its credit notes', and shows new ones that work", async () => {
    const invoice = await issued();
    const credited = await admin<AdminInvoice>("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "service", quantity: 1 }],
      reason: "Done under warranty",
    });
    expect(credited.status).toBe(201);
    const before = credited.body;
    const notePdf = before.creditNotes[0]!.pdfUrl;
    // A link made before links carried when they were made still opens, until revoked.
    const older = await createDocumentLink(env, "invoice", { id: invoice.id, version: 1 });
    for (const res of [await page(before.payLink!), await page(`/invoice/${older}`)]) expect(res.status).toBe(200);
    for (const url of [before.pdfUrl!, notePdf]) expect((await callApp(url)).status).toBe(200);

    const revoked = await admin<AdminInvoice>("POST", `/api/admin/invoices/${invoice.id}/revoke-links`);
    expect(revoked.status).toBe(200);
    const after = revoked.body;
    expect(after.payLink).not.toBe(before.payLink);
    const old = await page(before.payLink!);
    expect(old.status).toBe(404);
    expect(old.body.error).toMatch(NOT_VALID);
    expect((await page(`/invoice/${older}`)).status).toBe(404);
    expect((await callApp(`/api/invoices/${tokenOf(before.payLink!)}/pay`, { method: "POST" })).status).toBe(404);
    for (const url of [before.pdfUrl!, notePdf]) {
      const res = await callApp(url);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: string }).error).toMatch(NOT_VALID);
    }
    expect((await page(after.payLink!)).status).toBe(200);
    for (const url of [after.pdfUrl!, after.creditNotes[0]!.pdfUrl]) {
      expect((await callApp(url)).headers.get("Content-Type")).toBe("application/pdf");
    }
  });

  it("refuses to revoke a draft's links", async () => {
    const c = await customer();
    const { body: draft } = await admin<AdminInvoice>("POST", "/api/admin/invoices", { customerId: c.id, lines });
    expect((await admin("POST", `/api/admin/invoices/${draft.id}/revoke-links`)).status).toBe(409);
  });

  it("never ends while unpaid, and ends a year after the invoice is paid (its credit note's with it)", async () => {
    const unpaid = await issued();
    const paid = await issued();
    const { body: noted } = await admin<AdminInvoice>("POST", `/api/admin/invoices/${paid.id}/credit-notes`, {
      lines: [{ lineId: "valve", quantity: 1 }],
      reason: "The valve was not needed",
    });
    // Paid in full today, as a payment's batch leaves the invoice (invoices-payments-and-refunds.test.ts covers the payment itself).
    await query(
      "UPDATE invoices SET paid_pence = gross_pence - deposit_pence - credited_pence, paid_at = ?1 WHERE id = ?2",
      new Date().toISOString(),
      paid.id,
    );
    expect((await admin<AdminInvoice>("GET", `/api/admin/invoices/${paid.id}`)).body.state).toBe("paid");
    const notePdf = noted.creditNotes[0]!.pdfUrl;

    travel(365);
    expect((await page(paid.payLink!)).status).toBe(200);
    expect((await callApp(notePdf)).status).toBe(200);
    travel(366);
    expect((await page(paid.payLink!)).status).toBe(404);
    expect((await callApp(paid.pdfUrl!)).status).toBe(404);
    expect((await callApp(notePdf)).status).toBe(404);
    // Three years on, the unpaid one still opens (and can still be paid from it).
    travel(3 * 365);
    expect((await page(unpaid.payLink!)).status).toBe(200);
    expect((await callApp(unpaid.pdfUrl!)).status).toBe(200);
    // The owner's screen shows a fresh link to the paid one, which opens.
    const { body } = await admin<AdminInvoice>("GET", `/api/admin/invoices/${paid.id}`);
    expect((await page(body.payLink!)).status).toBe(200);
    expect((await callApp(body.pdfUrl!)).status).toBe(200);
  });
});

describe("service sheet links", () => {
  const SIGNATURE =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
  async function issuedSheet() {
    const c = await customer();
    const [home] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${c.id}/properties`)).body;
    await admin("POST", `/api/admin/properties/${home!.id}/appliances`, {
      location: "Kitchen",
      type: "boiler",
      make: "Ideal",
      model: "Logic+ C30",
      flueType: "room-sealed",
    });
    const visit = await createServiceRecord({
      customerId: c.id,
      propertyId: home!.id,
      serviceType: "Annual Boiler Service",
      status: "in-progress",
      serviceDate: londonToday(),
    });
    const { body: draft } = await admin<AdminServiceSheet>("POST", "/api/admin/service-sheets", {
      propertyId: home!.id,
      serviceRecordId: visit.id,
    });
    await admin("PATCH", `/api/admin/service-sheets/${draft.id}`, {
      checks: Object.fromEntries(SERVICE_CHECKS.map(([key]) => [key, "pass"])),
      operatingPressureMbar: 20,
      coPpm: 14,
      co2Percent: 9.2,
      coCo2Ratio: 0.0015,
      systemPressureBar: 1.3,
      safeToUse: true,
      engineerName: "Dave Hughes",
      engineerLicence: "1234567",
      signature: SIGNATURE,
      nextServiceDate: addMonths(londonToday(), 12),
    });
    const issued = await admin<AdminServiceSheet>("POST", `/api/admin/service-sheets/${draft.id}/issue`);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    return { draft, sheet: issued.body };
  }

  it("revokes the sheet's link, shows a new one, and ends the old ones 400 days after issue", async () => {
    const { sheet } = await issuedSheet();
    expect((await callApp(sheet.pdfUrl!)).status).toBe(200);
    const revoked = await admin<AdminServiceSheet>("POST", `/api/admin/service-sheets/${sheet.id}/revoke-links`);
    expect(revoked.status).toBe(200);
    const old = await callApp(sheet.pdfUrl!);
    expect(old.status).toBe(404);
    expect(((await old.json()) as { error: string }).error).toMatch(NOT_VALID);
    const fresh = revoked.body.pdfUrl!;
    expect((await callApp(fresh)).headers.get("Content-Type")).toBe("application/pdf");

    travel(400);
    expect((await callApp(fresh)).status).toBe(200);
    travel(401);
    expect((await callApp(fresh)).status).toBe(404);
    const { body } = await admin<AdminServiceSheet>("GET", `/api/admin/service-sheets/${sheet.id}`);
    expect((await callApp(body.pdfUrl!)).status).toBe(200);
  });

  it("refuses to revoke a draft's links", async () => {
    const c = await customer();
    const [home] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${c.id}/properties`)).body;
    const { body: draft } = await admin<AdminServiceSheet>("POST", "/api/admin/service-sheets", { propertyId: home!.id });
    expect((await admin("POST", `/api/admin/service-sheets/${draft.id}/revoke-links`)).status).toBe(409);
  });
});

describe("booking links", () => {
  async function booking() {
    const reference = `BK-${crypto
      .randomUUID()
      .replaceAll("-", "")
      .slice(0, 6)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "Z")}`;
    const start = londonToUtc(addDays(londonToday(), 10), "09:00").toISOString();
    const end = londonToUtc(addDays(londonToday(), 10), "10:00").toISOString();
    await query(
      "INSERT INTO bookings (reference, service, starts_at, ends_at, name, email, phone, postcode, address) VALUES (?1, 'annual-service', ?2, ?3, 'Bo Booker', 'bo@example.com', '07700900123', 'M32 8BB', '12 Ash Grove')",
      reference,
      start,
      end,
    );
    return reference;
  }
  const manage = (token: string) => callAppJson(`/api/bookings/manage?token=${encodeURIComponent(token)}`);

  it("revokes every link given before (those made before versions too), and the new one works", async () => {
    const reference = await booking();
    const token = await createBookingToken(env, reference, 1);
    const older = await signToken(env, "booking-manage/v1", [reference]);
    expect((await manage(token)).body).toMatchObject({ reference, status: "booked" });
    expect((await manage(older)).status).toBe(200);

    const revoked = await admin<{ manageUrl: string }>("POST", `/api/admin/bookings/${reference}/revoke-link`);
    expect(revoked.status).toBe(200);
    for (const stale of [token, older]) {
      const res = await manage(stale);
      expect(res.status).toBe(410);
      expect(res.body.error).toMatch(/replaced by a newer one/);
      const cancel = await callAppJson("/api/bookings/manage/cancel", { method: "POST", json: { token: stale } });
      expect(cancel.status).toBe(410);
    }
    const fresh = new URL(revoked.body.manageUrl).searchParams.get("token")!;
    expect((await manage(fresh)).body).toMatchObject({ reference, status: "booked" });
    expect(fresh).toBe(await createBookingToken(env, reference, 2));
    expect((await admin("POST", "/api/admin/bookings/BK-ZZZZZZ/revoke-link")).status).toBe(404);
    expect((await admin("POST", "/api/admin/bookings/not-a-reference/revoke-link")).status).toBe(400);
  });

  it("ends 30 days after the visit", async () => {
    const reference = await booking();
    const token = await createBookingToken(env, reference, 1);
    travel(39);
    expect((await manage(token)).status).toBe(200);
    travel(41);
    expect((await manage(token)).status).toBe(410);
  });
});
