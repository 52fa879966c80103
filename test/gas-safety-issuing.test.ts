import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SentAttachment } from "../schema/api/campaigns";
import type { DocumentSummary } from "../schema/api/documents";
import type { AdminGasSafetyRecord } from "../schema/api/gas-safety";
import { addMonths } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { callApp, query } from "./helpers/factories-commerce";
import { admin, completeRecord, draftAt, issuedRecord, landlordWithFlat, pdfText, sha256, today } from "./helpers/gas-safety";
import { drainMail } from "./helpers/mail";

// A gas safety record from draft to issue: what it needs, its number, PDF and e-mails, and the
// warning notice of an unsafe appliance. Deadlines and corrections are in
// gas-safety-deadlines-and-corrections.test.ts, refusals and failures in gas-safety-integrity.test.ts.

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
      "appliances.1.warning.actionsTaken",
      "appliances.1.warning.permission",
      "appliances.1.warning.responsiblePerson",
      "appliances.1.warning.responsibleSignature",
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
      warning: {
        actionsTaken: ["turned-off"],
        permission: "refused",
        emergencyServiceInformed: true,
        responsiblePerson: "Tom Tenant",
        refusedToSign: true,
      },
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
});
