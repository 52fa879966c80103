import { env } from "cloudflare:workers";
import { type Column, getTableName } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SERVICE_CHECKS } from "../schema/api/service-sheets";
import {
  campaignRecipients,
  campaigns,
  invoiceRefunds,
  outgoingEmails,
  quoteAcceptances,
  quoteEvents,
  quotePayments,
  quotes,
  quoteVersions,
  serviceRecords,
  serviceReminders,
} from "../schema/db";
import { noPersonalData, personalData, personalObjects, searchIndexes } from "../schema/db/personal-data";
import { addDays, londonToday, weekdayOf } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { addressPattern, namesAddress } from "../worker/services/account/names-address";
import { TEST_SIGNATURE } from "./fixtures/gas-safety-record";
import { adminHeaders } from "./helpers/admin";
import { createOrder } from "./helpers/factories-admin";
import { seedChat } from "./helpers/factories-chat";
import { callApp, callAppJson, query, randomIp } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

async function admin<T = any>(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
  const res = await callAppJson<T>(path, { method, json, headers: { ...(await adminHeaders()), ...headers } });
  return res;
}

/** An admin call that must succeed: its body. */
async function ok<T = any>(method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await admin<T>(method, path, json, headers);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

// --- A real PNG that carries words (a tEXt chunk): each person's signature and photo is their own.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const ONE_PIXEL = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
function pngSaying(words: string): Uint8Array {
  const data = new TextEncoder().encode(`Comment\0${words}`);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode("tEXt"), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  const ihdrEnd = 8 + 25; // the signature, then IHDR (length, type, 13 bytes, CRC)
  return new Uint8Array([...ONE_PIXEL.subarray(0, ihdrEnd), ...chunk, ...ONE_PIXEL.subarray(ihdrEnd)]);
}
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const sha256 = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");

// --- People: every value carries something only this person has, so a scan can find it anywhere.

function person(first: string, surname: string, street: string, phone: string, postcode: string) {
  const tag = crypto.randomUUID().slice(0, 6);
  const last = `${surname}-${tag}`;
  const streetName = `${street}${tag}`;
  const signatureBytes = pngSaying(`signed by ${first} ${last}`);
  return {
    tag,
    first,
    last,
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${tag}@example.com`,
    phone,
    street: streetName,
    address: `12 ${streetName} Road, Didsbury`,
    postcode,
    signature: `data:image/png;base64,${base64(signatureBytes)}`,
    photo: pngSaying(`the boiler at ${first} ${last}'s`),
  };
}
type Person = ReturnType<typeof person>;

/** What identifies the person, by kind; the scan looks for each in any letter case. */
const tokensOf = (p: Person) => ({
  name: [p.last],
  address: [p.street],
  postcode: [p.postcode, p.postcode.replace(" ", "")],
  email: [p.email],
  phone: [p.phone, p.phone.replaceAll(" ", "")],
  signature: [p.signature.slice(p.signature.indexOf(",") + 1)],
});
type TokenKind = keyof ReturnType<typeof tokensOf>;

// --- The database and the buckets, read whole.

type Found = { table: string; column: string; kind: TokenKind; row: Record<string, unknown> };

async function allTables(): Promise<{ name: string; sql: string }[]> {
  return query<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  );
}

/** Bytes as one character each, a slice at a time (a spread of a whole PDF would overflow the stack). */
function latin1(bytes: ArrayLike<number>): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192)
    text += String.fromCharCode(...Array.from({ length: Math.min(8192, bytes.length - i) }, (_, j) => bytes[i + j]!));
  return text;
}

const asText = (value: unknown): string | null => {
  if (typeof value === "string") return value;
  if (value instanceof ArrayBuffer) return latin1(new Uint8Array(value));
  if (Array.isArray(value)) return latin1(value as number[]);
  return null;
};

