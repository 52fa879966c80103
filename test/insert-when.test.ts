import { env } from "cloudflare:workers";
import { asc, eq, gt, notExists, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { isoNow } from "../schema/db/columns";
import { getDb } from "../worker/db/client";
import { insertWhen } from "../worker/db/insert-when";

const db = getDb(env);

// Tables of this test's own, with a default of each kind. The DDL has none, so every default the
// rows get is one the helper wrote.
const things = sqliteTable("insert_when_things", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  kind: text("kind").notNull().default("plain"),
  count: integer("count").notNull().default(0),
  flag: integer("flag", { mode: "boolean" }).notNull().default(true),
  tags: text("tags", { mode: "json" }).$type<string[]>(),
  note: text("note"),
  colour: text("colour").default("blue"),
  createdAt: text("created_at").notNull().default(isoNow),
});
const sources = sqliteTable("insert_when_sources", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  label: text("label").notNull(),
  n: integer("n").notNull(),
});

beforeAll(async () => {
  await env.DB.exec(
    "CREATE TABLE IF NOT EXISTS insert_when_things (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, count INTEGER NOT NULL, flag INTEGER NOT NULL, tags TEXT, note TEXT, colour TEXT, created_at TEXT NOT NULL)",
  );
  await env.DB.exec(
    "CREATE TABLE IF NOT EXISTS insert_when_sources (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL, n INTEGER NOT NULL)",
  );
});

let serial = 0;
const fresh = (what: string) => `${what}-${Date.now()}-${++serial}`;
const rowsNamed = (prefix: string) =>
  db
    .select()
    .from(things)
    .where(sql`${things.name} LIKE ${`${prefix}%`}`)
    .orderBy(asc(things.id));

describe("insertWhen", () => {
  it("fills every column not given with its SQL or JS default, or NULL, in the table's order", async () => {
    const name = fresh("defaults");
    const before = new Date().toISOString();
    const statement = insertWhen(db, things, { name });
    expect(statement.toSQL().sql).toMatch(
      /^insert into "insert_when_things" \("id", "name", "kind", "count", "flag", "tags", "note", "colour", "created_at"\) select NULL as "id", \? as "name", \? as "kind", \? as "count", \? as "flag", NULL as "tags", NULL as "note", \? as "colour", \(strftime\('%Y-%m-%dT%H:%M:%fZ', 'now'\)\) as "created_at" from \(SELECT 1\) where true$/,
    );
    const [row] = await statement.returning();
    expect(row).toMatchObject({ name, kind: "plain", count: 0, flag: true, tags: null, note: null, colour: "blue" });
    expect(row!.id).toBeGreaterThan(0);
    expect(row!.createdAt >= before && row!.createdAt <= new Date().toISOString()).toBe(true);
  });

  it("binds values as their column maps them, keeps SQL and an explicit NULL over a default", async () => {
    const name = fresh("given");
    const [row] = await insertWhen(db, things, {
      name,
      kind: sql`upper('special')`,
      flag: false,
      tags: ["a", "b"],
      note: "kept",
      colour: null,
    }).returning();
    expect(row).toMatchObject({ name, kind: "SPECIAL", count: 0, flag: false, tags: ["a", "b"], note: "kept", colour: null });
  });

  it("inserts nothing while the WHERE fails, once when it holds", async () => {
    const name = fresh("guarded");
    const once = () =>
      insertWhen(
        db,
        things,
        { name, count: 1 },
        { where: notExists(db.select({ one: sql`1` }).from(things).where(eq(things.name, name))) },
      ).returning({
        id: things.id,
      });
    const [first, second] = await db.batch([once(), once()]);
    expect(first).toHaveLength(1);
    expect(second).toEqual([]);
    expect(await insertWhen(db, things, { name: fresh("never") }, { where: sql`0` }).returning()).toEqual([]);
    expect(await rowsNamed(name)).toHaveLength(1);
  });

  it("selects from another table: its columns, a join, the order and a limit", async () => {
    const label = fresh("source");
    await db.insert(sources).values([1, 2, 3, 4].map((n) => ({ label: `${label}-${n}`, n })));
    const inserted = await insertWhen(
      db,
      things,
      { name: sources.label, count: sources.n, note: sql`j.value` },
      {
        from: sources,
        innerJoin: [sql`json_each(${JSON.stringify(["x"])}) AS j`, sql`1 = 1`],
        where: sql`${sources.label} LIKE ${`${label}%`} AND ${gt(sources.n, 1)}`,
        orderBy: [sql`${sources.n} DESC`],
        limit: 2,
      },
    ).returning({ name: things.name, count: things.count, note: things.note });
    expect(inserted).toEqual([
      { name: `${label}-4`, count: 4, note: "x" },
      { name: `${label}-3`, count: 3, note: "x" },
    ]);
  });

  it("keeps Drizzle's conflict handling", async () => {
    const name = fresh("conflict");
    const bump = () =>
      insertWhen(db, things, { name, count: 1 })
        .onConflictDoUpdate({ target: things.name, set: { count: sql`${things.count} + excluded.count` } })
        .returning({ count: things.count });
    expect(await bump()).toEqual([{ count: 1 }]);
    expect(await bump()).toEqual([{ count: 2 }]);
    expect(await insertWhen(db, things, { name, count: 9 }).onConflictDoNothing().returning()).toEqual([]);
  });

  it("inserts 101 rows from one JSON parameter (D1 binds at most 100)", async () => {
    const prefix = fresh("bulk");
    const names = Array.from({ length: 101 }, (_, i) => `${prefix}-${String(i).padStart(3, "0")}`);
    const statement = insertWhen(
      db,
      things,
      { name: sql`value`, count: sql`key` },
      { from: sql`json_each(${JSON.stringify(names)})` },
    );
    expect(statement.toSQL().params.length).toBeLessThan(10);
    await statement;
    const rows = await rowsNamed(prefix);
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(rows.map((r) => r.count)).toEqual(names.map((_, i) => i));
    expect(rows.every((r) => r.kind === "plain" && r.flag === true)).toBe(true);
  });
});
