export type SchemaColumn = { type: string; notNull: boolean; hasDefault: boolean };
export type Schema = Map<string, Map<string, SchemaColumn>>;
export type SchemaRow = { table: string; column: string; type: string; notNull: number; hasDefault: number };

export const SCHEMA_QUERY: string;
export function schemaFrom(rows: SchemaRow[]): Schema;
export function quoteIdentifier(name: string): string;
export function sqlLiteral(value: unknown): string;
export function checkBackup(backup: unknown, schema: Schema): void;
export function restoreStatements(backup: unknown, schema: Schema): string[];
export function backupCounts(backup: { tables: Record<string, unknown[]> }): Record<string, number>;
