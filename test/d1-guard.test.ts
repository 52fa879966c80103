import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { D1_LIMITS, D1LimitError, guardedD1 } from "./helpers/d1-guard";

/**
 * The limits every Worker test is held to (callApp, the cron and queue runs use the guarded
 * binding): 100 bound parameters (the local runtime's own refusal), 1,000 queries per invocation
 * and 100 KB per statement (the guard's, as production's).
 */
describe("D1's production limits in the tests", () => {
  it("refuses a statement with 101 bound parameters, as production does", async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i);
    const inList = (values: number[]) =>
      env.DB.prepare(`SELECT 99 IN (${values.map(() => "?").join(",")}) AS found`)
        .bind(...values)
        .first<{ found: number }>();
    expect(await inList(hundred)).toEqual({ found: 1 });
    await expect(inList([...hundred, 100])).rejects.toThrow(/too many SQL variables/);
  });

  it("fails the 1,001st query of an invocation, counting each statement of a batch", async () => {
    const { db, queries } = guardedD1(env.DB);
    const select = () => db.prepare("SELECT 1 AS one");
    await db.batch(Array.from({ length: 900 }, select));
    for (let i = 0; i < 100; i++) await select().first();
    expect(queries()).toBe(D1_LIMITS.queriesPerInvocation);
    await expect(async () => select().first()).rejects.toThrow(D1LimitError);
    // A fresh invocation starts again from none.
    expect(await guardedD1(env.DB).db.prepare("SELECT 1 AS one").first()).toEqual({ one: 1 });
  });

  it("refuses a statement over 100 KB before it is sent", () => {
    const { db } = guardedD1(env.DB);
    const padding = "x".repeat(D1_LIMITS.statementBytes);
    expect(() => db.prepare(`SELECT '${padding}' AS long`)).toThrow(/statement of 100\d{3} bytes/);
    expect(() => db.prepare(`SELECT '${"x".repeat(1000)}' AS short`)).not.toThrow();
  });
});
