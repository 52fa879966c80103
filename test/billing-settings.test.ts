import { afterEach, describe, expect, it } from "vitest";
import { type BillingSettings, defaultBilling } from "../schema/api/billing";
import { adminHeaders } from "./helpers/admin";
import { callAppJson, query } from "./helpers/factories-commerce";

async function admin<T = any>(method: string, json?: unknown) {
  return callAppJson<T>("/api/admin/settings/billing", { method, json, headers: await adminHeaders() });
}

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("billing settings", () => {
  it("starts from the defaults, saves what is sent in the UK's forms, and keeps what is not sent", async () => {
    expect((await admin<BillingSettings>("GET")).body).toEqual(defaultBilling);
    const saved = await admin<BillingSettings>("PATCH", {
      legalName: "Northside Heating Ltd",
      paymentTermsDays: 30,
      bankAccountName: "Northside Heating Ltd",
      bankSortCode: "12 34 56",
      bankAccountNumber: "1234 5678",
      invoiceFooter: "Registered in England, company 01234567.",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ bankSortCode: "12-34-56", bankAccountNumber: "12345678", paymentTermsDays: 30 });
    const partial = await admin<BillingSettings>("PATCH", { quoteValidDays: 14 });
    expect(partial.body).toEqual({ ...saved.body, quoteValidDays: 14 });
    expect((await admin<BillingSettings>("GET")).body).toEqual(partial.body);
    // Emptied, a field is cleared.
    expect((await admin<BillingSettings>("PATCH", { legalName: "" })).body.legalName).toBeNull();
  });

  it("charges VAT only with a number, one sent now or saved before", async () => {
    const without = await admin("PATCH", { vatRegistered: true });
    expect(without.status).toBe(400);
    expect(without.body.details).toEqual([{ path: "vatNumber", message: "Enter the VAT number to charge VAT" }]);
    expect((await admin("PATCH", { vatNumber: "GB 123 4567 89" })).status).toBe(200);
    const registered = await admin<BillingSettings>("PATCH", { vatRegistered: true });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ vatRegistered: true, vatNumber: "GB 123 4567 89" });
  });

  it("refuses a sort code, account number or payment terms that cannot be right, each beside its field", async () => {
    const bad = await admin("PATCH", { bankSortCode: "12-34", bankAccountNumber: "123", paymentTermsDays: 365 });
    expect(bad.status).toBe(400);
    expect(Object.fromEntries(bad.body.details.map((d: { path: string; message: string }) => [d.path, d.message]))).toEqual({
      bankSortCode: "A sort code is 6 digits, like 12-34-56",
      bankAccountNumber: "An account number is 8 digits",
      paymentTermsDays: "At most 120 days",
    });
    expect((await admin<BillingSettings>("GET")).body).toEqual(defaultBilling);
  });
});
