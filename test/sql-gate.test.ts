import { env, exports } from "cloudflare:workers";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schemaTables from "../schema/db";
import { customers, enquiries, properties, quoteAcceptances, quotes, serviceRecords } from "../schema/db";
import { inJsonList } from "../worker/db/json-list";
import {
  checkSql,
  type Finding,
  mayHoldSubquery,
  SCHEMA_QUERY,
  type Schema,
  SqlGateParseError,
  schemaOf,
} from "./helpers/sql-gate";
import { takeRefusals } from "./helpers/sql-gate-hook";

// The gate of issue 42.1: the checker on the statements the two shipped bugs produced, written by
// Drizzle from the code as it was, on their fixes, and on the project's other forms without a false
// alarm; then the hook on D1 itself.

const db = drizzle(env.DB, { schema: schemaTables });
let schema: Schema;

beforeAll(async () => {
  const { results } = await env.DB.prepare(SCHEMA_QUERY).all<{ tbl: string; col: string }>();
  schema = schemaOf(results);
});

const check = (text: string) => checkSql(text, schema);
const rules = (findings: Finding[]) => findings.map((f) => `${f.rule} ${f.column}`);

describe("the two bugs that shipped, as Drizzle wrote them", () => {
  // worker/services/estimates/estimates.ts acceptEstimate (now quotes/accept.ts) before issue 42: the job's property fell
  // back to "the customer's first property", which matched every property (the first in the
  // database, another customer's house).
  const e = quotes;
  const now = "2026-11-25T10:00:00.000Z";
  const acceptedJob = (propertyId: SQL.Aliased<number | null> | typeof e.propertyId) =>
    db
      .insert(serviceRecords)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            customerId: e.customerId,
            serviceType: sql<string>`${"Boiler swap"}`.as("service_type"),
            equipmentType: sql<null>`NULL`.as("equipment_type"),
            equipmentModel: sql<null>`NULL`.as("equipment_model"),
            status: sql<string>`'scheduled'`.as("status"),
            serviceDate: sql<string>`${"2026-11-25"}`.as("service_date"),
            technicianName: sql<null>`NULL`.as("technician_name"),
            costPence: sql<number>`${250_000}`.as("cost_pence"),
            workCompleted: sql<null>`NULL`.as("work_completed"),
            partsUsed: sql<null>`NULL`.as("parts_used"),
            nextServiceDue: sql<null>`NULL`.as("next_service_due"),
            description: sql<string>`${"Option A"}`.as("description"),
            notes: sql<string>`${"From quote Q-00001"}`.as("notes"),
            visitStart: sql<null>`NULL`.as("visit_start"),
            visitEnd: sql<null>`NULL`.as("visit_end"),
            propertyId,
            enquiryId: e.enquiryId,
            jobId: sql<null>`NULL`.as("job_id"),
            createdAt: sql<string>`${now}`.as("created_at"),
            version: sql<number>`1`.as("version"),
          })
          .from(e)
          .where(
            and(
              eq(e.id, 7),
              sql`EXISTS (SELECT 1 FROM ${quoteAcceptances} WHERE ${quoteAcceptances.quoteId} = ${7} AND ${quoteAcceptances.acceptedAt} = ${now})`,
            ),
          ),
      )
      .toSQL().sql;

  it("refuses the job's property fallback: customer_id compared with itself", () => {
    const buggy = acceptedJob(
      sql<
        number | null
      >`COALESCE(${e.propertyId}, (SELECT ${properties.id} FROM ${properties} WHERE ${properties.customerId} = ${e.customerId} ORDER BY ${properties.id} LIMIT 1))`.as(
        "property_id",
      ),
    );
    expect(buggy).toContain(`WHERE "customer_id" = "customer_id"`);
    const findings = check(buggy);
    expect(rules(findings)).toEqual(['self-comparison "customer_id"']);
    expect(findings[0]!.message).toContain("properties");
    expect(findings[0]!.message).toContain(`sql.raw('"estimates"."customer_id"')`);
  });

  it("passes the fix (the quote's own property) and the fallback with the outer table named", () => {
    expect(check(acceptedJob(e.propertyId))).toEqual([]);
    const named = acceptedJob(
      sql<
        number | null
      >`COALESCE(${e.propertyId}, (SELECT p.id FROM ${properties} AS p WHERE p.customer_id = ${sql.raw('"estimates"."customer_id"')} ORDER BY p.id LIMIT 1))`.as(
        "property_id",
      ),
    );
    expect(check(named)).toEqual([]);
  });

  // worker/services/admin/quotes.ts (now enquiries/enquiry-admin.ts) as db1ca66 first wrote it (the fix in the same commit named the
  // outer row in full): a request's visits were those whose quote_id equals their own id, and its
  // customer was the first customer with any e-mail address.
  it("refuses the quote request's visits and customer with the outer quote unqualified", () => {
    const buggy = db
      .select({
        quote: enquiries,
        customerId: sql<number | null>`(SELECT c.id FROM ${customers} AS c WHERE lower(c.email) = lower(${enquiries.email})
    AND ${enquiries.email} <> '' ORDER BY c.id LIMIT 1)`.as("customer_id"),
        visits: sql<string>`(SELECT json_group_array(json_object('id', sr.id, 'serviceType', sr.service_type, 'status', sr.status,
    'serviceDate', sr.service_date, 'visitStart', sr.visit_start)) FROM ${serviceRecords} AS sr WHERE sr.quote_id = ${enquiries.id})`.as(
          "visits",
        ),
      })
      .from(enquiries)
      .where(eq(enquiries.id, 3))
      .toSQL().sql;
    expect(buggy).toContain(`sr.quote_id = "id"`);
    expect(rules(check(buggy))).toEqual(['self-comparison "email"', 'same-row "id"']);
  });

  it("passes the quote request's fix, the outer row named in full", () => {
    const enquiryId = sql.raw(`"quotes"."id"`);
    const enquiryEmail = sql.raw(`"quotes"."email"`);
    const fixed = db
      .select({
        quote: enquiries,
        customerId: sql<number | null>`(SELECT c.id FROM ${customers} AS c WHERE lower(c.email) = lower(${enquiryEmail})
    AND ${enquiryEmail} <> '' ORDER BY c.id LIMIT 1)`.as("customer_id"),
        visits: sql<string>`(SELECT json_group_array(json_object('id', sr.id, 'serviceType', sr.service_type, 'status', sr.status,
    'serviceDate', sr.service_date, 'visitStart', sr.visit_start)) FROM ${serviceRecords} AS sr WHERE sr.quote_id = ${enquiryId})`.as(
          "visits",
        ),
      })
      .from(enquiries)
      .where(eq(enquiries.id, 3))
      .toSQL().sql;
    expect(check(fixed)).toEqual([]);
  });
});

