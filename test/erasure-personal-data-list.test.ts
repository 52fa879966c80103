import { type Column, getTableName } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { noPersonalData, personalData, searchIndexes } from "../schema/db/personal-data";
import { addressPattern, namesAddress } from "../worker/services/account/names-address";
import { allTables } from "./helpers/erasure-scan";
import { query } from "./helpers/factories-commerce";

// Erasing an account, the rules it works from: the list of every place a person's data lives
// (schema/db/personal-data.ts) against the migrated database, and how an e-mail address is matched.
// The erasure itself: test/erasure-everywhere.test.ts and test/erasure-requests.test.ts.

describe("the list of every place a person's data lives", () => {
  it("names every table and text column of the database: personal, not personal, or a search index", async () => {
    const listed = new Map<string, { personal: readonly Column[]; other: readonly Column[] }>();
    for (const entry of [...Object.values(personalData), ...noPersonalData]) {
      const name = getTableName(entry.table);
      expect(listed.has(name), `${name} is listed twice`).toBe(false);
      listed.set(name, { personal: "personal" in entry ? entry.personal : [], other: entry.other });
    }
    const shadow = /^(.+)_(data|idx|content|docsize|config)$/;
    const problems: string[] = [];
    for (const { name, sql } of await allTables()) {
      if (/^CREATE VIRTUAL TABLE/i.test(sql)) {
        if (!(name in searchIndexes)) problems.push(`${name}: a virtual table neither in personalData nor in searchIndexes`);
        continue;
      }
      const base = shadow.exec(name)?.[1];
      if (base && base in searchIndexes) continue;
      const entry = listed.get(name);
      if (!entry) {
        problems.push(`${name}: a table in neither personalData nor noPersonalData (schema/db/personal-data.ts)`);
        continue;
      }
      const columns = await query<{ name: string; type: string }>(`SELECT name, type FROM pragma_table_info('${name}')`);
      const text = columns.filter((c) => !/^(INTEGER|REAL|NUMERIC)$/i.test(c.type)).map((c) => c.name);
      const personal = entry.personal.map((c) => c.name);
      const other = entry.other.map((c) => c.name);
      for (const column of text) {
        if (!personal.includes(column) && !other.includes(column)) problems.push(`${name}.${column}: a text column not listed`);
      }
      for (const column of [...personal, ...other]) {
        if (!text.includes(column)) problems.push(`${name}.${column}: listed, but not a text column of the database`);
        if (personal.includes(column) && other.includes(column)) problems.push(`${name}.${column}: both personal and not`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("blanks only columns it names as personal, and says why it keeps what it keeps", () => {
    for (const [name, entry] of Object.entries(personalData)) {
      expect(Object.keys(entry.rules).length, name).toBeGreaterThan(0);
      for (const rule of Object.values(entry.rules)) {
        if (rule.action === "blank") for (const column of rule.columns) expect(entry.personal, name).toContain(column);
        if (rule.action !== "delete") expect(rule.why.length, name).toBeGreaterThan(10);
      }
    }
  });
});

describe("an address is named as a whole address, never as part of a longer one", () => {
  it("matches the address in any case, bounded by anything an address cannot hold", () => {
    const v = addressPattern("v@example.co");
    for (const text of ["v@example.co", "From: V@Example.CO.", "<v@example.co>", "mailto:v@example.co?x", "(v@example.co)"]) {
      expect(namesAddress(v, text), text).toBe(true);
    }
    for (const text of ["anna.v@example.com", "v@example.com", "v@example.co.uk", "xv@example.co", "v@example.co-op.uk"]) {
      expect(namesAddress(v, text), text).toBe(false);
    }
    expect(namesAddress(addressPattern("o'neil@example.com"), "Contact: o&#39;neil@example.com")).toBe(true);
  });
});
