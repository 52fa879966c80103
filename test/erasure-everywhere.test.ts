import { getTableName } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalData, personalObjects } from "../schema/db/personal-data";
import { addDays, londonToday, weekdayOf } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { ok, person, type TokenKind, tokensOf } from "./helpers/erasure-person";
import { allObjects, type Found, rowsOf, scanD1 } from "./helpers/erasure-scan";
import { seedEverywhere } from "./helpers/erasure-seed";
import { callApp, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

// Erasing an account, the whole of it: a person seeded in every place the list names is left
// nowhere in D1 or R2 but the records the law keeps, and another person is left as they were.
// The list itself: test/erasure-personal-data-list.test.ts; other requests: test/erasure-requests.test.ts.

const sha256 = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");

const nextWeekday = (weekday: string) => {
  let date = addDays(londonToday(), 2);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
};

/** Where the law keeps a name, an address or a postcode (the records and their search copies). */
const KEPT_COLUMNS = new Set([
  "customers.first_name",
  "customers.last_name",
  "customers.address",
  "customers.postcode",
  "properties.address",
  "properties.postcode",
  "gas_safety_records.details",
  "gas_safety_records.snapshot",
  "warning_notices.snapshot",
  "service_sheets.details",
  "service_sheets.snapshot",
  "invoices.snapshot",
  "credit_notes.snapshot",
  "invoice_payments.reference",
  "invoice_refunds.reference",
  "estimate_versions.content",
  "estimate_acceptances.name",
  "estimate_acceptances.snapshot",
  "estimate_events.detail",
  "estimate_payments.reference",
  "orders.customer_name",
  "orders.shipping_address",
]);
const KEPT_SEARCH_COPIES = ["customers_search", "orders_search"];
const keptKinds: TokenKind[] = ["name", "address", "postcode"];

function isKeptByLaw(f: Found): boolean {
  if (!keptKinds.includes(f.kind)) return false;
  return KEPT_COLUMNS.has(`${f.table}.${f.column}`) || KEPT_SEARCH_COPIES.some((t) => f.table.startsWith(t));
}

const personalTables = Object.values(personalData)
  .filter((entry) => entry.personal.length > 0)
  .map((entry) => getTableName(entry.table));

describe("erasing an account", () => {
  it("leaves the person nowhere in D1 or R2 but the records the law keeps, and another person as they were", async () => {
    const day = nextWeekday("tuesday");
    const a = person("Ottoline", "Marchbanks", "Larkspur", "0161 496 0811", "M20 2QA");
    const b = person("Peregrine", "Ashdown", "Foxglove", "0161 496 0822", "M20 2QB");
    const seededA = await seedEverywhere(a, day);
    const seededB = await seedEverywhere(b, day);
    // A landlord with whom she rents: the landlord stays, her details as the tenant go.
    const c = person("Cordelia", "Hartwell", "Bramble", "0161 496 0833", "M20 2QF");
    const landlord = await ok("POST", "/api/admin/customers", {
      firstName: c.first,
      lastName: c.last,
      email: c.email,
      address: c.address,
      postcode: c.postcode,
      isLandlord: true,
    });
    const rented = await ok("POST", `/api/admin/customers/${landlord.id}/properties`, {
      address: `3 ${c.street} Lane`,
      postcode: c.postcode,
      tenantName: a.name,
      tenantEmail: a.email,
      tenantPhone: a.phone,
      tenantGetsCopies: true,
    });
    const cookieOf = (s: { cookie: string }) => ({ Cookie: `__Secure-account=${s.cookie}` });
    for (const s of [seededA, seededB]) {
      const asked = await callApp("/api/account/erasure-request", {
        method: "POST",
        json: { reason: s === seededA ? `${a.first} is moving away` : `${b.first} is moving away` },
        headers: cookieOf(s),
      });
      expect(asked.status).toBe(201);
    }
    await drainMail();

    // Seeded everywhere: each table the list says holds a person's data holds each of them.
    const beforeA = await scanD1(a);
    const beforeB = await scanD1(b);
    for (const found of [beforeA, beforeB]) {
      const tables = new Set(found.map((f) => f.table));
      expect(personalTables.filter((t) => !tables.has(t))).toEqual([]);
    }
    const photoPath = `/api/admin/visits/${seededA.visit.id}/photos/${seededA.photoName}`;
    expect((await callApp(photoPath, { headers: await adminHeaders() })).status).toBe(200);
    const rowsOfB = await rowsOf(b);
    const objectsOfB = (await allObjects()).filter((o) => o.key.startsWith(`visits/${seededB.visit.id}/`));
    expect(objectsOfB).toHaveLength(1);
    const rowsOfC = await rowsOf(c);

    const requests = await ok("GET", "/api/admin/erasure-requests");
    const request = requests.find((r: { email: string }) => r.email === a.email);
    const erased = await ok("POST", `/api/admin/erasure-requests/${request.id}/erase`);
    expect(erased).toMatchObject({ status: "done", email: `sha256:${await sha256(a.email)}`, reason: null, customers: 0 });
    await drainMail();

    // Nowhere in D1, but the name and address on what the law keeps.
    const left = await scanD1(a);
    const answer = (f: Found) => f.table === "outbox" && f.column === "to" && f.row.kind === "erasure";
    const notKept = left.filter((f) => !isKeptByLaw(f) && !answer(f));
    expect(notKept.map((f) => `${f.table}.${f.column} (${f.kind}): ${JSON.stringify(f.row).slice(0, 300)}`)).toEqual([]);
    // What is kept, is there: the landlord's name and address, her records, her contract by name.
    expect(
      await query("SELECT first_name, last_name, email, phone, address FROM customers WHERE id = ?1", seededA.kept.id),
    ).toEqual([{ first_name: a.first, last_name: a.last, email: null, phone: null, address: a.address }]);
    expect(await query("SELECT id FROM customers WHERE id = ?1", seededA.again.id)).toEqual([]);
    expect(await query("SELECT tenant_name, tenant_email, tenant_phone FROM properties WHERE id = ?1", seededA.flat.id)).toEqual([
      { tenant_name: null, tenant_email: null, tenant_phone: null },
    ]);
    expect(
      await query<{ n: number }>(
        "SELECT (SELECT count(*) FROM gas_safety_records WHERE customer_id = ?1) + (SELECT count(*) FROM warning_notices WHERE customer_id = ?1) + (SELECT count(*) FROM service_sheets WHERE customer_id = ?1) + (SELECT count(*) FROM invoices WHERE customer_id = ?1) AS n",
        seededA.kept.id,
      ),
    ).toEqual([{ n: 4 }]);
    expect(
      await query(
        "SELECT name, signature, ip_address, user_agent FROM estimate_acceptances WHERE estimate_id = ?1",
        seededA.contract.id,
      ),
    ).toEqual([{ name: a.name, signature: null, ip_address: null, user_agent: null }]);
    expect(
      await query("SELECT customer_name, customer_email, customer_phone, notes FROM orders WHERE id = ?1", seededA.order.id),
    ).toEqual([{ customer_name: a.name, customer_email: null, customer_phone: null, notes: null }]);
    expect(left.filter((f) => f.kind === "signature" || f.kind === "phone" || (f.kind === "email" && !answer(f)))).toEqual([]);

    // Nowhere in R2 either: her photo is gone and no longer served; the kept PDFs print no contact details.
    const objects = await allObjects();
    expect(objects.filter((o) => o.key.startsWith(`visits/${seededA.visit.id}/`))).toEqual([]);
    expect((await callApp(photoPath, { headers: await adminHeaders() })).status).toBe(404);
    for (const object of objects) {
      for (const [kind, values] of Object.entries(tokensOf(a))) {
        const allowed = object.bucket === "DOCUMENTS" && keptKinds.includes(kind as TokenKind);
        if (!allowed)
          expect(
            values.some((v) => object.text.includes(v.toLowerCase())),
            `${object.key}: ${kind}`,
          ).toBe(false);
      }
      const prefixes = personalObjects.filter((o) => o.bucket === object.bucket).map((o) => o.prefix);
      expect(
        prefixes.some((prefix) => object.key.startsWith(prefix)),
        `${object.bucket}/${object.key} is in the list`,
      ).toBe(true);
    }

    // Signed out, and told what was kept and why.
    expect((await callApp("/api/account", { headers: cookieOf(seededA) })).status).toBe(401);
    const [told] = await query<{ subject: string; text: string }>(
      "SELECT subject, text FROM outbox WHERE lower(`to`) = ?1 AND kind = 'erasure'",
      a.email,
    );
    expect(told!.subject).toContain("your account has been deleted");
    for (const words of [
      "Invoices and credit notes (2): your name and address as printed on them",
      "six years: HMRC requires business and VAT records",
      "Gas safety records and warning notices (2)",
      "Gas Safety (Installation and Use) Regulations 1998",
      "Service sheets of gas work we did (1)",
      "Accepted quotes (1)",
      "Limitation Act 1980",
      "Shop orders (1): your name and delivery address",
      "without your e-mail address or phone number",
      "The visit booked with us is cancelled",
      "Apart from those, we keep only a note of when we deleted your account, which does not show your e-mail address.",
      "You will get no more e-mails from us.",
    ]) {
      expect(told!.text).toContain(words);
    }
    expect(await query("SELECT `to` FROM outgoing_emails WHERE kind = 'erasure' AND subject = ?1", told!.subject)).toContainEqual(
      {
        to: "(erased)",
      },
    );

    // The other person, and the landlord she rented from, as they were.
    expect(await rowsOf(b)).toEqual(rowsOfB);
    expect((await allObjects()).filter((o) => o.key.startsWith(`visits/${seededB.visit.id}/`))).toEqual(objectsOfB);
    const withoutRented = (rows: Record<string, string[]>) => ({
      ...rows,
      properties: rows.properties?.filter((row) => JSON.parse(row).id !== rented.id),
    });
    expect(withoutRented(await rowsOf(c))).toEqual(withoutRented(rowsOfC));
    expect(
      await query(
        "SELECT address, tenant_name, tenant_email, tenant_phone, tenant_gets_copies FROM properties WHERE id = ?1",
        rented.id,
      ),
    ).toEqual([
      { address: `3 ${c.street} Lane`, tenant_name: null, tenant_email: null, tenant_phone: null, tenant_gets_copies: 0 },
    ]);
    expect((await callApp("/api/account", { headers: cookieOf(seededB) })).status).toBe(200);
    expect((await ok("GET", "/api/admin/erasure-requests")).find((r: { email: string }) => r.email === b.email)).toMatchObject({
      status: "open",
    });
  });
});
