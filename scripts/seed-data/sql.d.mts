/** Types for the Worker tests, which run the seed's SQL against the test D1 (test/seed.test.ts). */
export declare function seedStatements(today?: Date): string[];
export declare function sqlValue(value: unknown): string;
