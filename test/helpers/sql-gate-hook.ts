import { checkSql, type Finding, mayHoldSubquery, SCHEMA_QUERY, type Schema, SqlGateParseError, schemaOf } from "./sql-gate";

/** A statement the gate refused: what it found, or why it could not read it. */
export type Refusal = { sql: string; findings: Finding[] } | { sql: string; unparsable: string };

type GateState = { schema: Schema; verdicts: Map<string, Finding[] | string>; refused: Refusal[] };

// On globalThis: setup files may run more than once per test file, and the schema, the verdicts and
// the prototypes' patch must not be made twice.
const STATE = Symbol.for("sql-gate.state");
const PATCHED = Symbol.for("sql-gate.patched");
const holder = globalThis as { [STATE]?: GateState };

function inspect(state: GateState, sql: unknown) {
  if (typeof sql !== "string") return;
  let verdict = state.verdicts.get(sql);
  if (verdict === undefined) {
    try {
      verdict = mayHoldSubquery(sql) ? checkSql(sql, state.schema) : [];
    } catch (error) {
      // Never thrown into the app's prepare(): a statement the gate could not read fails the test instead.
      verdict =
        error instanceof SqlGateParseError ? error.message : `The SQL gate failed on this statement (${String(error)}):\n${sql}`;
    }
    // One parse per statement text: Drizzle's statements repeat with other parameters.
    state.verdicts.set(sql, verdict);
  }
  if (typeof verdict === "string") state.refused.push({ sql, unparsable: verdict });
  else if (verdict.length > 0) state.refused.push({ sql, findings: verdict });
}

function patch(state: GateState, proto: Record<PropertyKey, unknown>, method: "prepare" | "exec") {
  const original = proto[method];
  if (typeof original !== "function") return;
  proto[method] = function (this: unknown, sql: unknown, ...rest: unknown[]) {
    inspect(state, sql);
    return original.call(this, sql, ...rest);
  };
}

/**
 * Reads the migrated schema from `db` and patches D1's classes, so that every statement prepared or
 * exec'd on any binding of this isolate (the Worker's env, a session, the tests' guarded wrappers)
 * passes the gate. Statements are not stopped: a refusal is kept for takeRefusals().
 */
export async function installSqlGate(db: D1Database) {
  if (holder[STATE]) return;
  const { results } = await db.prepare(SCHEMA_QUERY).all<{ tbl: string; col: string }>();
  const state: GateState = { schema: schemaOf(results), verdicts: new Map(), refused: [] };
  holder[STATE] = state;
  const dbProto = Object.getPrototypeOf(db) as Record<PropertyKey, unknown>;
  if (dbProto[PATCHED]) return;
  dbProto[PATCHED] = true;
  patch(state, dbProto, "prepare");
  patch(state, dbProto, "exec");
  // withSession() answers a D1DatabaseSession, a class of its own with its own prepare().
  patch(state, Object.getPrototypeOf(db.withSession()) as Record<PropertyKey, unknown>, "prepare");
}

/** The refusals since the last call, each statement once. */
export function takeRefusals(): Refusal[] {
  const state = holder[STATE];
  if (!state) return [];
  const unique = new Map<string, Refusal>();
  for (const r of state.refused.splice(0)) unique.set(r.sql, r);
  return [...unique.values()];
}

export function describeRefusals(refusals: readonly Refusal[]): string {
  const lines = [`SQL gate (test/helpers/sql-gate.ts): ${refusals.length} statement(s) refused`];
  for (const r of refusals) {
    if ("unparsable" in r) lines.push(r.unparsable);
    else {
      for (const f of r.findings) lines.push(`[${f.rule}] ${f.column}: ${f.message}`);
      lines.push(`  in: ${r.sql}`);
    }
  }
  return lines.join("\n");
}
