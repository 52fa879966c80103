import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BACKUP_TABLES, LEFT_OUT_OF_BACKUP } from "../schema/backup-tables";
import { backupCounts, restoreStatements, SCHEMA_QUERY, type SchemaRow, schemaFrom } from "../scripts/restore-sql.mjs";
import { issueAdminToken } from "../worker/lib/admin-token";
import { adminHeaders } from "./helpers/admin";
import { D1_LIMITS } from "./helpers/d1-guard";
import { createProduct } from "./helpers/factories";
import { createCustomer, createEnquiry, createOrder, createServiceRecord } from "./helpers/factories-admin";
import { addSubscriber } from "./helpers/factories-campaigns";
import { callApp } from "./helpers/factories-commerce";

type Backup = {
  format: string;
  version: number;
  exportedAt: string;
  tables: Record<string, Record<string, unknown>[]>;
  images: { key: string }[];
};

async function tableCounts(db: D1Database) {
  const counts: Record<string, number> = {};
  for (const table of BACKUP_TABLES) {
    counts[table] = (await db.prepare(`SELECT count(*) AS n FROM "${table}"`).first<{ n: number }>())!.n;
  }
  return counts;
}

/** The admin screens' first pages, read through the app from `db`. */
async function pages(db: D1Database, paths: string[]) {
  // A session of that database's own (sessions are left out of the backup).
  const headers = { Authorization: `Bearer ${await issueAdminToken({ ...env, DB: db }, "admin")}` };
  const answers: Record<string, unknown> = {};
  for (const path of paths) {
    const res = await callApp(path, { headers, env: { DB: db } });
    expect(res.status, path).toBe(200);
    answers[path] = { total: res.headers.get("X-Total-Count"), body: await res.json() };
  }
  return answers;
}

describe("Download everything, and the restore rehearsal", () => {
  it("streams every table of the business as JSON, leaves the secrets out, and loads into a fresh database with the same counts and pages", async () => {
    // Something of everything, and more than D1's 100 bound parameters of one kind.
    const customer = await createCustomer({ firstName: "Restora", lastName: "O'Rehearsal", email: "restora@example.com" });
    await createServiceRecord({
      customerId: customer.id,
      serviceDate: "2026-10-01",
      nextServiceDue: "2027-10-01",
      notes: "Flue 'fine'",
    });
    await createEnquiry({ name: "Quentin Backup", message: "Line one\nline two, with a ' and a \\ and émigré" });
    await createOrder({ customerEmail: "buyer@example.com", paymentStatus: "paid", totalPence: 4599 });
    await createProduct({ name: "Restore Valve" });
    for (let i = 0; i < 120; i++) await addSubscriber(`restore-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`);
    // More stored e-mails than one page of them (250), so the table is read on past its first page.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 260)
       INSERT INTO outgoing_emails (kind, "to", subject, html, text, status) SELECT 'other', 'page-' || i || '@example.com', 'Kept', '<p>Kept</p>', 'Kept', 'sent' FROM n`,
    ).run();
    await env.IMAGES.put("product-images/restore-check.webp", new Uint8Array([1, 2, 3]));

    const unauthorised = await callApp("/api/admin/backup");
    expect(unauthorised.status).toBe(401);
    const res = await callApp("/api/admin/backup", { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="northside-backup-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const backup = (await res.json()) as Backup;
    expect(backup).toMatchObject({ format: "northside-backup", version: 1 });
    expect(Object.keys(backup.tables)).toEqual([...BACKUP_TABLES]);
    for (const secret of Object.keys(LEFT_OUT_OF_BACKUP)) expect(backup.tables).not.toHaveProperty(secret);
    expect(backupCounts(backup)).toEqual(await tableCounts(env.DB));
    expect(backup.images.map((i) => i.key)).toContain("product-images/restore-check.webp");
    // Every table of the schema is either in the backup or left out with its reason.
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_search%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    ).all<{ name: string }>();
    expect(results.map((r) => r.name).sort()).toEqual([...BACKUP_TABLES, ...Object.keys(LEFT_OUT_OF_BACKUP)].sort());

    // The rehearsal: a fresh database, migrated, loaded from the file.
    await applyD1Migrations(env.RESTORE_DB, env.TEST_MIGRATIONS);
    const schema = schemaFrom((await env.RESTORE_DB.prepare(SCHEMA_QUERY).all<SchemaRow>()).results);
    const statements = restoreStatements(backup, schema);
    for (const statement of statements) {
      expect(new TextEncoder().encode(statement).length).toBeLessThanOrEqual(D1_LIMITS.statementBytes);
      await env.RESTORE_DB.prepare(statement).run();
    }
    expect(await tableCounts(env.RESTORE_DB)).toEqual(await tableCounts(env.DB));
    const screens = [
      "/api/admin/customers?limit=30",
      "/api/admin/customers?q=Rehears",
      `/api/admin/customers/${customer.id}`,
      "/api/admin/service-records?limit=30",
      "/api/admin/quotes?limit=30",
      "/api/admin/quotes?q=Quentin",
      "/api/admin/orders?limit=30",
      "/api/admin/email-subscribers?limit=30&q=restore-11",
      "/api/admin/products?limit=30",
      "/api/admin/reminders",
    ];
    expect(await pages(env.RESTORE_DB, screens)).toEqual(await pages(env.DB, screens));
  });

  it("refuses a file that is not a backup, with a clear message", async () => {
    await applyD1Migrations(env.RESTORE_DB, env.TEST_MIGRATIONS);
    const schema = schemaFrom((await env.RESTORE_DB.prepare(SCHEMA_QUERY).all<SchemaRow>()).results);
    expect(() => restoreStatements({ tables: {} }, schema)).toThrow("This file is not a Northside Heating backup.");
    expect(() => restoreStatements({ format: "northside-backup", version: 2, tables: {} }, schema)).toThrow("version 2");
    const backup = { format: "northside-backup", version: 1, exportedAt: "2026-11-25T08:00:00.000Z", images: [] };
    expect(() => restoreStatements({ ...backup, tables: { "x; DROP": [] } }, schema)).toThrow(
      `it holds a table that is not one of the business's: "x; DROP"`,
    );
  });
});