/** Every value of every column of every table (search indexes and their shadow tables included). */
async function scanD1(p: Person): Promise<Found[]> {
  const tokens = tokensOf(p);
  const found: Found[] = [];
  for (const { name } of await allTables()) {
    for (const row of await query<Record<string, unknown>>(`SELECT * FROM "${name}"`)) {
      for (const [column, value] of Object.entries(row)) {
        const text = asText(value)?.toLowerCase();
        if (!text) continue;
        for (const [kind, values] of Object.entries(tokens) as [TokenKind, string[]][]) {
          if (values.some((v) => text.includes(v.toLowerCase()))) found.push({ table: name, column, kind, row });
        }
      }
    }
  }
  return found;
}

/** The rows that hold the person, table by table, as text: what must not change when another is erased. */
async function rowsOf(p: Person): Promise<Record<string, string[]>> {
  const rows: Record<string, Set<string>> = {};
  for (const f of await scanD1(p)) {
    rows[f.table] ??= new Set();
    rows[f.table]!.add(JSON.stringify(f.row));
  }
  return Object.fromEntries(Object.entries(rows).map(([table, set]) => [table, [...set].sort()]));
}

async function allObjects(): Promise<{ bucket: "IMAGES" | "DOCUMENTS"; key: string; text: string }[]> {
  const objects = [];
  for (const bucket of ["IMAGES", "DOCUMENTS"] as const) {
    let cursor: string | undefined;
    do {
      const page = await env[bucket].list({ cursor });
      for (const { key } of page.objects) {
        const body = await env[bucket].get(key);
        objects.push({ bucket, key, text: latin1(new Uint8Array(await body!.arrayBuffer())).toLowerCase() });
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return objects;
}

// --- Seeding one person in every place the list names.

const nextWeekday = (weekday: string) => {
  let date = addDays(londonToday(), 2);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
};

async function signIn(email: string): Promise<string> {
  expect((await callApp("/api/account/sign-in", { method: "POST", json: { email } })).status).toBe(202);
  const [link] = await query<{ text: string }>(
    "SELECT text FROM outgoing_emails WHERE lower(`to`) = ?1 AND kind = 'account' ORDER BY id DESC LIMIT 1",
    email,
  );
  const token = /\/account\/sign-in#([\w-]{43})/.exec(link!.text)![1];
  const session = await callApp("/api/account/session", { method: "POST", json: { token } });
  expect(session.status).toBe(200);
  return /__Secure-account=([^;]+)/.exec(session.headers.get("Set-Cookie") ?? "")![1]!;
}

const passed = { safetyDevices: "pass", ventilation: "pass", flueVisual: "pass", safeToUse: true } as const;

async function seedEverywhere(p: Person, bookingDay: string) {
  const db = getDb(env);
  // The landlord with records the law keeps, and the same address entered a second time.
  const kept = await ok("POST", "/api/admin/customers", {
    firstName: p.first,
    lastName: p.last,
    email: p.email,
    phone: p.phone,
    address: p.address,
    postcode: p.postcode,
    isLandlord: true,
  });
  const again = await ok("POST", "/api/admin/customers", {
    firstName: p.first,
    lastName: p.last,
    email: p.email,
    phone: p.phone,
    address: `7 ${p.street} Mews, Didsbury`,
    postcode: p.postcode,
  });
  const flat = await ok("POST", `/api/admin/customers/${kept.id}/properties`, {
    address: `Flat 2, 40 ${p.street} Court, Didsbury`,
    postcode: p.postcode,
    tenantName: `Lodger of ${p.last}`,
    tenantEmail: `lodger-${p.tag}@example.com`,
    tenantGetsCopies: true,
  });
  const boiler = await ok("POST", `/api/admin/properties/${flat.id}/appliances`, {
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 30i",
    flueType: "room-sealed",
  });
  const fire = await ok("POST", `/api/admin/properties/${flat.id}/appliances`, {
    location: "Lounge",
    type: "fire",
    make: "Baxi",
    model: "Bermuda",
    flueType: "open-flued",
  });

  // A gas safety record with a warning notice, issued (kept), and one left as a draft.
  const record = await ok("POST", "/api/admin/gas-safety-records", { propertyId: flat.id });
  await ok("PATCH", `/api/admin/gas-safety-records/${record.id}`, {
    checkDate: londonToday(),
    appliances: [
      { applianceId: boiler.id, ...passed, operatingPressureMbar: 20, coPpm: 12, co2Percent: 9.1, coCo2Ratio: 0.0013 },
      {
        applianceId: fire.id,
        ...passed,
        heatInputKw: 4.2,
        flueFlow: "pass",
        spillage: "fail",
        safeToUse: false,
        classification: "AR",
        defect: "Spillage at the draught diverter",
        remedialAction: "Flue to be swept and retested",
        warning: { actionTaken: "turned-off", permission: "refused", emergencyServiceInformed: true },
      },
    ],
    tightnessTest: "pass",
    emergencyControlAccessible: true,
    notes: `Keys with ${p.name}`,
    engineerName: "Dave Hughes",
    engineerLicence: "1234567",
    signature: TEST_SIGNATURE,
  });
  const issuedRecord = await ok("POST", `/api/admin/gas-safety-records/${record.id}/issue`);
  expect(issuedRecord.warningNotices).toHaveLength(1);
  await ok("POST", "/api/admin/gas-safety-records", { propertyId: flat.id });

  // The visit on site: notes with the gate code, the work done, her signature, her name and a photo.
  const visit = await ok("POST", "/api/admin/service-records", {
    customerId: kept.id,
    propertyId: flat.id,
    serviceType: "Boiler Repair",
    status: "scheduled",
    serviceDate: londonToday(),
    description: `Leak under ${p.last}'s boiler`,
    notes: `Gate code 4711; ask for ${p.name} on ${p.phone}`,
  });
  const photoName = `${crypto.randomUUID()}.png`;
  const target = await ok("POST", `/api/admin/visits/${visit.id}/photo-url`, { name: photoName });
  const url = new URL(target.uploadURL);
  const uploaded = await callApp(url.pathname + url.search, {
    method: "PUT",
    body: p.photo,
    headers: { "Content-Type": "image/png" },
  });
  expect(uploaded.status).toBe(200);
  const [{ version }] = (await query<{ version: number }>("SELECT version FROM service_records WHERE id = ?1", visit.id)) as [
    { version: number },
  ];
  await ok(
    "PUT",
    `/api/admin/visits/${visit.id}/sheet`,
    {
      baseVersion: String(version),
      arrivedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      workDone: `Replaced the valve in ${p.last}'s airing cupboard`,
      advice: `${p.first} should bleed the radiators`,
      photos: [target.key],
      signature: p.signature,
      signedName: p.name,
      finish: true,
    },
    { "Idempotency-Key": `erasure-${p.tag}` },
  );

  // A service sheet issued for the visit (kept) and one left as a draft.
  const sheet = await ok("POST", "/api/admin/service-sheets", { propertyId: flat.id, serviceRecordId: visit.id });
  await ok("PATCH", `/api/admin/service-sheets/${sheet.id}`, {
    checks: Object.fromEntries(SERVICE_CHECKS.map(([key]) => [key, "pass"])),
    operatingPressureMbar: 20,
    coPpm: 14,
    co2Percent: 9.2,
    coCo2Ratio: 0.0015,
    systemPressureBar: 1.3,
    safeToUse: true,
    advice: `Told ${p.first} to fit a filter`,
    engineerName: "Dave Hughes",
    engineerLicence: "1234567",
    signature: TEST_SIGNATURE,
  });
  await ok("POST", `/api/admin/service-sheets/${sheet.id}/issue`);
  await ok("POST", "/api/admin/service-sheets", { propertyId: flat.id });

  // An invoice issued and sent to her, part paid, one line credited, a refund; a draft for the other record.
  const invoice = await ok("POST", "/api/admin/invoices", {
    customerId: kept.id,
    propertyId: flat.id,
    lines: [
      { description: "Valve", quantity: 1, unitPence: 9_000, vatRate: 20 },
      { description: "Labour", quantity: 1, unitPence: 6_000, vatRate: 20 },
    ],
  });
  const issuedInvoice = await ok("POST", `/api/admin/invoices/${invoice.id}/issue`);
  await ok("POST", `/api/admin/invoices/${invoice.id}/payments`, {
    amountPence: 5_000,
    method: "bank",
    paidOn: londonToday(),
    reference: `BACS ${p.last}`,
  });
  await ok("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
    lines: [{ lineId: issuedInvoice.lines[1].id, quantity: 1 }],
    reason: "Labour on the house",
  });
  await db
    .insert(invoiceRefunds)
    .values({ invoiceId: invoice.id, amountPence: 100, method: "bank", refundedOn: londonToday(), reference: `To ${p.last}` });
  await ok("POST", "/api/admin/invoices", {
    customerId: again.id,
    lines: [{ description: `Draft for ${p.name}`, quantity: 1, unitPence: 1_000, vatRate: 20 }],
  });

  // Quotes: one accepted (then cancelled, with her reason and a deposit), one sent and never accepted.
  const now = new Date().toISOString();
  const content = (title: string) => JSON.stringify({ title, introduction: `For ${p.name} at ${p.address}`, options: [] });
  const [contract] = await db
    .insert(quotes)
    .values({
      customerId: kept.id,
      propertyId: flat.id,
      status: "cancelled",
      title: "New boiler",
      validUntil: addDays(londonToday(), 30),
      sentVersion: 1,
      sentAt: now,
      cancelledAt: now,
      cancelReason: `${p.first} found it cheaper, call ${p.phone}`,
    })
    .returning();
  await db.insert(quoteVersions).values({ quoteId: contract!.id, version: 1, content: content("New boiler"), sentAt: now });
  await db.insert(quoteAcceptances).values({
    quoteId: contract!.id,
    version: 1,
    optionId: "a",
    optionalLineIds: "[]",
    name: p.name,
    signature: p.signature,
    startEarly: false,
    ipAddress: "198.51.100.7",
    userAgent: `Mozilla/5.0 (${p.email})`,
    contentSha256: "0".repeat(64),
    noticeVersion: "2026-01",
    grossPence: 250_000,
    depositPence: 50_000,
    acceptedAt: now,
    snapshot: JSON.stringify({ customerName: p.name, place: `Flat 2, 40 ${p.street} Court` }),
  });
  await db.insert(quoteEvents).values([
    { quoteId: contract!.id, kind: "accepted", detail: `Option A, by ${p.name}`, at: now },
    { quoteId: contract!.id, kind: "cancelled", detail: `${p.first} found it cheaper, call ${p.phone}`, at: now },
  ]);
  await db.insert(quotePayments).values({
    quoteId: contract!.id,
    amountPence: 50_000,
    method: "bank",
    paidOn: londonToday(),
    reference: `Deposit ${p.last}`,
  });
  const [offer] = await db
    .insert(quotes)
    .values({ customerId: again.id, status: "sent", title: `Radiators for ${p.last}`, validUntil: addDays(londonToday(), 30) })
    .returning();
  await db.insert(quoteVersions).values({ quoteId: offer!.id, version: 1, content: content("Radiators"), sentAt: now });
  await db.insert(quoteEvents).values({ quoteId: offer!.id, kind: "declined", detail: `${p.first}: too dear`, at: now });

  // Booked online for next week: a visit of its own, the booking, its time and two e-mails.
  const [slot] = (await callAppJson<{ start: string }[]>(`/api/availability?service=annual-service&from=${bookingDay}&days=1`))
    .body;
  const booked = await callAppJson("/api/bookings", {
    method: "POST",
    ip: randomIp(),
    json: {
      service: "annual-service",
      start: slot!.start,
      name: p.name,
      email: p.email,
      phone: p.phone,
      postcode: p.postcode,
      address: p.address,
      notes: `Side gate; ${p.first}'s dog is friendly`,
    },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  // A quote request, a chat handed over to a person, the deals list.
  const quoted = await callAppJson("/api/quotes", {
    method: "POST",
    ip: randomIp(),
    json: {
      name: p.name,
      phone: p.phone,
      email: p.email,
      postcode: p.postcode,
      service: "boiler-repair",
      message: `Boiler at ${p.address} losing pressure`,
    },
  });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
  const chat = `chat_${crypto.randomUUID().replaceAll("-", "")}`;
  await seedChat(chat, [["customer", `I'm ${p.name} at ${p.address}`]]);
  const handover = await callAppJson("/api/chat/handover", {
    method: "POST",
    ip: randomIp(),
    json: { sessionId: chat, name: p.name, contact: p.email },
  });
  expect(handover.status, JSON.stringify(handover.body)).toBeLessThan(300);
  expect((await callApp("/api/email-signups", { method: "POST", ip: randomIp(), json: { email: p.email } })).status).toBeLessThan(
    300,
  );

  // A campaign she was sent, a reminder decided for her visit, a shop order.
  const [campaign] = await db
    .insert(campaigns)
    .values({
      subject: "Winter offer",
      title: "Winter",
      content: "Ten per cent off",
      ctaText: "Book",
      ctaLink: "/book",
      status: "sent",
    })
    .returning();
  await db.insert(campaignRecipients).values({ campaignId: campaign!.id, email: p.email, status: "sent", sentAt: now });
  await db.insert(serviceReminders).values({
    serviceRecordId: visit.id,
    customerId: kept.id,
    kind: "service",
    dueDate: addDays(londonToday(), 300),
    outcome: "skipped",
    reason: `${p.last} asked for a call instead`,
  });
  const order = await createOrder({
    customerName: p.name,
    customerEmail: p.email,
    customerPhone: p.phone,
    shippingAddress: `${p.address}, ${p.postcode}`,
    notes: `Leave with ${p.first}'s neighbour`,
  });

  // Her own page: signed in, and (for the one erased) the request.
  const cookie = await signIn(p.email);
  await drainMail();
  return { kept, again, flat, visit, photoKey: target.key as string, photoName, invoice, contract: contract!, order, cookie };
}

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

describe("the list of every place a person's data lives", () => {
  it("names every table and text column of the database: personal, not personal, or a search index", async () => {
    const listed = new Map<string, { personal: readonly Column[]; other: readonly Column[] }>();
    for (const entry of [...Object.values(personalData), ...noPersonalData]) {
      const name = getTableName(entry.table);
      expect(listed.has(name), `${name} is listed twice`).toBe(false);
      listed.set(name, { personal: "personal" in entry ? entry.personal : [], other: entry.other });
    }
    const shadow = /^(.+)_(data|idx|content|docsize|config)$/;
    const problems: string[] = [];
    for (const { name, sql } of await allTables()) {
      if (/^CREATE VIRTUAL TABLE/i.test(sql)) {
        if (!(name in searchIndexes)) problems.push(`${name}: a virtual table neither in personalData nor in searchIndexes`);
        continue;
      }
      const base = shadow.exec(name)?.[1];
      if (base && base in searchIndexes) continue;
      const entry = listed.get(name);
      if (!entry) {
        problems.push(`${name}: a table in neither personalData nor noPersonalData (schema/db/personal-data.ts)`);
        continue;
      }
      const columns = await query<{ name: string; type: string }>(`SELECT name, type FROM pragma_table_info('${name}')`);
      const text = columns.filter((c) => !/^(INTEGER|REAL|NUMERIC)$/i.test(c.type)).map((c) => c.name);
      const personal = entry.personal.map((c) => c.name);
      const other = entry.other.map((c) => c.name);
      for (const column of text) {
        if (!personal.includes(column) && !other.includes(column)) problems.push(`${name}.${column}: a text column not listed`);
      }
      for (const column of [...personal, ...other]) {
        if (!text.includes(column)) problems.push(`${name}.${column}: listed, but not a text column of the database`);
        if (personal.includes(column) && other.includes(column)) problems.push(`${name}.${column}: both personal and not`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("blanks only columns it names as personal, and says why it keeps what it keeps", () => {
    for (const [name, entry] of Object.entries(personalData)) {
      expect(Object.keys(entry.rules).length, name).toBeGreaterThan(0);
      for (const rule of Object.values(entry.rules)) {
        if (rule.action === "blank") for (const column of rule.columns) expect(entry.personal, name).toContain(column);
        if (rule.action !== "delete") expect(rule.why.length, name).toBeGreaterThan(10);
      }
    }
  });
});

describe("an address is named as a whole address, never as part of a longer one", () => {
  it("matches the address in any case, bounded by anything an address cannot hold", () => {
    const v = addressPattern("v@example.co");
    for (const text of ["v@example.co", "From: V@Example.CO.", "<v@example.co>", "mailto:v@example.co?x", "(v@example.co)"]) {
      expect(namesAddress(v, text), text).toBe(true);
    }
    for (const text of ["anna.v@example.com", "v@example.com", "v@example.co.uk", "xv@example.co", "v@example.co-op.uk"]) {
      expect(namesAddress(v, text), text).toBe(false);
    }
    expect(namesAddress(addressPattern("o'neil@example.com"), "Contact: o&#39;neil@example.com")).toBe(true);
  });
});

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

  it("forgets the owner's notices about v@example.co and keeps those about anna.v@example.com", async () => {
    const notice = (email: string) =>
      callAppJson("/api/quotes", {
        method: "POST",
        ip: randomIp(),
        json: { name: "Vee", phone: "0161 496 0844", email, postcode: "M20 2QD", service: "boiler-repair", message: "Noisy" },
      });
    await ok("POST", "/api/admin/customers", { firstName: "Vee", lastName: "Short", email: "v@example.co" });
    await ok("POST", "/api/admin/customers", { firstName: "Anna", lastName: "Long", email: "anna.v@example.com" });
    expect((await notice("v@example.co")).status).toBe(201);
    expect((await notice("anna.v@example.com")).status).toBe(201);
    const cookie = await signIn("v@example.co");
    await callApp("/api/account/erasure-request", {
      method: "POST",
      json: {},
      headers: { Cookie: `__Secure-account=${cookie}` },
    });
    await drainMail();
    const mentioning = (email: string) =>
      query<{ id: number; to: string }>(
        "SELECT id, `to` FROM outgoing_emails WHERE instr(lower(subject), ?1) > 0 OR instr(lower(text), ?1) > 0 OR lower(`to`) = ?1",
        email,
      );
    const anna = await mentioning("anna.v@example.com");
    const annaIds = anna.map((m) => m.id);
    // The owner's notice of her quote holds "v@example.co" inside her address.
    const containing = await mentioning("v@example.co");
    expect(containing.filter((m) => annaIds.includes(m.id)).length).toBeGreaterThanOrEqual(1);
    expect(containing.filter((m) => !annaIds.includes(m.id)).length).toBeGreaterThanOrEqual(3);

    const requests = await ok("GET", "/api/admin/erasure-requests");
    await ok(
      "POST",
      `/api/admin/erasure-requests/${requests.find((r: { email: string }) => r.email === "v@example.co").id}/erase`,
    );
    // Hers all stay; of his, only the answer, waiting to be sent to him.
    expect(await mentioning("anna.v@example.com")).toEqual(anna);
    expect((await mentioning("v@example.co")).filter((m) => !annaIds.includes(m.id))).toEqual([
      expect.objectContaining({ to: "v@example.co" }),
    ]);
    await drainMail();
    expect((await mentioning("v@example.co")).map((m) => m.id)).toEqual(
      containing.filter((m) => annaIds.includes(m.id)).map((m) => m.id),
    );
    expect(await query("SELECT email FROM quotes WHERE email = 'anna.v@example.com'")).toHaveLength(1);
    expect(await query("SELECT email FROM customers WHERE email = 'anna.v@example.com'")).toHaveLength(1);
  });

  it("erases a landlord with more than a hundred visits, photos and e-mails naming the address", async () => {
    const db = getDb(env);
    const p = person("Montgomery", "Busy", "Elder", "0161 496 0866", "M20 2QG");
    const customer = await ok("POST", "/api/admin/customers", { firstName: p.first, lastName: p.last, email: p.email });
    // Seeded a few rows a statement: D1 binds at most 100 parameters.
    const visits: { id: number }[] = [];
    for (let i = 0; i < 110; i += 15) {
      const rows = Array.from({ length: Math.min(15, 110 - i) }, (_, j) => ({
        customerId: customer.id,
        serviceType: "Annual Service",
        status: "completed" as const,
        serviceDate: addDays(londonToday(), -i - j - 1),
        notes: `Flat ${i + j} for ${p.last}`,
      }));
      visits.push(...(await db.insert(serviceRecords).values(rows).returning({ id: serviceRecords.id })));
    }
    for (const { id } of visits) await env.IMAGES.put(`visits/${id}/${crypto.randomUUID()}.png`, p.photo);
    for (let i = 0; i < 150; i += 10) {
      await db.insert(outgoingEmails).values(
        Array.from({ length: 10 }, (_, j) => ({
          kind: "quote" as const,
          to: "owner@example.com",
          subject: `Notice ${i + j}`,
          html: "<p>n</p>",
          text: `From ${p.email}.`,
          status: "sent" as const,
        })),
      );
    }
    const cookie = await signIn(p.email);
    await callApp("/api/account/erasure-request", {
      method: "POST",
      json: {},
      headers: { Cookie: `__Secure-account=${cookie}` },
    });
    const request = (await ok("GET", "/api/admin/erasure-requests")).find((r: { email: string }) => r.email === p.email);
    expect((await ok("POST", `/api/admin/erasure-requests/${request.id}/erase`)).outcome).toContain("110 visit(s) deleted");
    expect(await query("SELECT id FROM service_records WHERE customer_id = ?1", customer.id)).toEqual([]);
    expect(
      (await env.IMAGES.list({ prefix: "visits/" })).objects.filter((o) =>
        visits.some((v) => o.key.startsWith(`visits/${v.id}/`)),
      ),
    ).toEqual([]);
    expect(await query("SELECT id FROM outgoing_emails WHERE instr(text, ?1) > 0", p.email)).toEqual([]);
  });

  it("answers a refused request in the owner's words and changes nothing", async () => {
    const p = person("Rosalind", "Penhaligon", "Hawthorn", "0161 496 0855", "M20 2QE");
    const customer = await ok("POST", "/api/admin/customers", {
      firstName: p.first,
      lastName: p.last,
      email: p.email,
      phone: p.phone,
    });
    const cookie = await signIn(p.email);
    await callApp("/api/account/erasure-request", {
      method: "POST",
      json: {},
      headers: { Cookie: `__Secure-account=${cookie}` },
    });
    const before = await rowsOf(p);
    const request = (await ok("GET", "/api/admin/erasure-requests")).find((r: { email: string }) => r.email === p.email);
    const because = "We must keep your gas safety record until next June; we will delete the rest then.";
    expect(await ok("POST", `/api/admin/erasure-requests/${request.id}/refuse`, { outcome: because })).toMatchObject({
      status: "refused",
      email: p.email,
      outcome: because,
    });
    await drainMail();
    const [told] = await query<{ subject: string; text: string; kind: string }>(
      "SELECT subject, text, kind FROM outbox WHERE `to` = ?1 AND subject LIKE '%request to delete%'",
      p.email,
    );
    expect(told).toMatchObject({ kind: "account", subject: expect.stringContaining("your request to delete your account") });
    expect(told!.text).toContain("About your request to delete your account");
    expect(told!.text).toContain(because);
    // The address is still a customer's: the mail log keeps it, and nothing else changed.
    expect(await query("SELECT `to` FROM outgoing_emails WHERE subject = ?1", told!.subject)).toContainEqual({ to: p.email });
    const after = await rowsOf(p);
    for (const table of Object.keys(before).filter(
      (t) => !["account_erasure_requests", "outgoing_emails", "outbox"].includes(t),
    )) {
      expect(after[table], table).toEqual(before[table]);
    }
    expect(await query("SELECT email FROM customers WHERE id = ?1", customer.id)).toEqual([{ email: p.email }]);
  });
});
