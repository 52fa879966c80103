// The SQL pieces the ten-year documents share (scale-documents.mjs, scale-quotes.mjs,
// scale-certificates.mjs): literals, dates, VAT and the letterhead, all as SQL text.
import { company } from "../../schema/business.ts";

/** A text as an SQL literal. */
export const lit = (s) => `'${String(s).replaceAll("'", "''")}'`;

/** SQL booleans inside JSON. */
export const TRUE = "json('true')";
export const FALSE = "json('false')";

/** The later of a date expression and today: no payment or credit is dated in the future. */
export const notAfterToday = (date) => `MIN(${date}, date('now'))`;

/** An ISO timestamp at a time of day on a date expression. */
export const at = (date, time) => `(${date} || 'T${time}.000Z')`;

/** 20 % VAT on a net amount, rounded half-up to the penny (schema/money.ts). */
export const vat20 = (net) => `((${net}) * 20 + 50) / 100`;

/** The company as the documents' letterhead names it (worker/services/documents/drafts.ts letterheadOf). */
export const letterhead = `json_object('name', ${lit(company.name)},
  'address', ${lit([company.address.street, company.address.locality, company.address.postcode].join(", "))},
  'phone', ${lit(company.phone)}, 'email', ${lit(company.email)}, 'gasSafeNumber', ${lit(company.gasSafeNumber)})`;

/** The next number of a series' table after what it holds. */
export const numberBase = (table) => `(SELECT COALESCE(MAX(number), 0) FROM ${table})`;
/** The first id a table's next rows can take. */
export const idBase = (table) => `(SELECT COALESCE(MAX(id), 0) FROM ${table})`;
