import { and, asc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { BenchmarkServiceEntry } from "../../../schema/api/benchmark-records";
import { benchmarkRecords, serviceSheets } from "../../../schema/db";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";

/**
 * A Benchmark's service record: the issued service sheets of its boiler (the same appliance, at the
 * same property, for the same customer) dated on or after its commissioning, oldest first. Read, never
 * copied: each later service visit's sheet appends its entry. One statement for any number of
 * Benchmarks (a join; the sheet's fields read in SQL, so its signature never leaves D1).
 */
const b = benchmarkRecords;
const s = serviceSheets;
const MAX_ENTRIES = 500;

const field = (path: string) => sql`json_extract(${s.details}, ${`$.${path}`})`;

// Each read is named: D1 answers a row as an object keyed by column name, so two `id`s or two unnamed
// json_extract columns (the same text) would collide and shift the rest.
/** The entries of the issued Benchmarks `which` names (one id, or a condition on benchmark_records). */
export const serviceRecordRead = (db: Db, which: SQL) =>
  db
    .select({
      benchmarkId: sql<number>`${b.id}`.as("benchmark_id"),
      sheetId: s.id,
      number: s.number,
      serviceDate: s.serviceDate,
      engineerName: sql<string | null>`${field("engineerName")}`.as("engineer_name"),
      engineerLicence: sql<string | null>`${field("engineerLicence")}`.as("engineer_licence"),
      coPpm: sql<number | null>`${field("coPpm")}`.as("co_ppm"),
      co2Percent: sql<number | null>`${field("co2Percent")}`.as("co2_percent"),
      coCo2Ratio: sql<number | null>`${field("coCo2Ratio")}`.as("co_co2_ratio"),
      partsUsed: sql<string | null>`${field("partsUsed")}`.as("parts_used"),
      nextServiceDate: s.nextServiceDate,
    })
    .from(b)
    .innerJoin(
      s,
      and(
        eq(s.customerId, b.customerId),
        eq(s.propertyId, b.propertyId),
        eq(s.status, "issued"),
        gte(s.serviceDate, b.commissionedOn),
        sql`${field("applianceId")} = ${b.applianceId}`,
      ),
    )
    .where(and(eq(b.status, "issued"), which))
    .orderBy(asc(s.serviceDate), asc(s.id))
    .limit(MAX_ENTRIES);

type Row = Awaited<ReturnType<typeof serviceRecordRead>>[number];

export const toServiceEntry = ({ benchmarkId: _, number, ...row }: Row): BenchmarkServiceEntry => ({
  ...row,
  number: numberText("serviceSheet", number!),
});

/** The rows grouped by their Benchmark. */
export function serviceRecordsById(rows: Row[]): Map<number, BenchmarkServiceEntry[]> {
  const byId = new Map<number, BenchmarkServiceEntry[]>();
  for (const row of rows) byId.set(row.benchmarkId, [...(byId.get(row.benchmarkId) ?? []), toServiceEntry(row)]);
  return byId;
}
