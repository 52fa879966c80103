import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { unventedRecords, unventedServices } from "../../../schema/db";
import { addDays, addMonths, londonDateOf } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import { settings } from "../../../schema/settings";
import type { Db } from "../../db/client";
import { documentUrl } from "../documents/files";
import type { DocumentKind, DocumentScope } from "../documents/kind";
import { scopeWhere } from "../documents/list";
import { renderUnventedRecord, type UnventedSnapshot } from "./render";

/**
 * The unvented cylinder record as the documents room sees it: its PDF from the snapshot, its links
 * ending as a service sheet's do, listed on the customer's, the property's and the account's pages
 * with its next annual service due.
 */
const u = unventedRecords;
const LIST_LIMIT = 200;

/** Its links end as a service sheet's do, `serviceSheetDays` after its issue. */
const lastDay = (row: { issuedAt: string | null }) =>
  row.issuedAt ? addDays(londonDateOf(row.issuedAt), settings.documentLinks.serviceSheetDays) : null;

const listRows = (db: Db, scope: DocumentScope) =>
  db
    .select({
      id: u.id,
      status: u.status,
      number: u.number,
      propertyId: u.propertyId,
      commissionedOn: u.commissionedOn,
      linkVersion: u.linkVersion,
      // A select from unvented_records alone (columns unqualified): the record is named in full (decision 013).
      lastServiceDue: sql<string | null>`(SELECT max(s.next_due) FROM ${unventedServices} AS s
        WHERE s.unvented_record_id = ${sql.raw('"unvented_records"."id"')})`,
    })
    .from(u)
    .where(scopeWhere(scope, u.customerId, u.propertyId))
    .orderBy(desc(u.commissionedOn), desc(u.id))
    .limit(LIST_LIMIT);

export const unventedRecordKind: DocumentKind<"unvented-record"> = {
  name: "unvented-record",
  async source(db, id) {
    const [row] = await db
      .select({ number: u.number, snapshot: u.snapshot, pdfKey: u.pdfKey, pdfSha256: u.pdfSha256 })
      .from(u)
      .where(eq(u.id, id));
    if (!row?.number || !row.snapshot) return null;
    const number = numberText("unventedRecord", row.number);
    const snapshot = JSON.parse(row.snapshot) as UnventedSnapshot;
    return { number, pdfKey: row.pdfKey, pdfSha256: row.pdfSha256, render: () => renderUnventedRecord(snapshot, number) };
  },
  file: { table: u, id: u.id },
  async linkState(db, link) {
    const [row] = await db.select({ linkVersion: u.linkVersion, issuedAt: u.issuedAt }).from(u).where(eq(u.id, link.id));
    return { current: row?.linkVersion === link.version, lastDay: row ? lastDay(row) : null };
  },
  linksEnd: true,
  list: {
    query: listRows,
    summaries: (env, rows: Awaited<ReturnType<typeof listRows>>) =>
      Promise.all(
        rows.map(async (d) => ({
          kind: "unvented-record",
          title: "Unvented cylinder record (G3)",
          screen: "/unvented-records",
          id: d.id,
          status: d.status,
          number: d.number === null ? null : numberText("unventedRecord", d.number),
          propertyId: d.propertyId,
          date: d.commissionedOn,
          // Its annual service: a year after the commissioning, then when the last service said.
          nextDueDate: d.status === "issued" ? (d.lastServiceDue ?? addMonths(d.commissionedOn, 12)) : null,
          classification: null,
          pdfUrl: d.status === "issued" ? await documentUrl(env, unventedRecordKind, d.id, d.linkVersion) : null,
          tenantCopyDueBy: null,
        })),
      ),
  },
  async accountLinkVersion(db, id, ids) {
    const [row] = await db
      .select({ linkVersion: u.linkVersion })
      .from(u)
      .where(and(eq(u.id, id), eq(u.status, "issued"), inArray(u.customerId, ids)));
    return row?.linkVersion ?? null;
  },
};
