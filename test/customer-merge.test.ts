import { env } from "cloudflare:workers";
import { getTableName } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isBankHoliday } from "../schema/bank-holidays";
import { addDays, londonToday, weekdayOf } from "../schema/london-time";
import { getDb } from "../worker/db/client";
import { ApiError } from "../worker/lib/errors";
import { customerReferences, mergeCustomers } from "../worker/services/customers/merge";
import { account, signIn } from "./helpers/account";
import { admin } from "./helpers/admin";
import { ok, person } from "./helpers/erasure-person";
import { allTables } from "./helpers/erasure-scan";
import { seedEverywhere } from "./helpers/erasure-seed";
import { createCustomer } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

// "Merge with another customer…" (issue 44, one customer per person): worker/services/customers/merge.ts.

const references = customerReferences.map(({ table, column }) => ({ table: getTableName(table), column: column.name }));

/** How many rows each customer reference holds for these customers. */
async function referenceCounts(...ids: number[]) {
  const counts: Record<string, number[]> = {};
  for (const { table, column } of references) {
    counts[`${table}.${column}`] = await Promise.all(
      ids.map(
        async (id) => (await query<{ n: number }>(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = ?1`, id))[0]!.n,
      ),
    );
  }
  return counts;
}

/**
 * Every table's row count: search indexes' own tables left out (they follow their table), and the
 * admin sessions each signed-in test call makes.
 */
async function tableCounts() {
  const counts: Record<string, number> = {};
  for (const { name, sql } of await allTables()) {
    if (/^CREATE VIRTUAL TABLE/i.test(sql) || /_search_(data|idx|content|docsize|config)$/.test(name)) continue;
    if (name === "admin_sessions") continue;
    counts[name] = (await query<{ n: number }>(`SELECT count(*) AS n FROM "${name}"`))[0]!.n;
  }
  return counts;
}

const merge = (keptId: number, mergedCustomerId: unknown) =>
  admin("POST", `/api/admin/customers/${keptId}/merge`, { mergedCustomerId });

describe("merging two customers", () => {
  it("moves every row of every table that points at the merged customer to the kept one: nothing lost, nothing duplicated", async () => {
    // A day a week or more ahead that is open for booking (never a Sunday or a bank holiday: today + 8
    // was a Sunday on every Saturday, and no time was offered).
    let day = addDays(londonToday(), 8);
    while (weekdayOf(day) === "sunday" || isBankHoliday(day)) day = addDays(day, 1);
    const a = person("Araminta", "Fenwick", "Hollyhock", "0161 496 0911", "M20 3QA");
    const b = person("Barnaby", "Fenwick", "Hawthorn", "0161 496 0922", "M20 3QB");
    const seededA = await seedEverywhere(a, day);
    const seededB = await seedEverywhere(b, day);
    // B's second entry first made one with the first, so B's first holds all of B.
    await ok("POST", `/api/admin/customers/${seededB.kept.id}/merge`, { mergedCustomerId: seededB.again.id });
    const keptId = seededA.kept.id;
    const mergedId = seededB.kept.id;

    const before = await referenceCounts(keptId, mergedId);
    for (const [reference, [, merged]] of Object.entries(before)) expect(merged, `${reference} seeded for B`).toBeGreaterThan(0);
    const tablesBefore = await tableCounts();
    const sentByEmail = async (id: number) =>
      (await ok("GET", `/api/admin/customers/${id}/timeline`)).filter((e: { kind: string }) => e.kind === "quote").length;
    const [requestsOfA, requestsOfB] = [await sentByEmail(keptId), await sentByEmail(mergedId)];
    expect(requestsOfB).toBeGreaterThan(0);

    const res = await merge(keptId, mergedId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.merged).toEqual({ id: mergedId, name: b.name });
    // The kept customer keeps its own e-mail, phone and address: B's differ, and are logged instead.
    expect(res.body.customer).toMatchObject({ id: keptId, email: a.email, phone: a.phone, address: a.address, isLandlord: true });

    const after = await referenceCounts(keptId, mergedId);
    for (const [reference, [kept, merged]] of Object.entries(before)) {
      const [keptAfter, mergedAfter] = after[reference]!;
      // The merge's own log row is the kept customer's one row more.
      const logged = reference === "customer_merges.kept_customer_id" ? 1 : 0;
      expect({ reference, kept: keptAfter, merged: mergedAfter }).toEqual({
        reference,
        kept: kept! + merged! + logged,
        merged: 0,
      });
      expect(res.body.moved[reference.split(".")[0]!] ?? 0, reference).toBe(merged);
    }
    // Every other table as it was; one customer fewer, one merge more, and the merge in who did what.
    expect(await tableCounts()).toEqual({
      ...tablesBefore,
      customers: tablesBefore.customers! - 1,
      customer_merges: tablesBefore.customer_merges! + 1,
      audit_log: tablesBefore.audit_log! + 1,
    });
    expect(await query("SELECT id FROM customers WHERE id = ?1", mergedId)).toEqual([]);
    expect(await query("SELECT rowid FROM customers_search WHERE rowid = ?1", mergedId)).toEqual([]);

    // The kept customer's timeline shows the merge, B's details, and what B sent by e-mail.
    const timeline = await ok("GET", `/api/admin/customers/${keptId}/timeline`);
    const merged = timeline.find((e: { kind: string; ref: string }) => e.kind === "merge" && e.ref === String(mergedId));
    expect(merged.title).toMatch(new RegExp(`^Merged with ${b.name} \\(#${mergedId}\\) on \\d{1,2} \\w{3} \\d{4}$`));
    expect(merged.detail).toContain(`e-mail ${b.email}`);
    expect(merged.detail).toContain(`phone ${b.phone}`);
    expect(timeline.filter((e: { kind: string }) => e.kind === "quote")).toHaveLength(requestsOfA + requestsOfB);
    // B's earlier merges came along.
    expect(
      timeline
        .filter((e: { kind: string }) => e.kind === "merge")
        .map((e: { ref: string }) => Number(e.ref))
        .sort(),
    ).toEqual(expect.arrayContaining([mergedId, seededB.again.id]));
  });

  it("fills in what the kept customer lacks from the merged one, and keeps its own where both have one", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const kept = await createCustomer({ email: null, phone: "0161 496 0101", address: null, postcode: null });
    const gone = await createCustomer({
      email: `gone-${tag}@example.com`,
      phone: "07700 900999",
      address: "4 Elm Road, Sale",
      postcode: "M33 4AA",
      isLandlord: true,
      remindersOptedOutAt: "2026-01-02T03:04:05.000Z",
    });
    const res = await merge(kept.id, gone.id);
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({
      email: `gone-${tag}@example.com`,
      phone: "0161 496 0101",
      address: "4 Elm Road, Sale",
      postcode: "M33 4AA",
      isLandlord: true,
    });
    expect(await query("SELECT reminders_opted_out_at AS at FROM customers WHERE id = ?1", kept.id)).toEqual([
      { at: "2026-01-02T03:04:05.000Z" },
    ]);
    const timeline = await ok("GET", `/api/admin/customers/${kept.id}/timeline`);
    expect(timeline.find((e: { kind: string }) => e.kind === "merge").detail).toContain("phone 07700 900999");
  });

  it("takes no postcode from another house: an address the kept customer has stays whole", async () => {
    const kept = await createCustomer({ address: "1 Oak Lane, Altrincham", postcode: null });
    const gone = await createCustomer({ address: "9 Ash Grove, Sale", postcode: "M33 9ZZ" });
    const res = await merge(kept.id, gone.id);
    expect(res.body.customer).toMatchObject({ address: "1 Oak Lane, Altrincham", postcode: null });
  });

  it("answers the merged customer's id with a 404 naming the customer it became, through later merges too", async () => {
    const kept = await createCustomer({ firstName: "Keeley", lastName: "Marsh" });
    const gone = await createCustomer();
    expect((await merge(kept.id, gone.id)).status).toBe(200);
    const res = await admin("GET", `/api/admin/customers/${gone.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(new RegExp(`^Customer #${gone.id} was merged into Keeley Marsh \\(#${kept.id}\\) on `));
    expect(res.body.details).toEqual([{ path: "mergedInto", message: res.body.error, value: kept.id }]);

    const last = await createCustomer({ firstName: "Lorna", lastName: "Pike" });
    expect((await merge(last.id, kept.id)).status).toBe(200);
    const again = await admin("GET", `/api/admin/customers/${gone.id}`);
    expect(again.body.details[0].value).toBe(last.id);
    expect(again.body.error).toContain("Lorna Pike");
  });

  it("puts the merge in the kept account's copy of its data, with the merged customer as it was", async () => {
    const kept = await createCustomer();
    const gone = await createCustomer({ phone: "0161 496 0505" });
    expect((await merge(kept.id, gone.id)).status).toBe(200);
    const { body } = await account(await signIn(kept.email), "/export");
    expect(body.mergedCustomers).toEqual([
      expect.objectContaining({
        keptCustomerId: kept.id,
        mergedCustomerId: gone.id,
        mergedEmail: gone.email,
        mergedPhone: "0161 496 0505",
      }),
    ]);
    await drainMail();
  });

  it("refuses a customer merged with itself, an unknown customer on either side, and a body without a customer", async () => {
    const one = await createCustomer();
    const self = await merge(one.id, one.id);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe("A customer cannot be merged with itself");
    const unknownMerged = await merge(one.id, 999_999);
    expect(unknownMerged.status).toBe(404);
    expect(unknownMerged.body.error).toBe("Customer #999999 not found");
    expect((await merge(999_998, one.id)).status).toBe(404);
    const missing = await merge(one.id, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.details[0]).toMatchObject({
      path: "mergedCustomerId",
      message: "Choose the customer to merge with this one",
    });
    expect((await merge(one.id, "two")).status).toBe(400);
    expect(await query("SELECT id FROM customers WHERE id = ?1", one.id)).toEqual([{ id: one.id }]);
  });

  it("refuses while either customer's account has asked to be erased, and changes nothing", async () => {
    const kept = await createCustomer();
    const asking = await createCustomer();
    await query(
      "INSERT INTO account_erasure_requests (email, requested_at) VALUES (?1, ?2)",
      asking.email.toUpperCase(),
      "2026-11-01",
    );
    for (const [k, m] of [
      [kept.id, asking.id],
      [asking.id, kept.id],
    ] as const) {
      const res = await merge(k, m);
      expect(res.status).toBe(409);
      expect(res.body.error).toContain("asked for their account to be erased");
    }
    expect(await query("SELECT count(*) AS n FROM customers WHERE id IN (?1, ?2)", kept.id, asking.id)).toEqual([{ n: 2 }]);
    expect(
      await query("SELECT count(*) AS n FROM customer_merges WHERE kept_customer_id IN (?1, ?2)", kept.id, asking.id),
    ).toEqual([{ n: 0 }]);
  });

  it("refuses without an admin session", async () => {
    const [kept, gone] = [await createCustomer(), await createCustomer()];
    const res = await callApp(`/api/admin/customers/${kept.id}/merge`, { method: "POST", json: { mergedCustomerId: gone.id } });
    expect(res.status).toBe(401);
    expect((await callApp(`/api/admin/customers/${kept.id}/duplicates`)).status).toBe(401);
    expect(await query("SELECT count(*) AS n FROM customers WHERE id IN (?1, ?2)", kept.id, gone.id)).toEqual([{ n: 2 }]);
    await drainMail();
  });
});

/** D1 as the merge meets it when someone else writes between its check (one batch) and its merge (the next). */
function changedBetween(sql: string, ...binds: unknown[]) {
  let batches = 0;
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "batch")
        return async (statements: D1PreparedStatement[]) => {
          if (++batches === 2)
            await target
              .prepare(sql)
              .bind(...binds)
              .run();
          return target.batch(statements);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return getDb({ DB: db });
}

describe("a merge meeting a change made meanwhile", () => {
  it("does nothing at all when an erasure is asked for between its check and its batch, and says so", async () => {
    const kept = await createCustomer();
    const gone = await createCustomer();
    const home = await ok("POST", `/api/admin/customers/${gone.id}/properties`, {
      address: "2 Birch Close, Sale",
      postcode: "M33 2BD",
    });
    const db = changedBetween("INSERT INTO account_erasure_requests (email, requested_at) VALUES (?1, '2026-11-01')", gone.email);
    const error = await mergeCustomers(db, kept.id, gone.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("CONFLICT");
    expect(await query("SELECT customer_id FROM properties WHERE id = ?1", home.id)).toEqual([{ customer_id: gone.id }]);
    expect(await query("SELECT count(*) AS n FROM customer_merges WHERE kept_customer_id = ?1", kept.id)).toEqual([{ n: 0 }]);
  });

  it("leaves the other customer and their properties whole when the kept one is deleted meanwhile", async () => {
    const kept = await createCustomer();
    const gone = await createCustomer();
    const home = await ok("POST", `/api/admin/customers/${gone.id}/properties`, {
      address: "3 Birch Close, Sale",
      postcode: "M33 3BD",
    });
    const db = changedBetween("DELETE FROM customers WHERE id = ?1", kept.id);
    const error = await mergeCustomers(db, kept.id, gone.id).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe("NOT_FOUND");
    expect(await query("SELECT customer_id FROM properties WHERE id = ?1", home.id)).toEqual([{ customer_id: gone.id }]);
    expect(await query("SELECT id FROM customers WHERE id = ?1", gone.id)).toEqual([{ id: gone.id }]);
  });
});

describe("what the merge moves", () => {
  it("moves every column of the migrated database that references customers.id", async () => {
    const live: string[] = [];
    for (const { name } of await allTables()) {
      const keys = await query<{ table: string; from: string }>(`SELECT "table", "from" FROM pragma_foreign_key_list('${name}')`);
      for (const key of keys) if (key.table === "customers") live.push(`${name}.${key.from}`);
    }
    expect(references.map((r) => `${r.table}.${r.column}`).sort()).toEqual(live.sort());
    expect(live.length).toBeGreaterThanOrEqual(10);
  });

  it("finds no unique index over a customer reference (a move could break one: handle it in merge.ts first)", async () => {
    const unsafe: string[] = [];
    for (const { table, column } of references) {
      const indexes = await query<{ name: string; unique: number }>(`SELECT name, "unique" FROM pragma_index_list('${table}')`);
      for (const index of indexes.filter((i) => i.unique)) {
        const columns = await query<{ name: string | null }>(`SELECT name FROM pragma_index_info('${index.name}')`);
        if (columns.some((c) => c.name === column || c.name === null)) unsafe.push(`${table}.${index.name}`);
      }
    }
    expect(unsafe).toEqual([]);
  });
});
