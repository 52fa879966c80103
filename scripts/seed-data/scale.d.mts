/** Types for the Worker tests, which run the ten-year seed's SQL small (test/seed-scale-documents.test.ts). */
export type ScaleVolumes = { customers: number; visitsPerCustomer: number; subscribers: number; quotes: number; orders: number };
export declare const SCALE: ScaleVolumes;
export declare function scaleStatements(v?: ScaleVolumes): string[];
export declare const SCALE_MARKER_SQL: string;
