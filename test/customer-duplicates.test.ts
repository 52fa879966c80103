import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { customers } from "../schema/db";
import { getDb } from "../worker/db/client";
import { listCustomers } from "../worker/services/customers/customers";
import { admin } from "./helpers/admin";
import { countingD1 } from "./helpers/d1-counter";
import { createCustomer } from "./helpers/factories-admin";
import { query } from "./helpers/factories-commerce";

// The customer list's "Possible duplicate" and the customer page's list of the others
// (worker/services/customers/duplicates.ts).

type Listed = { id: number; lastName: string; isPossibleDuplicate: boolean };

/** A run of customers sharing nothing with anyone, so the list is long and mostly unflagged. */
async function seedCrowd(tag: string, n: number) {
  const db = getDb(env);
  const rows = Array.from({ length: n }, (_, i) => ({
    firstName: "Crowd",
    lastName: `${tag}${String(i).padStart(3, "0")}`,
    email: `crowd-${i}-${tag}@example.com`,
    phone: `0161 100 ${String(i).padStart(4, "0")}`,
  }));
  // D1 takes at most 100 bound parameters a statement: a few rows an insert.
  for (let i = 0; i < rows.length; i += 20) await db.insert(customers).values(rows.slice(i, i + 20));
}

describe("likely duplicates", () => {
  it("flags customers sharing an e-mail in another case or a phone number written another way, among more than a hundred", async () => {
    const tag = `Dup${crypto.randomUUID().slice(0, 6)}`;
    await seedCrowd(tag, 110);
    const upper = await createCustomer({ lastName: `${tag}Upper`, email: `Jo.Dup-${tag}@Example.com`, phone: null });
    const lower = await createCustomer({
      lastName: `${tag}Lower`,
      email: `jo.dup-${tag}@example.com`.toLowerCase(),
      phone: null,
    });
    const spaced = await createCustomer({ lastName: `${tag}Spaced`, email: null, phone: "07700 900 4 23" });
    const international = await createCustomer({
      lastName: `${tag}Intl`,
      email: `intl-${tag}@example.com`,
      phone: "+44 (0)7700 900423",
    });
    const plain = await createCustomer({ lastName: `${tag}Plain`, email: `plain-${tag}@example.com`, phone: "07700 900424" });

    const res = await admin<Listed[]>("GET", `/api/admin/customers?q=${tag}&limit=500`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(115);
    expect(
      res.body
        .filter((c) => c.isPossibleDuplicate)
        .map((c) => c.id)
        .sort((a, b) => a - b),
    ).toEqual([upper.id, lower.id, spaced.id, international.id].sort((a, b) => a - b));
    expect(res.body.find((c) => c.id === plain.id)?.isPossibleDuplicate).toBe(false);
  });

  it("flags a customer whose duplicate is outside the page or the search", async () => {
    const tag = `Far${crypto.randomUUID().slice(0, 6)}`;
    const shown = await createCustomer({ lastName: `${tag}Shown`, email: null, phone: "0161 496 7788" });
    await createCustomer({ lastName: "Elsewhere", email: null, phone: "+44 161 496 7788" });
    const res = await admin<Listed[]>("GET", `/api/admin/customers?q=${tag}`);
    expect(res.body).toEqual([expect.objectContaining({ id: shown.id, isPossibleDuplicate: true })]);
  });

  it("reads the list in one round trip, the duplicate check from the e-mail and phone indexes", async () => {
    const counted = countingD1(env.DB);
    await listCustomers(getDb({ DB: counted.db }), { q: undefined, limit: 100, offset: 0 });
    expect(counted.trips).toHaveLength(1);
    // The list's statement, planned with its one binding (the limit: the first page has no offset).
    const [list] = counted.trips[0]!;
    expect(list).toMatch(/from "customers" "listed" order by .* limit \?$/);
    const plan = (await query<{ detail: string }>(`EXPLAIN QUERY PLAN ${list}`, 100)).map((p) => p.detail).join("\n");
    expect(plan).toMatch(/SEARCH other_customer USING (COVERING )?INDEX customers_email_lower/);
    expect(plan).toMatch(/SEARCH other_customer USING (COVERING )?INDEX customers_phone_key/);
    expect(plan).not.toMatch(/SCAN other_customer/);
  });

  it("names the others on the customer's page, with what they share", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const one = await createCustomer({ email: `Pat-${tag}@example.com`, phone: "0161 496 1234" });
    const sameEmail = await createCustomer({ email: `pat-${tag}@EXAMPLE.com`, phone: null });
    const samePhone = await createCustomer({ email: `other-${tag}@example.com`, phone: "(0161) 496-1234" });
    await createCustomer({ email: `third-${tag}@example.com`, phone: "0161 496 1235" });
    const res = await admin("GET", `/api/admin/customers/${one.id}/duplicates`);
    expect(res.status).toBe(200);
    expect(
      res.body.map((c: { id: number; sameEmail: boolean; samePhone: boolean }) => [c.id, c.sameEmail, c.samePhone]).sort(),
    ).toEqual(
      [
        [sameEmail.id, true, false],
        [samePhone.id, false, true],
      ].sort(),
    );
    const alone = await createCustomer({ email: `alone-${tag}@example.com`, phone: null });
    expect((await admin("GET", `/api/admin/customers/${alone.id}/duplicates`)).body).toEqual([]);
    expect((await admin("GET", "/api/admin/customers/999999/duplicates")).status).toBe(404);
  });
});