describe("each finding", () => {
  it("refuses an outer column left unqualified that the subquery's own table lacks", () => {
    const findings = check(
      `select "id", (SELECT e.sent_at FROM outgoing_emails AS e WHERE e.id = "landlord_email_id") from "gas_safety_records"`,
    );
    expect(rules(findings)).toEqual(["outer-unqualified landlord_email_id"]);
    expect(findings[0]!.message).toContain("gas_safety_records");
  });

  it("refuses the same in RETURNING, an UPDATE and a DELETE", () => {
    expect(
      rules(
        check(
          `update "estimates" set "status" = 'sent' where "estimates"."id" = ? returning (SELECT p.address FROM properties AS p WHERE p.id = "property_id")`,
        ),
      ),
    ).toEqual(["outer-unqualified property_id"]);
    expect(
      rules(check(`update "estimates" set "property_id" = (SELECT "id" FROM "properties" WHERE "customer_id" = "customer_id")`)),
    ).toEqual(['self-comparison "customer_id"']);
    expect(
      rules(
        check(
          `delete from "properties" where EXISTS (SELECT 1 FROM "customers" AS c WHERE c.id = "customer_id" AND c.email = ?)`,
        ),
      ),
    ).toEqual(["outer-unqualified customer_id"]);
  });

  it("refuses a column compared with itself through lower(), CAST and COLLATE, and in a join", () => {
    expect(
      rules(
        check(`select 1 from customers AS c where EXISTS (SELECT 1 FROM customers AS d WHERE lower(d.email) = lower(d.email))`),
      ),
    ).toEqual(["self-comparison d.email"]);
    expect(
      rules(
        check(`select 1 from customers AS c join properties AS p on CAST(p.customer_id AS TEXT) = CAST(p.customer_id AS TEXT)`),
      ),
    ).toEqual(["self-comparison p.customer_id"]);
    expect(rules(check(`select 1 from customers where "email" COLLATE NOCASE = "email"`))).toEqual(['self-comparison "email"']);
  });

  it("refuses two columns of the subquery's own row compared where one name is also the outer table's", () => {
    // sql`(SELECT count(*) FROM ${serviceRecords} WHERE ${serviceRecords.customerId} = ${customers.id})` in a select from customers alone.
    expect(
      rules(check(`select "id", (SELECT count(*) FROM "service_records" WHERE "customer_id" = "id") from "customers"`)),
    ).toEqual(['same-row "id"']);
  });

  it("refuses a qualified outer name that a subquery's own table takes (a self-join without an alias)", () => {
    expect(
      rules(
        check(
          `select (SELECT count(*) FROM "customers" WHERE "customers"."email" = "customers"."email") from "customers" where "customers"."id" = ?`,
        ),
      ),
    ).toEqual(['self-comparison "customers"."email"']);
  });
});

