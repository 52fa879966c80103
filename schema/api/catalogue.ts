import { limitParam, offsetParam, searchParam } from "./lists";
import { z } from "./z";

/**
 * GET /api/products and GET /api/admin/products: the matching products (all of them without a
 * filter), newest first, a page at a time, with the full count in the X-Total-Count header. The
 * public list without a query answers its first page (settings.catalogue.firstPage): the whole
 * catalogue of a shop of a few hundred parts. `q` matches words of the name, brand or description.
 */
export const catalogueQuerySchema = z.object({
  q: searchParam,
  category: z.string().trim().max(60, "That category is too long").optional(),
  brand: z.string().trim().max(60, "That brand is too long").optional(),
  /** Back office only: counted products at or below their low-stock level. */
  lowStock: z
    .enum(["1", "true", "0", "false"], { error: "lowStock must be 1 or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  // No default: without a limit the public list answers its first page, the one the cache keeps.
  limit: limitParam(500).optional(),
  offset: offsetParam,
});

export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

/** Is this the plain first page of the whole catalogue (the one the public cache keeps)? */
export const isWholeCatalogue = (q: CatalogueQuery) =>
  !q.q && !q.category && !q.brand && !q.lowStock && q.limit === undefined && q.offset === 0;
