import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminGasSafetyRecord } from "../schema/api/gas-safety";
import { forgetFacts } from "../worker/services/settings/business-facts";
import { adminHeaders } from "./helpers/admin";
import { expectConsoleError } from "./helpers/console";
import { createServiceRecord } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";
import {
  admin,
  completeRecord,
  draftAt,
  issuedRecord,
  landlordWithFlat,
  pdfText,
  sha256,
  warningGiven,
} from "./helpers/gas-safety";

// What keeps gas safety records whole: numbers under load, refusals of what is not theirs or
// malformed, a failed issuing batch, and issued PDFs that never change. Issuing is in
// gas-safety-issuing.test.ts, deadlines and corrections in gas-safety-deadlines-and-corrections.test.ts.

describe("gas safety records", () => {
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
      warning: { ...warningGiven, actionsTaken: ["disconnected"] },
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
