import { describe, expect, it } from "vitest";
import { createServiceRecord } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { admin, draftAt, issuedRecord, landlordWithFlat, today } from "./helpers/gas-safety";

/**
 * A record started from the property on the day of its visit belongs to that visit: the day keeps
 * one visit (the job sheet, the price, the record and its next due date), not a second one made when
 * the record is issued.
 */

const visitsAt = (propertyId: number) =>
  query<{ id: number; next_service_due: string | null }>(
    "SELECT id, next_service_due FROM service_records WHERE property_id = ?1",
    propertyId,
  );

describe("a gas safety record started from the property on a visit's day", () => {
  it("belongs to that visit, even finished, and issuing it makes no second visit", async () => {
    const f = await landlordWithFlat();
    const visit = await createServiceRecord({
      customerId: f.customer.id,
      propertyId: f.flat.id,
      serviceType: "Gas Safety Certificate (CP12)",
      status: "completed",
      serviceDate: today,
      costPence: 7500,
    });
    const record = await issuedRecord(f);
    expect(record.serviceRecordId).toBe(visit.id);
    const visits = await visitsAt(f.flat.id);
    expect(visits).toHaveLength(1);
    expect(visits[0]?.next_service_due).toBe(record.nextDueDate);
  });

  it("never takes another property's visit, another customer's, or a visit that already has its record", async () => {
    const f = await landlordWithFlat();
    const g = await landlordWithFlat();
    const theirs = await createServiceRecord({
      customerId: g.customer.id,
      propertyId: g.flat.id,
      serviceType: "Gas Safety Certificate (CP12)",
      status: "scheduled",
      serviceDate: today,
    });
    expect((await draftAt(f)).serviceRecordId).toBeNull();

    const ours = await createServiceRecord({
      customerId: f.customer.id,
      propertyId: f.flat.id,
      serviceType: "Gas Safety Certificate (CP12)",
      status: "in-progress",
      serviceDate: today,
    });
    // The draft above (no visit then) holds nothing; the next one takes today's visit, and a third does not.
    expect((await draftAt(f)).serviceRecordId).toBe(ours.id);
    expect((await draftAt(f)).serviceRecordId).toBeNull();
    expect((await draftAt(g)).serviceRecordId).toBe(theirs.id);
  });

  it("on another day than the visit's, does not take it", async () => {
    const f = await landlordWithFlat();
    await createServiceRecord({
      customerId: f.customer.id,
      propertyId: f.flat.id,
      serviceType: "Gas Safety Certificate (CP12)",
      status: "completed",
      serviceDate: "2026-01-05",
    });
    const draft = await admin("POST", "/api/admin/gas-safety-records", { propertyId: f.flat.id });
    expect(draft.body.serviceRecordId).toBeNull();
  });
});
