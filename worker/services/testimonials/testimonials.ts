import { and, count, desc, eq, like, or } from "drizzle-orm";
import type { z } from "zod";
import type { ListResult } from "../../../schema/api/lists";
import {
  consentProblems,
  type Testimonial,
  type testimonialPatchSchema,
  type testimonialSchema,
} from "../../../schema/api/testimonials";
import { testimonials } from "../../../schema/db";
import type { Db } from "../../db/client";
import { ApiError, notFound } from "../../lib/errors";
import { forgetPublishedTestimonials } from "./published";

/**
 * The owner's testimonials (the back office's Testimonials screen): entered from where the customer
 * said it, published only with their consent. Every change drops the site's copy, so the home page's
 * next request shows it (published.ts).
 */

type Row = typeof testimonials.$inferSelect;

export function toTestimonial(row: Row): Testimonial {
  return {
    id: row.id,
    words: row.words,
    shownName: row.shownName,
    source: row.source,
    sourceUrl: row.sourceUrl,
    givenOn: row.givenOn,
    consentOn: row.consentOn,
    consentMethod: row.consentMethod,
    customerEmail: row.customerEmail,
    isPublished: row.isPublished,
    isShown: row.isPublished && row.consentOn !== null && row.consentMethod !== null,
    updatedAt: row.updatedAt,
  };
}

/** Newest given first; `q` finds a name, a source or words. */
export async function listTestimonials(
  db: Db,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
): Promise<ListResult<Testimonial>> {
  const pattern = q ? `%${q}%` : null;
  const where = pattern
    ? or(like(testimonials.shownName, pattern), like(testimonials.source, pattern), like(testimonials.words, pattern))
    : undefined;
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(testimonials)
      .where(where)
      .orderBy(desc(testimonials.givenOn), desc(testimonials.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(testimonials).where(where),
  ]);
  return { items: rows.map(toTestimonial), total: total?.n ?? 0 };
}

export async function addTestimonial(db: Db, input: z.output<typeof testimonialSchema>): Promise<Testimonial> {
  const [row] = await db.insert(testimonials).values(input).returning();
  await forgetPublishedTestimonials();
  return toTestimonial(row!);
}

/**
 * Changes some fields. The consent rule holds for the row as it will be: published needs consent
 * recorded whole, so clearing the consent of a published one is refused (unpublish it first), and
 * the write is guarded by the row's `updatedAt` as read, so a change made in between is not overwritten.
 */
export async function editTestimonial(db: Db, id: number, patch: z.output<typeof testimonialPatchSchema>): Promise<Testimonial> {
  const [current] = await db.select().from(testimonials).where(eq(testimonials.id, id));
  if (!current) throw notFound("Testimonial");
  const problems = consentProblems({ ...current, ...patch });
  if (problems.length) throw new ApiError("VALIDATION_FAILED", problems[0]!.message, { details: problems });
  const [row] = await db
    .update(testimonials)
    .set({ ...patch, updatedAt: new Date().toISOString() })
    .where(and(eq(testimonials.id, id), eq(testimonials.updatedAt, current.updatedAt)))
    .returning();
  if (!row) throw new ApiError("CONFLICT", "This testimonial was changed meanwhile: please look at it again");
  await forgetPublishedTestimonials();
  return toTestimonial(row);
}

export async function deleteTestimonial(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  if (!row) throw notFound("Testimonial");
  await forgetPublishedTestimonials();
}
