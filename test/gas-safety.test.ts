import { env } from "cloudflare:workers";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { SentAttachment } from "../schema/api/campaigns";
import type { DocumentSummary } from "../schema/api/documents";
import { type AdminGasSafetyRecord, nextDeadline } from "../schema/api/gas-safety";
import type { AdminAppliance, AdminProperty } from "../schema/api/properties";
import { addMonths, londonToday } from "../schema/london-time";
import { forgetFacts } from "../worker/services/settings/business-facts";
import { adminHeaders } from "./helpers/admin";
import { expectConsoleError } from "./helpers/console";
import { createServiceRecord } from "./helpers/factories-admin";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

async function admin<T = any>(method: string, path: string, json?: unknown) {
  return callAppJson<T>(path, { method, json, headers: await adminHeaders() });
}

/** A real 1×1 PNG, as the signature pad sends one. */
const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const today = londonToday();

/** A landlord with a let flat: a boiler, an open-flued fire and the tenant's own cooker. */
async function landlordWithFlat({ tenantGetsCopies = true } = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  const { body: customer } = await admin("POST", "/api/admin/customers", {
    firstName: "Lena",
    lastName: `Landlord-${tag}`,
    email: `lena-${tag}@example.com`,
    address: "9 Agent Row, Altrincham",
    postcode: "WA14 1AA",
    isLandlord: true,
  });
  const { body: flat } = await admin<AdminProperty>("POST", `/api/admin/customers/${customer.id}/properties`, {
    address: `Flat ${tag}, 14 Canal Street, Manchester`,
    postcode: "M1 3HW",
    tenantName: "Tom Tenant",
    tenantEmail: `tom-${tag}@example.com`,
    tenantGetsCopies,
  });
  const add = async (appliance: object) =>
    (await admin<AdminAppliance>("POST", `/api/admin/properties/${flat.id}/appliances`, appliance)).body;
  const boiler = await add({
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 30i",
    serial: "WB-123",
    flueType: "room-sealed",
  });
  const fire = await add({ location: "Lounge", type: "fire", make: "Baxi", model: "Bermuda", flueType: "open-flued" });
  const cooker = await add({ location: "Kitchen", type: "cooker", make: "Belling", flueType: "flueless", landlordOwned: false });
  return {
    customer,
    flat,
    tag,
    boiler,
    fire,
    cooker,
    tenantEmail: `tom-${tag}@example.com`,
    landlordEmail: `lena-${tag}@example.com`,
  };
}

type Flat = Awaited<ReturnType<typeof landlordWithFlat>>;

const passed = { safetyDevices: "pass", ventilation: "pass", flueVisual: "pass", safeToUse: true } as const;

/** Everything reg. 36 asks for, filled as an engineer would. */
function completeRecord(f: Flat, overrides: Record<string, unknown> = {}) {
  return {
    checkDate: today,
    appliances: [
      { applianceId: f.boiler.id, ...passed, operatingPressureMbar: 20, coPpm: 12, co2Percent: 9.1, coCo2Ratio: 0.0013 },
      { applianceId: f.fire.id, ...passed, heatInputKw: 4.2, flueFlow: "pass", spillage: "pass" },
      { applianceId: f.cooker.id, visualOnly: true, safeToUse: true },
    ],
    tightnessTest: "pass",
    emergencyControlAccessible: true,
    engineerName: "Dave Hughes",
    engineerLicence: "1234567",
    signature: SIGNATURE,
    ...overrides,
  };
}

async function draftAt(f: Flat, extra: object = {}) {
  const { status, body } = await admin<AdminGasSafetyRecord>("POST", "/api/admin/gas-safety-records", {
    propertyId: f.flat.id,
    ...extra,
  });
  expect(status).toBe(201);
  return body;
}

async function issuedRecord(f: Flat, overrides: Record<string, unknown> = {}) {
  const draft = await draftAt(f);
  expect((await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, completeRecord(f, overrides))).status).toBe(200);
  const issued = await admin<AdminGasSafetyRecord>("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
  expect(issued.status).toBe(200);
  return issued.body;
}

async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function sha256(bytes: Uint8Array) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

