import { afterEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { createProduct } from "./helpers/factories";
import { createServiceRecord } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";
import { admin, customer, registered } from "./helpers/invoices";

/**
 * A visit invoiced from its job sheet: the parts the engineer used are charged as lines at their
 * catalogue price, and a visit with no price of its own charges the sheet's time at the owner's
 * labour rate.
 */

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

/** A completed visit with a finished job sheet: 90 minutes, two of one part and one of another. */
async function finishedVisit(costPence: number | null) {
  const c = await customer();
  const valve = await createProduct({ name: "Diverter valve", pricePence: 4_800 });
  const seal = await createProduct({ name: "Condensate trap seal", pricePence: 599 });
  const visit = await createServiceRecord({
    customerId: c.id,
    serviceType: "Boiler Repair",
    status: "completed",
    serviceDate: londonToday(),
    costPence,
    workCompleted: "Replaced the diverter valve",
    partsUsed: "2 × Diverter valve, 1 × Condensate trap seal",
  });
  const parts = [
    { productId: valve.id, name: "Diverter valve", quantity: 2 },
    { productId: seal.id, name: "Condensate trap seal", quantity: 1 },
  ];
  await query(
    "INSERT INTO visit_sheets (service_record_id, labour_minutes, parts, updated_at) VALUES (?1, 90, ?2, ?3)",
    visit.id,
    JSON.stringify(parts),
    new Date().toISOString(),
  );
  return { c, visit, valve, seal };
}

const invoiceVisit = (id: number) => admin<AdminInvoice>("POST", "/api/admin/invoices", { fromServiceRecordId: id });

describe("a visit invoiced from its job sheet", () => {
  it("charges the parts used as lines at their catalogue price, less VAT for a registered business", async () => {
    await registered();
    const { visit, valve, seal } = await finishedVisit(12_000);
    const made = await invoiceVisit(visit.id);
    expect(made.status).toBe(201);
    expect(made.body.notes).toBeNull();
    expect(made.body.lines).toEqual([
      expect.objectContaining({ description: "Boiler Repair: Replaced the diverter valve", quantity: 1, unitPence: 12_000 }),
      // £48.00 and £5.99 in the store, VAT included: £40.00 and £4.99 before VAT.
      expect.objectContaining({ description: "Part: Diverter valve", quantity: 2, unitPence: 4_000, productId: valve.id }),
      expect.objectContaining({ description: "Part: Condensate trap seal", quantity: 1, unitPence: 499, productId: seal.id }),
    ]);
    // 120.00 + 80.00 + 4.99 net, VAT 20 % on each line.
    expect(made.body.totals.netPence).toBe(20_499);
  });

  it("charges the sheet's time at the owner's hourly rate when the visit has no price, and not otherwise", async () => {
    const rate = await admin("PATCH", "/api/admin/settings/billing", { labourRatePence: 6_000 });
    expect(rate.status).toBe(200);
    expect(rate.body.labourRatePence).toBe(6_000);

    const unpriced = await finishedVisit(null);
    const byTheHour = await invoiceVisit(unpriced.visit.id);
    expect(byTheHour.body.lines[0]).toMatchObject({
      description: "Boiler Repair: Replaced the diverter valve (labour, 1 h 30 min at £60.00 an hour)",
      quantity: 1,
      unitPence: 9_000,
    });
    // Not VAT registered: the parts at the price in the store.
    expect(byTheHour.body.lines.slice(1).map((l) => l.unitPence)).toEqual([4_800, 599]);

    const priced = await finishedVisit(7_500);
    const fixed = await invoiceVisit(priced.visit.id);
    expect(fixed.body.lines[0]).toMatchObject({ description: "Boiler Repair: Replaced the diverter valve", unitPence: 7_500 });
  });

  it("refuses a labour rate that is not an amount", async () => {
    for (const labourRatePence of [0, -100, 12.5, "sixty"]) {
      const refused = await admin("PATCH", "/api/admin/settings/billing", { labourRatePence });
      expect(refused.status).toBe(400);
      expect(refused.body.details[0].path).toBe("labourRatePence");
    }
    expect((await admin("PATCH", "/api/admin/settings/billing", { labourRatePence: null })).status).toBe(200);
  });
});
