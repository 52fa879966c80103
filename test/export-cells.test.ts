import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { londonToday } from "../schema/london-time";
import { restoreStatements, SCHEMA_QUERY, type SchemaRow, schemaFrom } from "../scripts/restore-sql.mjs";
import { issueAdminToken } from "../worker/lib/admin-token";
import { admin, adminHeaders } from "./helpers/admin";
import { invoicesReference } from "./helpers/export-reference";
import { callApp, query } from "./helpers/factories-commerce";
import { customer, registered } from "./helpers/invoices";
import { accept, sentQuote } from "./helpers/quotes";

// The invoices export reads each document's line cells from the column the database keeps from its
// lines (migration 0049's triggers), whichever way the document was written: drafted and edited then
// issued in the back office, made from an accepted quote, credited, voided, restored from a backup,
// loaded by the seeds (test/seed-scale-documents.test.ts, the demo seed in test/seed.test.ts's
// database). Each way, the file must be the bytes of writing every cell afresh from the lines; and
// what changes after issue (the customer, void, paid) shows at once.
const today = londonToday();

async function exported(db: D1Database = env.DB) {
  const headers =
    db === env.DB ? await adminHeaders() : { Authorization: `Bearer ${await issueAdminToken({ ...env, DB: db }, "admin")}` };
  const res = await callApp(`/api/admin/export/invoices.csv?from=${today}&to=${today}`, { headers, env: { DB: db } });
  expect(res.status).toBe(200);
  return new TextDecoder().decode(await res.arrayBuffer());
}

/** What breaks a cell: a formula, quotes, a comma, a line break, part quantities, VAT at each rate. */
const awkward = [
  { id: "a", description: '=cmd|"/c calc"!A1, then', quantity: 1.15, unitPence: 12_345, vatRate: 20 },
  { id: "b", description: "Flue\nkit", quantity: 0.07, unitPence: 99, vatRate: 5 },
  { id: "c", description: "Zoë's labour", quantity: 2.5, unitPence: 4_500, vatRate: 0 },
];

async function issue(id: number) {
  const { status, body } = await admin<AdminInvoice>("POST", `/api/admin/invoices/${id}/issue`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

describe("the export's cells, kept by the database", () => {
  it("follow a draft's edits into its issue, an invoice from a quote, a credit note and a void, and the customer's new name", async () => {
    await registered();
    const c = await customer();
    const drafted = await admin<AdminInvoice>("POST", "/api/admin/invoices", {
      customerId: c.id,
      lines: [{ id: "x", description: "Replaced before issue", quantity: 1, unitPence: 100, vatRate: 20 }],
    });
    expect(drafted.status).toBe(201);
    const edited = await admin("PATCH", `/api/admin/invoices/${drafted.body.id}`, { lines: awkward });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const invoice = await issue(drafted.body.id);

    const { quote, token } = await sentQuote();
    expect((await accept(token)).status).toBe(200);
    const fromQuote = await admin<AdminInvoice>("POST", "/api/admin/invoices", { fromQuoteId: quote.id });
    expect(fromQuote.status, JSON.stringify(fromQuote.body)).toBe(201);
    const quoted = await issue(fromQuote.body.id);

    const credited = await admin("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ lineId: "a", quantity: 0.15 }, { lineId: "c" }],
      reason: "Part of the flue not fitted",
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    expect((await admin("POST", `/api/admin/invoices/${quoted.id}/void`, { reason: "Raised twice" })).status).toBe(200);

    const file = await exported();
    expect(file).toBe((await invoicesReference(env.DB, today, today)).slice(1));
    expect(file).toContain('"\'=cmd|""/c calc""!A1, then",1.15,123.45,200,20% (VAT on Income)');
    expect(file).toContain("Credit note");
    expect(file).toContain("Invoice (void)");

    // Renamed after issue: the next file says so, the lines as they were.
    await admin("PATCH", `/api/admin/customers/${c.id}`, { firstName: "Patricia" });
    const renamed = await exported();
    expect(renamed).toContain(`Patricia Payer-${c.tag}`);
    expect(renamed).toBe((await invoicesReference(env.DB, today, today)).slice(1));
  });

  it("are written again from the lines of a restored backup, whatever the file says of them", async () => {
    await registered();
    const c = await customer();
    const drafted = await admin<AdminInvoice>("POST", "/api/admin/invoices", { customerId: c.id, lines: awkward });
    const invoice = await issue(drafted.body.id);
    expect(
      (
        await admin("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
          lines: [{ lineId: "b" }],
          reason: "Kit returned",
        })
      ).status,
    ).toBe(201);
    const res = await callApp("/api/admin/backup", { headers: await adminHeaders() });
    const backup = (await res.json()) as { tables: Record<string, Record<string, unknown>[]> };
    // A file edited by hand, or written before the cells were kept: none of them to trust.
    for (const table of ["invoices", "credit_notes"]) {
      expect(backup.tables[table]!.some((row) => typeof row.export_cells === "string")).toBe(true);
      for (const row of backup.tables[table]!) row.export_cells = '["0.00"]';
    }
    await applyD1Migrations(env.RESTORE_DB, env.TEST_MIGRATIONS);
    const schema = schemaFrom((await env.RESTORE_DB.prepare(SCHEMA_QUERY).all<SchemaRow>()).results);
    for (const statement of restoreStatements(backup, schema)) await env.RESTORE_DB.prepare(statement).run();

    const restored = await exported(env.RESTORE_DB);
    expect(restored).toBe(await exported());
    expect(restored).toBe((await invoicesReference(env.RESTORE_DB, today, today)).slice(1));
    expect(await query("SELECT id FROM invoices WHERE export_cells IS NULL")).toEqual([]);
  });
});
