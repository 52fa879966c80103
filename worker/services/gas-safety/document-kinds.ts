import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DocumentSummary } from "../../../schema/api/documents";
import { gasSafetyCreateSchema, gasSafetyPatchSchema, TENANT_COPY_DAYS } from "../../../schema/api/gas-safety";
import { papers } from "../../../schema/api/papers";
import { serviceSheetCreateSchema, serviceSheetPatchSchema } from "../../../schema/api/service-sheets";
import { gasSafetyRecords, outgoingEmails, properties, serviceSheets, warningNotices } from "../../../schema/db";
import { addDays } from "../../../schema/london-time";
import { numberText } from "../../../schema/numbers";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { documentUrl } from "../documents/files";
import type { DocumentKind, DocumentScope } from "../documents/kind";
import { scopeWhere } from "../documents/list";
import { paperAction, paperApi, type VisitPaper, visitPaperKind } from "../documents/visit-paper";
import { markTenantCopyGiven } from "./record-copies";
import { createGasSafetyRecord, updateGasSafetyRecord } from "./record-drafts";
import { issueGasSafetyRecord } from "./record-issue";
import { revokeGasSafetyLinks } from "./record-links";
import { getGasSafetyRecord } from "./records";
import {
  type GasSafetySnapshot,
  renderGasSafetyRecord,
  renderServiceSheet,
  renderWarningNotice,
  type ServiceSheetSnapshot,
  type WarningNoticeSnapshot,
} from "./render";
import {
  createServiceSheet,
  getServiceSheet,
  issueServiceSheet,
  revokeServiceSheetLinks,
  updateServiceSheet,
} from "./service-sheets";

/**
 * The gas paperwork as the documents room sees it: the landlord's gas safety record and its warning
 * notices, kept for good (their links never end: schema/settings.ts says why), and the service sheet;
 * all three listed on the customer's, the property's and the account's pages.
 */
const r = gasSafetyRecords;
const LIST_LIMIT = 200;

const recordRows = (db: Db, scope: DocumentScope) =>
  db
    .select({
      id: r.id,
      status: r.status,
      number: r.number,
      propertyId: r.propertyId,
      checkDate: r.checkDate,
      nextDueDate: r.nextDueDate,
      linkVersion: r.linkVersion,
      // Unqualified in this single-table select: the subqueries name the record in full (decision 013).
      tenantCopyPending: sql<number>`${r.status} = 'issued' AND ${r.tenantCopyGivenAt} IS NULL
        AND COALESCE((SELECT e.status FROM ${outgoingEmails} AS e WHERE e.id = ${sql.raw('"gas_safety_records"."tenant_email_id"')}), 'failed') = 'failed'
        AND EXISTS (SELECT 1 FROM ${properties} AS p WHERE p.id = ${sql.raw('"gas_safety_records"."property_id"')}
          AND (p.tenant_name IS NOT NULL OR p.tenant_email IS NOT NULL))`,
    })
    .from(r)
    .where(scopeWhere(scope, r.customerId, r.propertyId))
    .orderBy(desc(r.checkDate), desc(r.id))
    .limit(LIST_LIMIT);

const noticeRows = (db: Db, scope: DocumentScope) =>
  db
    .select({
      id: warningNotices.id,
      number: warningNotices.number,
      propertyId: warningNotices.propertyId,
      classification: warningNotices.classification,
      checkDate: r.checkDate,
      linkVersion: warningNotices.linkVersion,
    })
    .from(warningNotices)
    .leftJoin(r, eq(r.id, warningNotices.recordId))
    .where(scopeWhere(scope, warningNotices.customerId, warningNotices.propertyId))
    .orderBy(desc(warningNotices.id))
    .limit(LIST_LIMIT);

