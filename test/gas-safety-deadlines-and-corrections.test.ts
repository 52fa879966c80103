import { describe, expect, it } from "vitest";
import { type AdminGasSafetyRecord, nextDeadline } from "../schema/api/gas-safety";
import { addMonths } from "../schema/london-time";
import { createServiceRecord } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";
import { admin, completeRecord, draftAt, issuedRecord, landlordWithFlat, pdfText, SIGNATURE, today } from "./helpers/gas-safety";

// A record's next deadline (reg. 36A) and its correction by a new record. Issuing is in
// gas-safety-issuing.test.ts, refusals and failures in gas-safety-integrity.test.ts.

describe("gas safety records", () => {
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
      complianceConfirmed: null,
    });
    // Signed and confirmed afresh by whoever issues the correction.
    await admin("PATCH", `/api/admin/gas-safety-records/${correction.id}`, {
      notes: "Corrected notes",
      signature: SIGNATURE,
      complianceConfirmed: true,
    });
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
});
