import type { APIRequestContext } from "@playwright/test";
import type { OutboxEmail } from "../schema/api/campaigns";
import type { AdminCustomer } from "../schema/api/customers";
import { londonToday } from "../schema/london-time";
import { passedBoilerRecord } from "../test/fixtures/gas-safety-record";
import { adminGet, bearer, expect, unique } from "./admin-fixtures";

/** The sign-in link e-mailed to `email`, from the local outbox (its path and secret fragment). */
export async function signInLink(request: APIRequestContext, token: string, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = await adminGet<OutboxEmail[]>(request, token, "/api/admin/outbox?limit=20");
        const mail = outbox.find((m) => m.to === email && /\/account\/sign-in#/.test(m.text));
        link = mail ? /https?:\/\/\S+\/account\/sign-in#[\w-]+/.exec(mail.text)?.[0] : undefined;
        return link;
      },
      { message: `sign-in e-mail to ${email}`, timeout: 20_000, intervals: [250] },
    )
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).hash;
}

/** A landlord with a flat let to Tom, its issued gas safety record and an issued invoice, made in the office. */
export async function landlord(request: APIRequestContext, token: string) {
  const lastName = unique("Landlord");
  const email = `${lastName.toLowerCase()}@example.com`;
  const post = async <T>(path: string, data: unknown, method: "post" | "patch" = "post") => {
    const res = await request[method](path, { headers: bearer(token), data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const customer = await post<AdminCustomer>("/api/admin/customers", {
    firstName: "Lena",
    lastName,
    email,
    phone: "0161 496 0123",
    address: "1 Agent Row, Altrincham",
    postcode: "WA14 1AA",
    isLandlord: true,
  });
  const tenantEmail = `tenant-${lastName.toLowerCase()}@example.com`;
  const flat = await post<{ id: number }>(`/api/admin/customers/${customer.id}/properties`, {
    address: "Flat 3, 14 Canal Street, Manchester",
    postcode: "M1 3HW",
    tenantName: "Tom Tenant",
    tenantEmail,
  });
  const boiler = await post<{ id: number }>(`/api/admin/properties/${flat.id}/appliances`, {
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 30i",
    flueType: "room-sealed",
  });
  const draft = await post<{ id: number }>("/api/admin/gas-safety-records", { propertyId: flat.id });
  await post(`/api/admin/gas-safety-records/${draft.id}`, passedBoilerRecord(boiler.id, londonToday()), "patch");
  const record = await post<{ number: string }>(`/api/admin/gas-safety-records/${draft.id}/issue`, {});
  const invoice = await post<{ id: number }>("/api/admin/invoices", {
    customerId: customer.id,
    lines: [{ description: "Gas safety check", quantity: 1, unitPence: 7_500, vatRate: 0 }],
  });
  const issued = await post<{ number: string }>(`/api/admin/invoices/${invoice.id}/issue`, {});
  return { email, lastName, record, invoice: issued, tenantEmail };
}