type Rows<Query extends (db: Db, scope: DocumentScope) => unknown> = Awaited<ReturnType<Query>>;
export const gasSafetyRecordKind: DocumentKind<"gas-safety-record"> & { paper: VisitPaper } = {
  name: "gas-safety-record",
  // A paper drafted at a visit (../documents/visit-paper.ts), kept for good: its own kind here for
  // what only it has (its warning notices, the tenant's copy, links that never end).
  paper: {
    descriptor: papers["gas-safety-record"],
    table: gasSafetyRecords,
    key: "gasSafetyRecords",
    date: gasSafetyRecords.checkDate,
    emailIds: [gasSafetyRecords.landlordEmailId, gasSafetyRecords.tenantEmailId],
    keptAs: "safetyRecords",
    audited: {
      checkDate: gasSafetyRecords.checkDate,
      nextDueDate: gasSafetyRecords.nextDueDate,
      tenantCopyGivenAt: gasSafetyRecords.tenantCopyGivenAt,
    },
    api: paperApi({
      createSchema: gasSafetyCreateSchema,
      patchSchema: gasSafetyPatchSchema,
      create: createGasSafetyRecord,
      get: getGasSafetyRecord,
      update: updateGasSafetyRecord,
      issue: issueGasSafetyRecord,
      revokeLinks: revokeGasSafetyLinks,
      actions: [
        paperAction({
          method: "post",
          path: "tenant-copy-given",
          engineers: true,
          audit: "gave the tenant their copy",
          run: (env, db, id) => markTenantCopyGiven(env, db, id),
        }),
      ],
    }),
  },
  async source(db, id) {
    const [[row], notices] = await db.batch([
      db
        .select({
          number: gasSafetyRecords.number,
          snapshot: gasSafetyRecords.snapshot,
          pdfKey: gasSafetyRecords.pdfKey,
          pdfSha256: gasSafetyRecords.pdfSha256,
        })
        .from(gasSafetyRecords)
        .where(eq(gasSafetyRecords.id, id)),
      db
        .select({ number: warningNotices.number, index: warningNotices.applianceIndex })
        .from(warningNotices)
        .where(eq(warningNotices.recordId, id))
        .orderBy(asc(warningNotices.applianceIndex)),
    ]);
    if (!row?.number || !row.snapshot) return null;
    const number = numberText("gasSafetyRecord", row.number);
    const snapshot = JSON.parse(row.snapshot) as GasSafetySnapshot;
    const noticeNumbers = snapshot.appliances.map((_, i) => {
      const notice = notices.find((n) => n.index === i);
      return notice ? numberText("warningNotice", notice.number) : null;
    });
    return {
      number,
      pdfKey: row.pdfKey,
      pdfSha256: row.pdfSha256,
      render: () => renderGasSafetyRecord(snapshot, number, noticeNumbers),
    };
  },
  file: { table: gasSafetyRecords, id: gasSafetyRecords.id },
  async linkState(db, link) {
    const [row] = await db
      .select({ version: gasSafetyRecords.linkVersion })
      .from(gasSafetyRecords)
      .where(eq(gasSafetyRecords.id, link.id));
    return { current: row?.version === link.version, lastDay: null };
  },
  linksEnd: false,
  list: {
    query: recordRows,
    async summaries(env, rows: Rows<typeof recordRows>) {
      // Only the latest issued record at each property still owes the tenant a copy.
      const latest = new Map<number | null, number>();
      for (const d of rows) if (d.status === "issued" && !latest.has(d.propertyId)) latest.set(d.propertyId, d.id);
      return Promise.all(
        rows.map(async (d) => ({
          kind: "gas-safety-record",
          title: "Gas safety record",
          screen: "/gas-safety-records",
          id: d.id,
          status: d.status,
          number: d.number === null ? null : numberText("gasSafetyRecord", d.number),
          propertyId: d.propertyId,
          date: d.checkDate,
          nextDueDate: d.nextDueDate,
          classification: null,
          pdfUrl: d.status === "issued" ? await documentUrl(env, gasSafetyRecordKind, d.id, d.linkVersion) : null,
          tenantCopyDueBy:
            latest.get(d.propertyId) === d.id && d.tenantCopyPending ? addDays(d.checkDate, TENANT_COPY_DAYS) : null,
        })),
      );
    },
  },
  async accountLinkVersion(db, id, ids) {
    const [row] = await db
      .select({ linkVersion: gasSafetyRecords.linkVersion })
      .from(gasSafetyRecords)
      .where(and(eq(gasSafetyRecords.id, id), eq(gasSafetyRecords.status, "issued"), inArray(gasSafetyRecords.customerId, ids)));
    return row?.linkVersion ?? null;
  },
};

