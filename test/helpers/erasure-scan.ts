import { env } from "cloudflare:workers";
import { type Person, type TokenKind, tokensOf } from "./erasure-person";
import { query } from "./factories-commerce";

/**
 * The database and the buckets, read whole, for the erasure tests (test/erasure-*.test.ts): every
 * place a person's tokens turn up, and the rows that hold them.
 */

export type Found = { table: string; column: string; kind: TokenKind; row: Record<string, unknown> };

export async function allTables(): Promise<{ name: string; sql: string }[]> {
  return query<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  );
}

/** Bytes as one character each, a slice at a time (a spread of a whole PDF would overflow the stack). */
function latin1(bytes: ArrayLike<number>): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192)
    text += String.fromCharCode(...Array.from({ length: Math.min(8192, bytes.length - i) }, (_, j) => bytes[i + j]!));
  return text;
}

const asText = (value: unknown): string | null => {
  if (typeof value === "string") return value;
  if (value instanceof ArrayBuffer) return latin1(new Uint8Array(value));
  if (Array.isArray(value)) return latin1(value as number[]);
  return null;
};

/** Every value of every column of every table (search indexes and their shadow tables included). */
export async function scanD1(p: Person): Promise<Found[]> {
  const tokens = tokensOf(p);
  const found: Found[] = [];
  for (const { name } of await allTables()) {
    for (const row of await query<Record<string, unknown>>(`SELECT * FROM "${name}"`)) {
      for (const [column, value] of Object.entries(row)) {
        const text = asText(value)?.toLowerCase();
        if (!text) continue;
        for (const [kind, values] of Object.entries(tokens) as [TokenKind, string[]][]) {
          if (values.some((v) => text.includes(v.toLowerCase()))) found.push({ table: name, column, kind, row });
        }
      }
    }
  }
  return found;
}

/** The rows that hold the person, table by table, as text: what must not change when another is erased. */
export async function rowsOf(p: Person): Promise<Record<string, string[]>> {
  const rows: Record<string, Set<string>> = {};
  for (const f of await scanD1(p)) {
    rows[f.table] ??= new Set();
    rows[f.table]!.add(JSON.stringify(f.row));
  }
  return Object.fromEntries(Object.entries(rows).map(([table, set]) => [table, [...set].sort()]));
}

export async function allObjects(): Promise<{ bucket: "IMAGES" | "DOCUMENTS"; key: string; text: string }[]> {
  const objects = [];
  for (const bucket of ["IMAGES", "DOCUMENTS"] as const) {
    let cursor: string | undefined;
    do {
      const page = await env[bucket].list({ cursor });
      for (const { key } of page.objects) {
        const body = await env[bucket].get(key);
        objects.push({ bucket, key, text: latin1(new Uint8Array(await body!.arrayBuffer())).toLowerCase() });
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return objects;
}