describe("gas safety records", () => {
  it("starts a draft with the landlord, every appliance of the property and the tenant's own as a visual check", async () => {
    const f = await landlordWithFlat();
    const draft = await draftAt(f);
    expect(draft).toMatchObject({
      status: "draft",
      number: null,
      checkDate: today,
      landlordName: `Lena Landlord-${f.tag}`,
      landlordAddress: "9 Agent Row, Altrincham, WA14 1AA",
      pdfUrl: null,
      property: { address: f.flat.address, tenantGetsCopies: true },
    });
    expect(draft.appliances.map((a) => [a.applianceId, a.visualOnly])).toEqual([
      [f.boiler.id, false],
      [f.fire.id, false],
      [f.cooker.id, true],
    ]);
    // A reload gets the draft back as saved.
    await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, { tightnessTest: "pass", notes: "Advised a CO alarm" });
    const { body: again } = await admin<AdminGasSafetyRecord>("GET", `/api/admin/gas-safety-records/${draft.id}`);
    expect(again).toMatchObject({ tightnessTest: "pass", notes: "Advised a CO alarm", status: "draft" });
  });

  it("refuses to issue without each reg. 36 item, naming every missing field beside it", async () => {
    const f = await landlordWithFlat();
    const draft = await draftAt(f);
    const { status, body } = await admin("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_FAILED");
    const paths = body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "appliances.0.safeToUse",
        "appliances.0.operatingPressureMbar",
        "appliances.0.safetyDevices",
        "appliances.0.ventilation",
        "appliances.0.flueVisual",
        // The open-flued fire has flue flow and spillage tests; the room-sealed boiler does not.
        "appliances.1.flueFlow",
        "appliances.1.spillage",
        "appliances.2.safeToUse",
        "tightnessTest",
        "emergencyControlAccessible",
        "engineerName",
        "engineerLicence",
        "signature",
      ]),
    );
    expect(paths).not.toContain("appliances.0.flueFlow");
    expect(paths).not.toContain("appliances.2.ventilation");
    // Nothing was numbered or changed.
    const [row] = await query<{ status: string; number: number | null }>(
      "SELECT status, number FROM gas_safety_records WHERE id = ?1",
      draft.id,
    );
    expect(row).toEqual({ status: "draft", number: null });

    // An unsafe appliance needs its classification, and an ID one its warning details.
    await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, completeRecord(f));
    const unsafe = completeRecord(f);
    (unsafe.appliances as Record<string, unknown>[])[1] = { ...unsafe.appliances[1], safeToUse: false, classification: "ID" };
    await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, { appliances: unsafe.appliances });
    const refused = await admin("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
    expect(refused.body.details.map((d: { path: string }) => d.path)).toEqual([
      "appliances.1.defect",
      "appliances.1.warning.actionTaken",
      "appliances.1.warning.permission",
    ]);
  });

  it("issues a complete record once: its number, deadline and PDF, then 409 to any change", async () => {
    const f = await landlordWithFlat();
    const record = await issuedRecord(f);
    expect(record.status).toBe("issued");
    expect(record.number).toMatch(/^GSR-\d{6}$/);
    expect(record.nextDueDate).toBe(addMonths(today, 12));
    expect(record.previousDeadline).toBeNull();
    expect(record.pdfUrl).toMatch(/^\/api\/documents\/gas-safety-record\//);

    const patch = await admin("PATCH", `/api/admin/gas-safety-records/${record.id}`, { notes: "changed" });
    expect(patch.status).toBe(409);
    expect(patch.body.error).toMatch(/cannot be changed/);
    expect((await admin("POST", `/api/admin/gas-safety-records/${record.id}/issue`)).status).toBe(409);

    // The PDF: its text names the record, the property, the engineer and every appliance; its hash is the stored one.
    const res = await callApp(`/api/admin/gas-safety-records/${record.id}/pdf`, { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const [stored] = await query<{ pdf_sha256: string; pdf_key: string }>(
      "SELECT pdf_sha256, pdf_key FROM gas_safety_records WHERE id = ?1",
      record.id,
    );
    expect(await sha256(bytes)).toBe(stored!.pdf_sha256);
    expect((await env.DOCUMENTS.head(stored!.pdf_key))?.size).toBe(bytes.length);
    const text = await pdfText(bytes);
    for (const words of [
      record.number!,
      f.flat.address,
      "1234567",
      "Worcester Greenstar 30i",
      "Baxi Bermuda",
      "Belling",
      "Visual check only",
      "Landlord Gas Safety Record",
      "Gas Safe Register",
    ]) {
      expect(text).toContain(words);
    }

    // The link in the e-mail opens it without signing in; revoking it ends that.
    const link = record.pdfUrl!;
    const open = await callApp(link);
    expect(open.status).toBe(200);
    expect(open.headers.get("Cache-Control")).toBe("no-store");
    expect(open.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(await sha256(new Uint8Array(await open.arrayBuffer()))).toBe(stored!.pdf_sha256);
    const { body: revoked } = await admin<AdminGasSafetyRecord>(
      "POST",
      `/api/admin/gas-safety-records/${record.id}/revoke-links`,
    );
    expect((await callApp(link)).status).toBe(404);
    expect((await callApp(revoked.pdfUrl!)).status).toBe(200);
    // A link to one kind of document never opens another.
    expect((await callApp(link.replace("gas-safety-record", "warning-notice"))).status).toBe(404);
  });

  it("e-mails the landlord and the tenant the PDF, and the tenant only where the property says so", async () => {
    const f = await landlordWithFlat();
    const record = await issuedRecord(f);
    await drainMail();
    type Row = { to: string; attachments: string; text: string };
    const sent = await query<Row>(
      "SELECT `to`, attachments, text FROM outbox WHERE `to` IN (?1, ?2)",
      f.landlordEmail,
      f.tenantEmail,
    );
    expect(sent.map((m) => m.to).sort()).toEqual([f.landlordEmail, f.tenantEmail].sort());
    for (const mail of sent) {
      // The link in it opens the PDF from the site's own address.
      expect(mail.text).toContain(`${env.PUBLIC_SITE_URL}${record.pdfUrl}`);
      const [file] = JSON.parse(mail.attachments) as SentAttachment[];
      expect(file).toMatchObject({ name: `${record.number}.pdf`, contentType: "application/pdf" });
      const bytes = Uint8Array.from(atob((file as { base64: string }).base64), (c) => c.charCodeAt(0));
      expect(await sha256(bytes)).toBe(record.pdfSha256);
    }
    const { body: after } = await admin<AdminGasSafetyRecord>("GET", `/api/admin/gas-safety-records/${record.id}`);
    expect(after.copies.landlordSentAt).not.toBeNull();
    expect(after.copies.tenantSentAt).not.toBeNull();
    expect(after.copies.tenantCopyDueBy).toBeNull();

    const g = await landlordWithFlat({ tenantGetsCopies: false });
    const other = await issuedRecord(g);
    await drainMail();
    expect(await query("SELECT id FROM outbox WHERE `to` = ?1", g.tenantEmail)).toEqual([]);
    expect(await query("SELECT id FROM outbox WHERE `to` = ?1", g.landlordEmail)).toHaveLength(1);
    // Until the owner says the tenant had it, the tenant's copy is due 28 days after the check.
    expect(other.copies.tenantCopyDueBy).toBe(
      new Date(Date.parse(`${today}T12:00:00Z`) + 28 * 86_400_000).toISOString().slice(0, 10),
    );
    const { body: given } = await admin<AdminGasSafetyRecord>(
      "POST",
      `/api/admin/gas-safety-records/${other.id}/tenant-copy-given`,
    );
    expect(given.copies.tenantCopyDueBy).toBeNull();
  });

  it("issues a warning notice with its own number and PDF for an At Risk appliance, listed on the customer", async () => {
    const f = await landlordWithFlat();
    const record = completeRecord(f);
    const appliancesWithFault = [...(record.appliances as Record<string, unknown>[])];
    appliancesWithFault[1] = {
      ...appliancesWithFault[1],
      safeToUse: false,
      classification: "AR",
      defect: "Spillage at the draught diverter",
      remedialAction: "Flue to be swept and retested",
      spillage: "fail",
      warning: { actionTaken: "turned-off", permission: "refused", emergencyServiceInformed: true },
    };
    const issued = await issuedRecord(f, { appliances: appliancesWithFault });
    expect(issued.warningNotices).toHaveLength(1);
    const [notice] = issued.warningNotices;
    expect(notice).toMatchObject({ kind: "warning-notice", classification: "AR" });
    expect(notice!.number).toMatch(/^WN-\d{6}$/);
    const res = await callApp(`/api/admin/warning-notices/${notice!.id}/pdf`, { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    for (const words of [notice!.number!, "AT RISK", "Spillage at the draught diverter", "Refused", issued.number!])
      expect(text).toContain(words);
    const recordText = await pdfText(new Uint8Array(await (await callApp(issued.pdfUrl!)).arrayBuffer()));
    expect(recordText).toContain(notice!.number!);

    const { body: documents } = await admin<DocumentSummary[]>("GET", `/api/admin/customers/${f.customer.id}/documents`);
    expect(documents.map((d) => [d.kind, d.number])).toEqual(
      expect.arrayContaining([
        ["gas-safety-record", issued.number],
        ["warning-notice", notice!.number],
      ]),
    );
    const { body: property } = await admin("GET", `/api/admin/properties/${f.flat.id}`);
    expect(property.documents.map((d: DocumentSummary) => d.number)).toEqual(
      expect.arrayContaining([issued.number, notice!.number]),
    );
  });

  it("gives 20 records issued at once 20 distinct consecutive numbers", async () => {
    const f = await landlordWithFlat();
    const drafts = [];
    for (let i = 0; i < 20; i++) {
      const d = await draftAt(f);
      await admin("PATCH", `/api/admin/gas-safety-records/${d.id}`, completeRecord(f));
      drafts.push(d);
    }
    const answers = await Promise.all(
      drafts.map((d) => admin<AdminGasSafetyRecord>("POST", `/api/admin/gas-safety-records/${d.id}/issue`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => Number(a.body.number!.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });

  it("sets the visit's next due date, which the landlord's reminders run from, and keeps a deadline by reg. 36A", async () => {
    const f = await landlordWithFlat();
    const lastYear = addMonths(today, -10);
    const visit = await createServiceRecord({
      customerId: f.customer.id,
      propertyId: f.flat.id,
      serviceType: "Gas Safety Certificate (CP12)",
      status: "scheduled",
      serviceDate: lastYear,
    });
    const first = await issuedRecord(f, { checkDate: lastYear });
    // Started without a visit: the record becomes the visit (so reminders see it).
    expect(first.serviceRecordId).not.toBeNull();
    expect(first.nextDueDate).toBe(addMonths(lastYear, 12));
    // Checked again today, two months before that deadline: the deadline is kept.
    const draft = await draftAt(f, { serviceRecordId: visit.id });
    await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, completeRecord(f));
    const { body: second } = await admin<AdminGasSafetyRecord>("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
    expect(second.previousDeadline).toBe(addMonths(lastYear, 12));
    expect(second.nextDueDate).toBe(addMonths(lastYear, 24));
    const [row] = await query<{ next_service_due: string; status: string }>(
      "SELECT next_service_due, status FROM service_records WHERE id = ?1",
      visit.id,
    );
    expect(row).toEqual({ next_service_due: addMonths(lastYear, 24), status: "completed" });
  });

  it("follows reg. 36A on its edge days", () => {
    const deadline = "2027-03-15";
    expect(nextDeadline("2027-01-15", deadline)).toBe("2028-03-15"); // exactly two months before: kept
    expect(nextDeadline("2027-01-14", deadline)).toBe("2028-01-14"); // one day before that: from the check
    expect(nextDeadline("2027-03-15", deadline)).toBe("2028-03-15"); // on the deadline: kept
    expect(nextDeadline("2027-03-16", deadline)).toBe("2028-03-16"); // after it: from the check
    expect(nextDeadline("2027-02-01", null)).toBe("2028-02-01"); // the first check
    // Month ends: two months before 30 April is 28 (or 29) February.
    expect(nextDeadline("2027-02-28", "2027-04-30")).toBe("2028-04-30");
    expect(nextDeadline("2027-02-27", "2027-04-30")).toBe("2028-02-27");
  });

  it("corrects an issued record with a new one that names it, starting from what it said", async () => {
    const f = await landlordWithFlat();
    const original = await issuedRecord(f, { notes: "Original notes" });
    const correction = await draftAt(f, { replacesId: original.id });
    expect(correction).toMatchObject({
      replacesId: original.id,
      replacesNumber: original.number,
      notes: "Original notes",
      signature: null,
    });
    await admin("PATCH", `/api/admin/gas-safety-records/${correction.id}`, { notes: "Corrected notes", signature: SIGNATURE });
    const { status, body } = await admin<AdminGasSafetyRecord>("POST", `/api/admin/gas-safety-records/${correction.id}/issue`);
    expect(status).toBe(200);
    const text = await pdfText(new Uint8Array(await (await callApp(body.pdfUrl!)).arrayBuffer()));
    expect(text).toContain(`Replaces ${original.number}`.replace("Replaces ", ""));
    expect(text).toContain("Corrected notes");
    // The original is unchanged.
    const { body: still } = await admin<AdminGasSafetyRecord>("GET", `/api/admin/gas-safety-records/${original.id}`);
    expect(still.notes).toBe("Original notes");
    // Only an issued record of the same property can be replaced.
    const g = await landlordWithFlat();
    const wrong = await admin("POST", "/api/admin/gas-safety-records", { propertyId: g.flat.id, replacesId: original.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].path).toBe("replacesId");
  });

  it("answers 404 for an unknown property, record or another customer's visit, and 400 for a malformed body", async () => {
    const f = await landlordWithFlat();
    const g = await landlordWithFlat();
    expect((await admin("POST", "/api/admin/gas-safety-records", { propertyId: 999_999 })).status).toBe(404);
    expect((await admin("GET", "/api/admin/gas-safety-records/999999")).status).toBe(404);
    expect((await admin("POST", "/api/admin/gas-safety-records/999999/issue")).status).toBe(404);
    expect((await callApp("/api/admin/gas-safety-records/999999/pdf", { headers: await adminHeaders() })).status).toBe(404);
    const othersVisit = await createServiceRecord({ customerId: g.customer.id, serviceType: "Gas Safety Certificate (CP12)" });
    expect(
      (await admin("POST", "/api/admin/gas-safety-records", { propertyId: f.flat.id, serviceRecordId: othersVisit.id })).status,
    ).toBe(404);

    const draft = await draftAt(f);
    const notHere = await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, {
      appliances: [{ applianceId: g.boiler.id, safeToUse: true }],
    });
    expect(notHere.status).toBe(400);
    expect(notHere.body.details).toEqual([
      { path: "appliances.0.applianceId", message: "This appliance is not at this property" },
    ]);
    const malformed = await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, {
      checkDate: "31/12/2026",
      engineerLicence: "12",
      appliances: [{ applianceId: f.boiler.id, coPpm: -1, safetyDevices: "ok" }],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(["checkDate", "engineerLicence", "appliances.0.coPpm", "appliances.0.safetyDevices"]),
    );
    const notAnImage = await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, {
      signature: "data:text/html;base64,PHNjcmlwdD4=",
    });
    expect(notAnImage.status).toBe(400);
    // Nothing half-written: the draft is as it was.
    const { body: same } = await admin<AdminGasSafetyRecord>("GET", `/api/admin/gas-safety-records/${draft.id}`);
    expect(same.updatedAt).toBe(draft.updatedAt);
    // Unauthenticated: no record, no PDF.
    expect((await callApp(`/api/admin/gas-safety-records/${draft.id}`)).status).toBe(401);
  });

  it("leaves nothing half-written when D1 fails in the middle of the issuing batch, and issues whole next time", async () => {
    const f = await landlordWithFlat();
    const draft = await draftAt(f);
    const withNotice = completeRecord(f);
    (withNotice.appliances as Record<string, unknown>[])[1] = {
      ...withNotice.appliances[1],
      safeToUse: false,
      classification: "ID",
      defect: "Gas escape at the fire's inlet",
      warning: { actionTaken: "disconnected", permission: "given" },
    };
    await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, withNotice);
    const counters = () => query<{ series: string; last: number }>("SELECT series, last FROM number_series ORDER BY series");
    const before = await counters();
    // A binding whose writing batches end with a statement that fails: D1 rolls the whole batch back.
    const failing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch") {
          return (statements: (D1PreparedStatement & { statement?: string })[]) =>
            statements.some((st) => /^\s*(update|insert)/i.test(st.statement ?? ""))
              ? target.batch([...statements, target.prepare("INSERT INTO customers (first_name) VALUES (NULL)")])
              : target.batch(statements);
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expectConsoleError(/NOT NULL constraint failed: customers\.first_name/);
    const failed = await callApp(`/api/admin/gas-safety-records/${draft.id}/issue`, {
      method: "POST",
      headers: await adminHeaders(),
      env: { DB: failing },
    });
    expect(failed.status).toBe(500);
    const [row] = await query<{ status: string; number: number | null; snapshot: string | null }>(
      "SELECT status, number, snapshot FROM gas_safety_records WHERE id = ?1",
      draft.id,
    );
    expect(row).toEqual({ status: "draft", number: null, snapshot: null });
    expect(await query("SELECT id FROM warning_notices WHERE record_id = ?1", draft.id)).toEqual([]);
    expect(await counters()).toEqual(before);

    const { status, body } = await admin<AdminGasSafetyRecord>("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
    expect(status).toBe(200);
    expect(body.warningNotices).toHaveLength(1);
  });

  it("keeps the company's facts as they were at issue: a new phone number changes no issued PDF", async () => {
    const f = await landlordWithFlat();
    const record = await issuedRecord(f);
    const before = new Uint8Array(await (await callApp(record.pdfUrl!)).arrayBuffer());
    expect(await pdfText(before)).toContain("0161 496 0123");
    try {
      const saved = await admin("PATCH", "/api/admin/settings", { phone: "0161 496 0777" });
      expect(saved.status).toBe(200);
      const after = new Uint8Array(await (await callApp(record.pdfUrl!)).arrayBuffer());
      expect(await sha256(after)).toBe(record.pdfSha256);
      // A record issued now carries the new number.
      const next = await issuedRecord(f);
      expect(await pdfText(new Uint8Array(await (await callApp(next.pdfUrl!)).arrayBuffer()))).toContain("0161 496 0777");
    } finally {
      await query("DELETE FROM settings");
      await forgetFacts();
    }
  });
});
