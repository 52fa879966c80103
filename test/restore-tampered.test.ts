import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LEFT_OUT_OF_BACKUP } from "../schema/backup-tables";
import { restoreStatements, SCHEMA_QUERY, type SchemaRow, schemaFrom, sqlLiteral } from "../scripts/restore-sql.mjs";

// `npm run restore` against a backup file someone changed: each kind of tampering is refused with
// its first problem named, before a statement runs, so the owner's password and second factor
// (and everything else) stay as they were.

const OWNER_HASH = "pbkdf2-sha256$100000$b3duZXI$owner-hash";
const ATTACKER_HASH = "pbkdf2-sha256$100000$YXR0YWNr$attacker-hash";

/** The database the restore loads into: migrated, the owner's password and second factor set, one customer. */
async function target(): Promise<D1Database> {
  const db = env.RESTORE_DB;
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
  await db.batch([
    db
      .prepare(
        "INSERT OR REPLACE INTO admin_accounts (username, password_hash, totp_secret, totp_enabled_at) VALUES ('admin', ?, 'sealed-owner-secret', '2026-01-01T00:00:00.000Z')",
      )
      .bind(OWNER_HASH),
    db.prepare(
      "INSERT OR REPLACE INTO customers (id, first_name, last_name, email) VALUES (1, 'Olive', 'Owner', 'olive@example.com')",
    ),
  ]);
  return db;
}

/** Every row of every table (the search index's included), to compare before and after. */
async function snapshot(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    )
    .all<{ name: string }>();
  const rows: Record<string, unknown[]> = {};
  for (const { name } of results) rows[name] = (await db.prepare(`SELECT * FROM "${name}"`).all()).results;
  return rows;
}

/** What scripts/restore.mjs does: the target's own schema, the statements, each run in turn. */
async function restore(db: D1Database, backup: unknown) {
  const schema = schemaFrom((await db.prepare(SCHEMA_QUERY).all<SchemaRow>()).results);
  for (const statement of restoreStatements(backup, schema)) await db.prepare(statement).run();
}

const backupOf = (tables: unknown, rest: Record<string, unknown> = {}) => ({
  format: "northside-backup",
  version: 1,
  exportedAt: "2026-11-25T08:00:00.000Z",
  tables,
  images: [],
  documents: [],
  ...rest,
});
const setting = { key: "restore-probe", value: '"kept out"' };
const INJECTED = `updated_at") VALUES ('x', 'y', 'z'); UPDATE admin_accounts SET password_hash = '${ATTACKER_HASH}', totp_secret = NULL; --`;

const TABLE_INJECTED = `settings" (key, value) VALUES ('a', 'b'); DELETE FROM admin_accounts; --`;

