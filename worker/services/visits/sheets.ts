import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { SheetAnswer, SheetInput, SheetPart } from "../../../schema/api/visits";
import { products, serviceRecords, sheetSyncs, stockMovements, visitSheets } from "../../../schema/db";
import type { Db } from "../../db/client";
import { isConstraintError } from "../../db/errors";
import { insertWhen } from "../../db/insert-when";
import { inJsonList } from "../../db/json-list";
import type { AdminUser } from "../../lib/admin-token";
import { ApiError, notFound } from "../../lib/errors";
import { sha256Hex } from "../../lib/sha256";
import { checkSignature } from "../documents/drafts";
import { sheetOfRow } from "./today";

/**
 * A job sheet synced from the engineer's phone: the whole sheet each time, applied once per
 * Idempotency-Key (a retry after a lost answer changes nothing; the key with another body or for
 * another visit is refused, 422), refused as a conflict when the office changed the visit since the
 * version the phone had. Parts used leave the stock through the
 * ledger by the difference from what the visit already took (so a sheet saved again, or a part
 * removed, takes or gives back only the change), never below zero. Finishing completes the visit.
 */
const r = serviceRecords;

/** The visit's version and status, and its sheet: what the phone is answered with. */
const answerReads = (db: Db, id: number) =>
  [
    db.select({ version: r.version, status: r.status }).from(r).where(eq(r.id, id)),
    db.select().from(visitSheets).where(eq(visitSheets.serviceRecordId, id)),
  ] as const;

function answerOf(
  [[visit], [sheet]]: readonly [{ version: number; status: SheetAnswer["status"] }[], (typeof visitSheets.$inferSelect)[]],
  replayed: boolean,
): SheetAnswer {
  if (!visit || !sheet) throw notFound("Visit");
  return { sheet: sheetOfRow(sheet), version: String(visit.version), status: visit.status, replayed };
}

const answer = async (db: Db, id: number, replayed: boolean) => answerOf(await db.batch(answerReads(db, id)), replayed);

const changedInOffice = (version: number) =>
  new ApiError(
    "CONFLICT",
    "The visit was changed in the office since this phone last had it: check it and send the sheet again.",
    {
      details: [{ path: "baseVersion", message: String(version) }],
    },
  );

/**
 * What a sync's key stands for: the visit and the SHA-256 of the body as validated (the schema's
 * own field order, unknown fields dropped), so a retry of the same sheet matches whatever order or
 * spacing its JSON came in, and any change in what it says does not.
 */
const bodyHashOf = (input: SheetInput) => sha256Hex(JSON.stringify(input));

/**
 * A key seen before: the same sheet for the same visit is answered as it stands (a replay); the key
 * with another visit or another body is refused. Answering that as a replay would tell the phone
 * its new sheet was saved when it was dropped. A key remembered before bodies were hashed (null)
 * can only be matched by its visit.
 */
async function replayOrRefuse(
  db: Db,
  id: number,
  bodySha256: string,
  seen: { serviceRecordId: number; bodySha256: string | null },
): Promise<SheetAnswer> {
  const reused = (message: string) =>
    new ApiError("UNPROCESSABLE_CONTENT", message, { details: [{ path: "Idempotency-Key", message }] });
  if (seen.serviceRecordId !== id) throw reused("This Idempotency-Key was already used for another visit's sheet.");
  if (seen.bodySha256 !== null && seen.bodySha256 !== bodySha256)
    throw reused("This Idempotency-Key was already used for a different version of this sheet: send the change with a new key.");
  return answer(db, id, true);
}

const keyRow = (db: Db, key: string) =>
  db
    .select({ serviceRecordId: sheetSyncs.serviceRecordId, bodySha256: sheetSyncs.bodySha256 })
    .from(sheetSyncs)
    .where(eq(sheetSyncs.key, key));

