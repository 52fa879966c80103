/** Types for the Worker tests, which run the ten-year seed's SQL small (test/seed-scale-documents.test.ts). */
export type DocumentVolumes = { invoices: number; quotes: number; gasSafetyRecords: number; serviceSheets: number };
export declare const DOCUMENTS: DocumentVolumes;
export declare function documentStatements(v?: DocumentVolumes): string[];
export declare const DOCUMENTS_MARKER_SQL: string;