const tampered: [string, unknown, string][] = [
  [
    "an admin_accounts table with the attacker's password and the second factor off",
    backupOf({ admin_accounts: [{ username: "admin", password_hash: ATTACKER_HASH, totp_secret: null, totp_enabled_at: null }] }),
    `it holds the table "admin_accounts", which is never restored (the owner's password hash and second factor`,
  ],
  ...Object.keys(LEFT_OUT_OF_BACKUP).map((table): [string, unknown, string] => [
    `the left-out table ${table}`,
    backupOf({ [table]: [] }),
    `it holds the table "${table}", which is never restored`,
  ]),
  [
    "a column whose name closes its quote and runs SQL",
    backupOf({ settings: [{ ...setting, [INJECTED]: "2026-01-01" }] }),
    `row 1 of "settings" has a column the table does not have: "updated_at") VALUES`,
  ],
  [
    "a table whose name closes its quote and runs SQL",
    backupOf({ [TABLE_INJECTED]: [] }),
    `it holds a table that is not one of the business's: "settings" (key, value)`,
  ],
  ["an unknown table", backupOf({ widgets: [{ id: 1 }] }), `it holds a table that is not one of the business's: "widgets"`],
  [
    "the migrations log",
    backupOf({ d1_migrations: [{ id: 99, name: "9999_x.sql" }] }),
    `not one of the business's: "d1_migrations"`,
  ],
  ["the search index", backupOf({ customers_search: [{ name: "x" }] }), `not one of the business's: "customers_search"`],
  ["a table named like an object's own property", backupOf({ constructor: [] }), `not one of the business's: "constructor"`],
  [
    "an unknown column",
    backupOf({ settings: [setting, { ...setting, key: "b", colour: "red" }] }),
    `row 2 of "settings" has a column the table does not have: "colour"`,
  ],
  ["a row that is a number", backupOf({ settings: [42] }), `row 1 of "settings" is not an object of columns`],
  ["a row that is null", backupOf({ settings: [setting, null] }), `row 2 of "settings" is not an object of columns`],
  ["a row that is a list", backupOf({ settings: [["restore-probe", "x"]] }), `row 1 of "settings" is not an object of columns`],
  ["a row that is text", backupOf({ settings: ["key=value"] }), `row 1 of "settings" is not an object of columns`],
  ["a row with no columns", backupOf({ settings: [{}] }), `row 1 of "settings" has no columns`],
  [
    "a value that is an object",
    backupOf({ settings: [{ ...setting, value: { a: 1 } }] }),
    `has {"a":1} for "value", which takes text`,
  ],
  ["a value that is a list", backupOf({ settings: [{ ...setting, value: [1] }] }), `has [1] for "value", which takes text`],
  ["a value that is true", backupOf({ settings: [{ ...setting, value: true }] }), `has true for "value", which takes text`],
  ["a number for text", backupOf({ settings: [{ ...setting, value: 7 }] }), `has 7 for "value", which takes text`],
  [
    "text for a whole number",
    backupOf({ customers: [{ id: "1 OR 1=1", first_name: "A", last_name: "B" }] }),
    `row 1 of "customers" has "1 OR 1=1" for "id", which takes a whole number`,
  ],
  [
    "a fraction for a whole number",
    backupOf({ customers: [{ id: 1.5, first_name: "A", last_name: "B" }] }),
    `has 1.5 for "id", which takes a whole number`,
  ],
  ["text that is not Unicode", backupOf({ settings: [{ ...setting, value: "\ud800" }] }), `for "value", which takes text`],
  [
    "null where a value is needed",
    backupOf({ settings: [{ ...setting, value: null }] }),
    `has no value for "value", which needs one`,
  ],
  [
    "a row without a needed column",
    backupOf({ settings: [{ key: "k" }] }),
    `row 1 of "settings" has no "value", which needs a value`,
  ],
  ["rows that are not a list", backupOf({ settings: { 0: setting } }), `its table "settings" is not a list of rows`],
  ["tables that are a list", backupOf([{ settings: [setting] }]), `its "tables" is not a set of tables`],
  ["no tables", { ...backupOf({}), tables: undefined }, `its "tables" is not a set of tables`],
  ["a list for a file", [backupOf({ settings: [setting] })], "This file is not a Northside Heating backup."],
  ["null for a file", null, "This file is not a Northside Heating backup."],
  ["no format", { ...backupOf({ settings: [setting] }), format: undefined }, "This file is not a Northside Heating backup."],
  [
    "another format",
    backupOf({ settings: [setting] }, { format: "wordpress-backup" }),
    "This file is not a Northside Heating backup.",
  ],
  ["no version", backupOf({ settings: [setting] }, { version: undefined }), "This backup is version undefined"],
  [
    "another version",
    backupOf({ settings: [setting] }, { version: 2 }),
    "This backup is version 2; this restore reads version 1.",
  ],
  ["a version as text", backupOf({ settings: [setting] }, { version: "1" }), `This backup is version "1"`],
  ["no export date", backupOf({ settings: [setting] }, { exportedAt: undefined }), `its "exportedAt" is not a date`],
  [
    "an export date that is not one",
    backupOf({ settings: [setting] }, { exportedAt: "yesterday" }),
    `its "exportedAt" is not a date`,
  ],
  [
    "a part it does not know",
    backupOf({ settings: [setting] }, { sql: "DROP TABLE customers" }),
    `a part this restore does not know: "sql"`,
  ],
  ["no image list", backupOf({ settings: [setting] }, { images: undefined }), `its "images" is not a list`],
  [
    "an image that is not a file",
    backupOf({ settings: [setting] }, { images: ["x.webp"] }),
    `entry 1 of "images" is not a file's key`,
  ],
  ["a document list that is not one", backupOf({ settings: [setting] }, { documents: {} }), `its "documents" is not a list`],
];