/** The change of one product's count for this visit: the ledger row first, then the count by it. */
function partStatements(db: Db, visitId: number, productId: number, quantity: number, now: string) {
  const taken = sql`COALESCE((SELECT -SUM(${stockMovements.change}) FROM ${stockMovements}
    WHERE ${stockMovements.serviceRecordId} = ${visitId} AND ${stockMovements.productId} = ${productId}), 0)`;
  const wanted = sql`(${quantity} - ${taken})`;
  // A part taken is costed at the product's cost price now; one given back at the cost it was
  // taken at (the visit's latest taking), so the job's parts at cost come back to what it kept.
  const lastTakenCost = sql`(SELECT ${stockMovements.unitCostPence} FROM ${stockMovements}
    WHERE ${stockMovements.serviceRecordId} = ${visitId} AND ${stockMovements.productId} = ${productId}
      AND ${stockMovements.change} < 0 ORDER BY ${stockMovements.id} DESC LIMIT 1)`;
  const thisRow = and(
    eq(stockMovements.serviceRecordId, visitId),
    eq(stockMovements.productId, productId),
    eq(stockMovements.createdAt, now),
  );
  const change = sql<number>`COALESCE((SELECT ${stockMovements.change} FROM ${stockMovements} WHERE ${thisRow}), 0)`;
  return [
    // Taking more: at most what is on the shelf (a count never goes below zero); giving back: all.
    insertWhen(
      db,
      stockMovements,
      {
        productId: products.id,
        change: sql`CASE WHEN ${wanted} > 0 THEN -MIN(${wanted}, ${products.stockQuantity}) ELSE -${wanted} END`,
        reason: "visit",
        createdAt: now,
        serviceRecordId: visitId,
        unitCostPence: sql`CASE WHEN ${wanted} > 0 THEN ${products.costPence} ELSE ${lastTakenCost} END`,
      },
      {
        from: products,
        where: and(
          eq(products.id, productId),
          isNotNull(products.stockQuantity),
          sql`${wanted} <> 0`,
          sql`NOT (${wanted} > 0 AND ${products.stockQuantity} = 0)`,
        ),
      },
    ),
    db
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} + ${change}`,
        // Back above its low-stock level: the owner's alert is re-armed.
        lowStockAlertedAt: sql`CASE WHEN ${products.stockQuantity} + ${change} > ${products.lowStockThreshold} THEN NULL ELSE ${products.lowStockAlertedAt} END`,
      })
      .where(and(eq(products.id, productId), sql`EXISTS (SELECT 1 FROM ${stockMovements} WHERE ${thisRow})`)),
    db
      .update(stockMovements)
      .set({ quantityAfter: sql`(SELECT ${products.stockQuantity} FROM ${products} WHERE ${products.id} = ${productId})` })
      .where(thisRow),
  ] as const;
}

export async function syncSheet(
  db: Db,
  id: number,
  key: string,
  input: SheetInput,
  person?: Pick<AdminUser, "id" | "name">,
): Promise<SheetAnswer> {
  const bodySha256 = await bodyHashOf(input);
  const [[seen], [visit], before, named] = await db.batch([
    keyRow(db, key),
    db.select({ version: r.version, status: r.status }).from(r).where(eq(r.id, id)),
    db
      .select({ productId: stockMovements.productId })
      .from(stockMovements)
      .where(eq(stockMovements.serviceRecordId, id))
      .groupBy(stockMovements.productId),
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(
        inJsonList(
          products.id,
          input.parts.map((p) => p.productId),
        ),
      ),
  ]);
  if (seen) return replayOrRefuse(db, id, bodySha256, seen);
  if (!visit) throw notFound("Visit");
  if (String(visit.version) !== input.baseVersion) throw changedInOffice(visit.version);
  const missing = input.parts.find((p) => !named.some((n) => n.id === p.productId));
  if (missing) {
    const message = "A part is no longer in the catalogue: remove it and pick another";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "parts", message }] });
  }
  if (input.signature) await checkSignature(input.signature);

  const now = new Date().toISOString();
  const parts: SheetPart[] = input.parts.map((p) => ({ ...p, name: named.find((n) => n.id === p.productId)!.name }));
  // Every product the visit used before or uses now: one no longer on the sheet goes back to 0.
  const productIds = [...new Set([...before.map((b) => b.productId), ...parts.map((p) => p.productId)])];
  const sheet = {
    arrivedAt: input.arrivedAt,
    finishedAt: input.finishedAt ?? (input.finish ? now : null),
    workDone: input.workDone,
    advice: input.advice,
    labourMinutes: input.labourMinutes,
    parts: JSON.stringify(parts),
    photos: JSON.stringify(input.photos),
    signature: input.signature,
    signedName: input.signedName,
    // Not named by the phone (an older app's sheet): the ticks already on the sheet stay.
    ...(input.installations === undefined ? {} : { installations: JSON.stringify(input.installations) }),
    updatedAt: now,
    updatedBy: person?.id ?? null,
    updatedByName: person?.name ?? null,
  };
  const status: SQL = input.finish
    ? sql`'completed'`
    : sql`CASE WHEN ${r.status} = 'scheduled' AND ${input.arrivedAt} IS NOT NULL THEN 'in-progress' ELSE ${r.status} END`;
  const partsText = parts.map((p) => `${p.quantity} × ${p.name}`).join(", ") || null;
  let written: unknown[];
  try {
    written = await db.batch([
      // The key first: a second sync with it, racing this one, fails here and changes nothing. So
      // does an office change since the read above: the visit is named only at the version read,
      // and otherwise the NULL stops the whole batch (one transaction) before anything is written.
      db.insert(sheetSyncs).values({
        key,
        serviceRecordId: sql`(SELECT ${r.id} FROM ${r} WHERE ${r.id} = ${id} AND ${r.version} = ${visit.version})`,
        bodySha256,
        createdAt: now,
      }),
      db
        .insert(visitSheets)
        .values({ serviceRecordId: id, ...sheet })
        .onConflictDoUpdate({ target: visitSheets.serviceRecordId, set: sheet }),
      ...productIds.flatMap((productId) =>
        partStatements(db, id, productId, parts.find((p) => p.productId === productId)?.quantity ?? 0, now),
      ),
      db
        .update(r)
        .set({
          status,
          version: sql`${r.version} + 1`,
          ...(input.finish ? { workCompleted: input.workDone, partsUsed: partsText } : {}),
        })
        .where(and(eq(r.id, id), eq(r.version, visit.version))),
      // The answer, read in the same round trip.
      ...answerReads(db, id),
    ]);
  } catch (error) {
    const movedOn = isConstraintError(error, "NOT NULL", "sheet_syncs.service_record_id");
    if (movedOn || isConstraintError(error, "UNIQUE", "sheet_syncs.key")) {
      // A sync with this key, racing this one, may have been written first (and moved the visit on,
      // which SQLite reports before the key's clash): a replay only if it carried this sheet.
      const [[clash], [current]] = await db.batch([keyRow(db, key), answerReads(db, id)[0]]);
      if (clash) return replayOrRefuse(db, id, bodySha256, clash);
      if (movedOn) throw changedInOffice(current?.version ?? visit.version + 1);
    }
    throw error;
  }
  // The batch's results are typed as one array (the parts' statements vary in number): its last two are answerReads'.
  return answerOf(written.slice(-2) as unknown as Parameters<typeof answerOf>[0], false);
}