describe("the project's other forms, without a false alarm", () => {
  const clean = (text: string) => expect(check(text), text).toEqual([]);

  it("reads aliases, joins, correlated subqueries with the outer table named, and EXISTS", () => {
    clean(
      `select "estimates"."id", (SELECT count(*) FROM "properties" WHERE "properties"."customer_id" = "estimates"."customer_id") from "estimates" left join "customers" on "customers"."id" = "estimates"."customer_id"`,
    );
    clean(
      `select (SELECT number FROM gas_safety_records AS replaced WHERE replaced.id = "gas_safety_records"."replaces_id") from "gas_safety_records"`,
    );
    clean(
      `select "id" from "estimates" where EXISTS (SELECT 1 FROM "estimate_acceptances" WHERE "estimate_acceptances"."estimate_id" = ?)`,
    );
  });

  it("reads a subquery's own columns unqualified when the outer side is named (hand-written SQL)", () => {
    clean(
      `select "id", (SELECT COUNT(*) FROM "customers" WHERE lower("email") = "account_erasure_requests"."email") from "account_erasure_requests"`,
    );
    clean(
      `SELECT q.id FROM chat_messages AS n LEFT JOIN quotes q ON q.id = (SELECT MAX(id) FROM quotes WHERE chat_session_id = n.session_id)`,
    );
    clean(
      `select "id", (SELECT COUNT(*) FROM "outgoing_emails" AS e WHERE e.id = "service_sheets"."customer_email_id" AND status = 'failed') from "service_sheets"`,
    );
  });

  it("reads json_each's columns, inJsonList and a table-valued function over a column to its left", () => {
    clean(
      db
        .select({ id: enquiries.id })
        .from(enquiries)
        .where(inJsonList(enquiries.id, [1, 2, 3]))
        .toSQL().sql,
    );
    clean(`select "id" from "quotes" where EXISTS (SELECT 1 FROM json_each(?) WHERE json_each.value = "quotes"."email")`);
    clean(`select j.value from "estimate_versions" AS v, json_each(v.content, '$.options') AS j where j.key = 0`);
  });

  it("reads derived tables, CTEs (recursive too), select-list aliases, compound selects and window functions", () => {
    clean(
      `select d.n from (select count(*) AS n, "customer_id" AS cid from "properties" group by "customer_id") AS d where d.cid = ?`,
    );
    clean(
      `WITH recent AS (SELECT "customer_id", max("service_date") AS last FROM "service_records" GROUP BY "customer_id") SELECT c.id, recent.last FROM customers AS c JOIN recent ON recent.customer_id = c.id`,
    );
    clean(`WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10) SELECT x FROM n`);
    clean(`select "customer_id" AS owner, count(*) AS n from "properties" group by owner having n > 1 order by n desc`);
    clean(`select "id" from "quotes" union all select "id" from "estimates" order by "id" limit 5`);
    clean(
      `select "id", row_number() OVER (PARTITION BY "customer_id" ORDER BY "id" DESC) AS rn, sum("cost_pence") OVER w from "service_records" WINDOW w AS (ORDER BY "id")`,
    );
  });

  it("reads RETURNING, ON CONFLICT with excluded, insert-select and an update whose subquery names its tables", () => {
    clean(
      `insert into "settings" ("key", "value") values (?, ?) on conflict ("settings"."key") do update set "value" = excluded.value returning "key", "value"`,
    );
    clean(
      `insert into "estimate_events" ("estimate_id", "kind", "at") select "estimates"."id", 'viewed', ? from "estimates" where "estimates"."id" = ? returning "id"`,
    );
    clean(
      `update "estimates" set "property_id" = (SELECT "properties"."id" FROM "properties" WHERE "properties"."customer_id" = "estimates"."customer_id") where "estimates"."id" = ?`,
    );
  });

  it("reads full-text search: the table's own hidden column, rowid and rank", () => {
    clean(
      `select "id" from "quotes" where "quotes"."id" IN (SELECT rowid FROM quotes_search WHERE quotes_search MATCH ? ORDER BY rank)`,
    );
  });

  it("leaves a name SQLite would not resolve to SQLite (a double-quoted string, an unknown table)", () => {
    clean(`select "id" from "quotes" where "quotes"."name" = "not a column"`);
  });
});