describe("a restore that trusts nothing", () => {
  it.each(tampered)("refuses %s, naming it, and changes nothing", async (_, backup, message) => {
    const db = await target();
    const before = await snapshot(db);
    await expect(restore(db, backup)).rejects.toThrow(message);
    expect(await snapshot(db)).toEqual(before);
    const owner = await db
      .prepare("SELECT password_hash, totp_secret FROM admin_accounts WHERE username = 'admin'")
      .first<{ password_hash: string; totp_secret: string }>();
    expect(owner).toEqual({ password_hash: OWNER_HASH, totp_secret: "sealed-owner-secret" });
  });

  it("checks the whole file first: good rows before the first problem are not written either", async () => {
    const db = await target();
    const before = await snapshot(db);
    const backup = backupOf({
      settings: [setting],
      customers: [{ id: 2, first_name: "Early", last_name: "Row" }],
      admin_accounts: [{ username: "admin", password_hash: ATTACKER_HASH }],
    });
    await expect(restore(db, backup)).rejects.toThrow(`"admin_accounts", which is never restored`);
    expect(await snapshot(db)).toEqual(before);
  });

  it("loads a good file in the schema's order, whatever the file's, and quotes every name", async () => {
    const db = await target();
    // Properties refer to customers: listed first in the file, they still load after them.
    await restore(
      db,
      backupOf({
        properties: [{ id: 7, customer_id: 2, address: "1 Quote's Row", postcode: "M1 1AA" }],
        customers: [{ id: 2, first_name: "Ré'store", last_name: 'O"Brien', email: null, is_landlord: 1 }],
      }),
    );
    expect(await db.prepare("SELECT first_name, last_name, is_landlord FROM customers WHERE id = 2").first()).toEqual({
      first_name: "Ré'store",
      last_name: 'O"Brien',
      is_landlord: 1,
    });
    expect(await db.prepare("SELECT customer_id, address FROM properties WHERE id = 7").first()).toEqual({
      customer_id: 2,
      address: "1 Quote's Row",
    });
  });
});

describe("the one function that writes a value as SQL", () => {
  const kept: [string, string | number | null][] = [
    ["null", null],
    ["a quote", "O'Brien"],
    ["quotes only", "''''"],
    ["a double quote and a backslash", 'say "hi" \\ there'],
    ["SQL in text", "'); DROP TABLE customers; --"],
    ["a NUL inside", "before\u0000after"],
    ["a NUL alone", "\u0000"],
    ["NULs at both ends", "\u0000middle\u0000"],
    ["unicode", "émigré 🔥 Straße 東京 עברית \u200d"],
    ["new lines and tabs", "one\ntwo\r\n\tthree"],
    ["empty text", ""],
    ["zero", 0],
    ["a negative whole number", -42],
    ["the largest exact whole number", Number.MAX_SAFE_INTEGER],
    ["the smallest exact whole number", Number.MIN_SAFE_INTEGER],
    ["a fraction", 4.25],
    ["a tiny number", 1e-7],
    ["a huge number", 1e21],
    ["the largest double", Number.MAX_VALUE],
  ];

  it.each(kept)("writes %s so that SQLite reads back the same value", async (_, value) => {
    const row = await env.RESTORE_DB.prepare(`SELECT ${sqlLiteral(value)} AS v`).first<{ v: unknown }>();
    expect(row!.v).toEqual(value);
  });

  it("writes minus zero as zero", () => {
    expect(sqlLiteral(-0)).toBe("0");
  });

  const refused: [string, unknown][] = [
    ["a blob (bytes)", new Uint8Array([0, 39, 255])],
    ["an object", { a: 1 }],
    ["a list", [1, 2]],
    ["true", true],
    ["undefined", undefined],
    ["NaN", Number.NaN],
    ["infinity", Number.POSITIVE_INFINITY],
    ["a big integer", 10n],
    ["a lone surrogate", "\udc00"],
  ];
  it.each(refused)("refuses %s", (_, value) => {
    expect(() => sqlLiteral(value)).toThrow();
  });
});
