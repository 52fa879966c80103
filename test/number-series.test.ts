import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { numberText } from "../schema/numbers";
import { getDb } from "../worker/db/client";
import { createDocumentLink, readDocumentLink } from "../worker/lib/document-link";
import { numberTaken, takeNumber } from "../worker/services/documents/number-series";

const db = getDb(env);

// A stand-in for any document table: a draft (no number) until issued.
const testDocuments = sqliteTable("test_documents", {
  id: integer("id").primaryKey(),
  status: text("status").notNull(),
  number: integer("number"),
});
beforeAll(async () => {
  await env.DB.exec(
    "CREATE TABLE IF NOT EXISTS test_documents (id INTEGER PRIMARY KEY, status TEXT NOT NULL, number INTEGER UNIQUE)",
  );
});

async function draft(): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO test_documents (status) VALUES ('draft') RETURNING id").first<{ id: number }>();
  return row!.id;
}

/** Issues one document the way every document service does: the number and the document in one batch. */
function issue(id: number, failAfter = false) {
  const isDraft = and(eq(testDocuments.id, id), eq(testDocuments.status, "draft"));
  const stillDraft = sql`EXISTS (SELECT 1 FROM ${testDocuments} WHERE ${isDraft})`;
  return db.batch([
    takeNumber(db, "invoice", stillDraft),
    db
      .update(testDocuments)
      .set({ status: "issued", number: numberTaken("invoice") })
      .where(isDraft),
    // A failure later in the same batch (here: a duplicate key) undoes the number too.
    ...(failAfter ? [db.insert(testDocuments).values({ id, status: "duplicate" })] : []),
  ]);
}

const numberOf = async (id: number) =>
  (await env.DB.prepare("SELECT number FROM test_documents WHERE id = ?1").bind(id).first<{ number: number | null }>())!.number;

describe("number series", () => {
  it("gives 20 documents issued at once 20 distinct consecutive numbers", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, draft));
    await Promise.all(ids.map((id) => issue(id)));
    const numbers = (await Promise.all(ids.map(numberOf))).map(Number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });

  it("takes no number for a batch that fails, nor for a document already issued", async () => {
    const first = await draft();
    await issue(first);
    const before = await numberOf(first);
    await issue(first); // issued already: nothing to take
    const failing = await draft();
    await expect(issue(failing, true)).rejects.toThrow();
    expect(await numberOf(failing)).toBeNull();
    const next = await draft();
    await issue(next);
    expect(await numberOf(next)).toBe(before! + 1);
  });

  it("writes each series' numbers its own way", () => {
    expect(numberText("gasSafetyRecord", 1)).toBe("GSR-000001");
    expect(numberText("estimate", 12)).toBe("Q-0012");
    expect(numberText("invoice", 12345)).toBe("INV-12345");
    expect(numberText("creditNote", 3)).toBe("CN-0003");
    expect(numberText("order", 10001)).toBe("NS-10001");
  });
});

describe("public document links", () => {
  it("opens the document it names, until it expires", async () => {
    const now = Date.parse("2026-11-25T10:00:00Z");
    const token = await createDocumentLink(env, "invoice", { id: 42, version: 3, expiresAt: now + 60_000 });
    expect(await readDocumentLink(env, "invoice", token, now)).toEqual({ id: 42, version: 3, expiresAt: now + 60_000 });
    expect(await readDocumentLink(env, "invoice", token, now + 60_000)).toBeNull();
    const forever = await createDocumentLink(env, "gas-safety-record", { id: 7, version: 1 });
    expect(await readDocumentLink(env, "gas-safety-record", forever, now + 10 * 365 * 86_400_000)).toMatchObject({
      id: 7,
      expiresAt: null,
    });
  });

  it("refuses a tampered link and a link of another purpose", async () => {
    const token = await createDocumentLink(env, "invoice", { id: 42, version: 1 });
    const [id, ...rest] = token.split(".");
    const other = btoa("43").replace(/=+$/, "");
    expect(id).not.toBe(other);
    expect(await readDocumentLink(env, "invoice", [other, ...rest].join("."))).toBeNull();
    expect(await readDocumentLink(env, "invoice", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await readDocumentLink(env, "estimate", token)).toBeNull();
    expect(await readDocumentLink(env, "invoice", "not-a-token")).toBeNull();
  });
});