/** A warning notice as the lists show it, dated by its record's check (on the record's own page too). */
export async function noticeSummary(
  env: AppEnv,
  n: Pick<typeof warningNotices.$inferSelect, "id" | "number" | "propertyId" | "classification" | "linkVersion">,
  date: string,
): Promise<DocumentSummary> {
  return {
    kind: warningNoticeKind.name,
    title: "Warning notice",
    screen: null,
    id: n.id,
    status: "issued",
    number: numberText("warningNotice", n.number),
    propertyId: n.propertyId,
    date,
    nextDueDate: null,
    classification: n.classification,
    pdfUrl: await documentUrl(env, warningNoticeKind, n.id, n.linkVersion),
    tenantCopyDueBy: null,
  };
}

export const warningNoticeKind: DocumentKind<"warning-notice"> = {
  name: "warning-notice",
  async source(db, id) {
    const [row] = await db
      .select({
        number: warningNotices.number,
        snapshot: warningNotices.snapshot,
        pdfKey: warningNotices.pdfKey,
        pdfSha256: warningNotices.pdfSha256,
        recordNumber: gasSafetyRecords.number,
      })
      .from(warningNotices)
      .leftJoin(gasSafetyRecords, eq(gasSafetyRecords.id, warningNotices.recordId))
      .where(eq(warningNotices.id, id));
    if (!row?.snapshot) return null;
    const number = numberText("warningNotice", row.number);
    const recordNumber = row.recordNumber ? numberText("gasSafetyRecord", row.recordNumber) : null;
    const snapshot = JSON.parse(row.snapshot) as WarningNoticeSnapshot;
    return {
      number,
      pdfKey: row.pdfKey,
      pdfSha256: row.pdfSha256,
      render: () => renderWarningNotice(snapshot, number, recordNumber),
    };
  },
  file: { table: warningNotices, id: warningNotices.id },
  async linkState(db, link) {
    const [row] = await db
      .select({ version: warningNotices.linkVersion })
      .from(warningNotices)
      .where(eq(warningNotices.id, link.id));
    return { current: row?.version === link.version, lastDay: null };
  },
  linksEnd: false,
  list: {
    query: noticeRows,
    summaries: (env, rows: Rows<typeof noticeRows>) => Promise.all(rows.map((n) => noticeSummary(env, n, n.checkDate ?? ""))),
  },
  async accountLinkVersion(db, id, ids) {
    const [row] = await db
      .select({ linkVersion: warningNotices.linkVersion })
      .from(warningNotices)
      .where(and(eq(warningNotices.id, id), inArray(warningNotices.customerId, ids)));
    return row?.linkVersion ?? null;
  },
};

/** The service sheet as a paper drafted at a service visit (../documents/visit-paper.ts), listed with its next service date. */
export const serviceSheetKind = visitPaperKind({
  paper: {
    descriptor: papers["service-sheet"],
    table: serviceSheets,
    key: "serviceSheets",
    date: serviceSheets.serviceDate,
    emailIds: [serviceSheets.customerEmailId],
    keptAs: "serviceSheets",
    audited: { serviceDate: serviceSheets.serviceDate, nextServiceDate: serviceSheets.nextServiceDate },
    api: paperApi({
      createSchema: serviceSheetCreateSchema,
      patchSchema: serviceSheetPatchSchema,
      create: createServiceSheet,
      get: getServiceSheet,
      update: updateServiceSheet,
      issue: issueServiceSheet,
      revokeLinks: revokeServiceSheetLinks,
    }),
  },
  render: (snapshot: ServiceSheetSnapshot, number) => renderServiceSheet(snapshot, number),
  nextDue: { read: serviceSheets.nextServiceDate, of: (row) => row.read },
});
