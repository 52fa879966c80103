/** Invoices made through the admin API as the office makes them: a customer, three priced lines, a draft, an issued one. */
import { extractText, getDocumentProxy } from "unpdf";
import { expect } from "vitest";
import type { AdminInvoice } from "../../schema/api/invoices";
import { admin } from "./admin";

export { admin };

export async function customer() {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `payer-${tag}@example.com`;
  const { body } = await admin("POST", "/api/admin/customers", {
    firstName: "Pat",
    lastName: `Payer-${tag}`,
    email,
    address: "9 Oak Road, Sale",
    postcode: "M33 2AB",
  });
  return { id: body.id as number, email, tag };
}

export const lines = [
  { id: "service", description: "Annual boiler service", quantity: 1, unitPence: 8_500, vatRate: 20 },
  { id: "valve", description: "Diverter valve", quantity: 2, unitPence: 4_333, vatRate: 20 },
  { id: "saving", description: "Loft insulation advice", quantity: 1, unitPence: 1_000, vatRate: 5 },
];

export const registered = () => admin("PATCH", "/api/admin/settings/billing", { vatRegistered: true, vatNumber: "GB123456789" });

export async function draft(customerId: number, extra: object = {}) {
  const { status, body } = await admin<AdminInvoice>("POST", "/api/admin/invoices", { customerId, lines, ...extra });
  expect(status).toBe(201);
  return body;
}

export async function issued(vat = true) {
  if (vat) await registered();
  const c = await customer();
  const d = await draft(c.id);
  const { status, body } = await admin<AdminInvoice>("POST", `/api/admin/invoices/${d.id}/issue`);
  expect(status).toBe(200);
  const token = body.payLink!.split("/").pop()!;
  return { c, invoice: body, token };
}

export const pdfText = async (res: Response) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
  return text.replace(/\s+/g, " ");
};