describe("a statement the parser cannot read", () => {
  it("fails loudly, with the statement", () => {
    expect(() => check("SELEC nonsense FROM")).toThrow(SqlGateParseError);
    expect(() => check("SELEC nonsense FROM")).toThrow(/SELEC nonsense FROM/);
  });
});

describe("which statements the hook parses", () => {
  it("every one with a subquery, and none without (they cannot hold the class)", () => {
    expect(mayHoldSubquery(`select "id" from "estimates" where EXISTS (SELECT 1 FROM "properties")`)).toBe(true);
    expect(mayHoldSubquery(`update "t" set "a" = ( /* why */ select 1)`)).toBe(true);
    expect(mayHoldSubquery(`WITH x AS (\n  SELECT 1) SELECT * FROM x`)).toBe(true);
    expect(mayHoldSubquery(`select "id" from "quotes" where "quotes"."id" in (select value from json_each(?))`)).toBe(true);
    expect(mayHoldSubquery(`insert into "settings" ("key", "value") values (?, ?)`)).toBe(false);
    expect(mayHoldSubquery(`select "id", lower("email") from "customers" where "customers"."id" = ?`)).toBe(false);
    expect(mayHoldSubquery(`insert into "a" ("x") select "b"."x" from "b"`)).toBe(false);
  });
});

describe("the hook on D1", () => {
  const bug = `select (SELECT "id" FROM "properties" WHERE "customer_id" = "customer_id" LIMIT 1) AS p from "estimates" where "estimates"."id" = ?`;

  it("sees a statement prepared on the binding, on a session and through exec, and keeps a clean one quiet", async () => {
    expect(takeRefusals()).toEqual([]);
    env.DB.prepare(bug);
    env.DB.withSession().prepare(`${bug} `);
    await env.DB.exec(`${bug.replace("?", "0")};`);
    env.DB.prepare(`select "id" from "estimates" where "estimates"."id" = ?`);
    const refused = takeRefusals();
    expect(refused.map((r) => r.sql)).toEqual([bug, `${bug} `, `${bug.replace("?", "0")};`]);
    expect(refused.every((r) => "findings" in r && r.findings[0]?.rule === "self-comparison")).toBe(true);
  });

  it("sees the Worker's own statements, through the app", async () => {
    // The app's statements go through the same prototypes: a request that reads the database adds
    // verdicts for statements no test wrote (the cache keeps one per statement text).
    const { results } = await env.DB.prepare("SELECT 1 AS one").all();
    expect(results).toEqual([{ one: 1 }]);
    const before = (globalThis as any)[Symbol.for("sql-gate.state")].verdicts.size as number;
    const response = await exports.default.fetch("http://localhost/api/products");
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect((globalThis as any)[Symbol.for("sql-gate.state")].verdicts.size).toBeGreaterThan(before);
  });
});
