/** The error and every cause under it (Drizzle wraps D1's own error as the cause of its own). */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as Error).cause) chain.push(e);
  return chain;
}

const messageOf = (e: unknown) => String((e as Error)?.message ?? e);

/**
 * D1 refused the statement for a constraint: a unique key taken, a foreign key with no row, a
 * required column left empty; on that column ("table.column") when one is named.
 */
export const isConstraintError = (error: unknown, kind: "UNIQUE" | "FOREIGN KEY" | "NOT NULL", column?: string) =>
  causeChain(error).some((e) => messageOf(e).includes(`${kind} constraint failed${column ? `: ${column}` : ""}`));

/** The database has no such table: nobody migrated it yet. */
export const isMissingTable = (error: unknown) => causeChain(error).some((e) => /no such table/i.test(messageOf(e)));
