/** A customer's account as the tests reach it: a landlord seeded through the admin API, signed in by the e-mailed link. */
import { expect } from "vitest";
import { londonToday } from "../../schema/london-time";
import { passedBoilerRecord } from "../fixtures/gas-safety-record";
import { admin } from "./admin";

export { admin };

import { callApp, callAppJson, query } from "./factories-commerce";

/** A landlord with a flat, a boiler, an issued gas safety record, a sent quote and an issued invoice. */
export async function landlord(name: string) {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `${name.toLowerCase()}-${tag}@example.com`;
  const { body: customer } = await admin("POST", "/api/admin/customers", {
    firstName: name,
    lastName: `Landlord-${tag}`,
    email,
    address: "1 Agent Row, Altrincham",
    postcode: "WA14 1AA",
    isLandlord: true,
  });
  const { body: flat } = await admin("POST", `/api/admin/customers/${customer.id}/properties`, {
    address: `Flat ${tag}, 14 Canal Street, Manchester`,
    postcode: "M1 3HW",
  });
  const { body: boiler } = await admin("POST", `/api/admin/properties/${flat.id}/appliances`, {
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 30i",
    flueType: "room-sealed",
  });
  const { body: draft } = await admin("POST", "/api/admin/gas-safety-records", { propertyId: flat.id });
  const filled = await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, passedBoilerRecord(boiler.id, londonToday()));
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  const { body: record } = await admin("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
  const { body: invoice } = await admin("POST", "/api/admin/invoices", {
    customerId: customer.id,
    lines: [{ description: "Gas safety check", quantity: 1, unitPence: 7_500, vatRate: 20 }],
  });
  expect((await admin("POST", `/api/admin/invoices/${invoice.id}/issue`)).status).toBe(200);
  return { email, tag, customer, flat, record, invoice };
}

export const outgoingLinks = async (email: string) =>
  (
    await query<{ text: string }>(
      "SELECT text FROM outgoing_emails WHERE lower(`to`) = ?1 AND kind = 'account' ORDER BY id DESC",
      email,
    )
  ).map((m) => /\/account\/sign-in#([\w-]{43})/.exec(m.text)?.[1]);

export async function signIn(email: string): Promise<string> {
  const res = await callApp("/api/account/sign-in", { method: "POST", json: { email } });
  expect(res.status).toBe(202);
  const [token] = await outgoingLinks(email);
  expect(token).toBeTruthy();
  const session = await callApp("/api/account/session", { method: "POST", json: { token } });
  expect(session.status).toBe(200);
  return /__Secure-account=([^;]+)/.exec(session.headers.get("Set-Cookie") ?? "")![1]!;
}

export const asCustomer = (cookie: string) => ({ Cookie: `__Secure-account=${cookie}` });
export const account = async <T = any>(cookie: string, path = "", init: Parameters<typeof callApp>[1] = {}) =>
  callAppJson<T>(`/api/account${path}`, { ...init, headers: { ...asCustomer(cookie), ...init.headers } });
