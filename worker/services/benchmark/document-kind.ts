import { and, desc, eq, inArray } from "drizzle-orm";
import { benchmarkRecords } from "../../../schema/db";
import { addDays, londonDateOf } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { documentUrl } from "../documents/files";
import type { DocumentKind, DocumentScope } from "../documents/kind";
import { scopeWhere } from "../documents/list";
import { type BenchmarkSnapshot, renderBenchmark } from "./render";

/**
 * The Benchmark checklist as the documents room sees it: its PDF from the snapshot, its links
 * ending as a service sheet's do, listed on the customer's, the property's and the account's pages.
 */
const b = benchmarkRecords;
const LIST_LIMIT = 200;

/** Its links end as a service sheet's do, `serviceSheetDays` after its issue. */
const lastDay = (row: { issuedAt: string | null }) =>
  row.issuedAt ? addDays(londonDateOf(row.issuedAt), settings.documentLinks.serviceSheetDays) : null;

const listRows = (db: Db, scope: DocumentScope) =>
  db
    .select({
      id: b.id,
      status: b.status,
      number: b.number,
      propertyId: b.propertyId,
      commissionedOn: b.commissionedOn,
      linkVersion: b.linkVersion,
    })
    .from(b)
    .where(scopeWhere(scope, b.customerId, b.propertyId))
    .orderBy(desc(b.commissionedOn), desc(b.id))
    .limit(LIST_LIMIT);

export const benchmarkKind: DocumentKind<"benchmark"> = {
  name: "benchmark",
  async source(db, id) {
    const [row] = await db
      .select({ number: b.number, snapshot: b.snapshot, pdfKey: b.pdfKey, pdfSha256: b.pdfSha256 })
      .from(b)
      .where(eq(b.id, id));
    if (!row?.number || !row.snapshot) return null;
    const number = numberText("benchmark", row.number);
    const snapshot = JSON.parse(row.snapshot) as BenchmarkSnapshot;
    return { number, pdfKey: row.pdfKey, pdfSha256: row.pdfSha256, render: () => renderBenchmark(snapshot, number) };
  },
  file: { table: b, id: b.id },
  async linkState(db, link) {
    const [row] = await db.select({ linkVersion: b.linkVersion, issuedAt: b.issuedAt }).from(b).where(eq(b.id, link.id));
    return { current: row?.linkVersion === link.version, lastDay: row ? lastDay(row) : null };
  },
  linksEnd: true,
  list: {
    query: listRows,
    summaries: (env, rows: Awaited<ReturnType<typeof listRows>>) =>
      Promise.all(
        rows.map(async (d) => ({
          kind: "benchmark",
          title: "Benchmark commissioning checklist",
          screen: "/benchmark-records",
          id: d.id,
          status: d.status,
          number: d.number === null ? null : numberText("benchmark", d.number),
          propertyId: d.propertyId,
          date: d.commissionedOn,
          nextDueDate: null,
          classification: null,
          pdfUrl: d.status === "issued" ? await documentUrl(env, benchmarkKind, d.id, d.linkVersion) : null,
          tenantCopyDueBy: null,
        })),
      ),
  },
  async accountLinkVersion(db, id, ids) {
    const [row] = await db
      .select({ linkVersion: b.linkVersion })
      .from(b)
      .where(and(eq(b.id, id), eq(b.status, "issued"), inArray(b.customerId, ids)));
    return row?.linkVersion ?? null;
  },
};
