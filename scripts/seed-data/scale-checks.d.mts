/** Types for the Worker tests (test/seed-scale-documents.test.ts). */
export declare const COUNTS_SQL: string;
export declare const PROBLEMS_SQL: string;
