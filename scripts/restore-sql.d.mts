export function checkBackup(backup: unknown): void;
export function restoreStatements(backup: unknown): string[];
export function backupCounts(backup: { tables: Record<string, unknown[]> }): Record<string, number>;
