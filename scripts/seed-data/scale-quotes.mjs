// The ten-year seed's quotes (scale-documents.mjs runs these): 8,000 in every state, each on one of
// the generated visits' customers and properties, with its versions (content as QuoteContent,
// schema/api/quotes.ts) and, for an accepted or cancelled one, the acceptance. An accepted quote
// names the visit it booked and is on that visit's job; any other is inserted without a job, so
// the trigger estimates_job (migrations/0027) makes its own. The acceptance's content_sha256 is
// left empty here and written by scripts/seed-scale.mjs from the stored content (SQL has no SHA-256).
import { FALSE, idBase, letterhead, lit, numberBase, vat20 } from "./scale-sql.mjs";

/** The cancellation notice the acceptances were given (schema/consumer-contracts.ts, which Node cannot import here). */
const CANCELLATION_NOTICE_VERSION = "2026-11";

/** The state of quote q (of every 20: 2 drafts, 3 sent, 2 viewed, 5 accepted, 3 declined, 4 expired, 1 cancelled). */
const STATE = `CASE WHEN q % 20 < 2 THEN 'draft' WHEN q % 20 < 5 THEN 'sent' WHEN q % 20 < 7 THEN 'viewed'
  WHEN q % 20 < 12 THEN 'accepted' WHEN q % 20 IN (12, 13, 19) THEN 'declined' WHEN q % 20 < 18 THEN 'expired' ELSE 'cancelled' END`;
/**
 * The day it was written: an accepted one 20 days before its visit; drafts, sent and viewed ones
 * recent (still valid); the rest over ten years, past their 30 days.
 */
const CREATED = `CASE WHEN status = 'accepted' THEN date(service_date, '-20 days')
  WHEN status = 'draft' THEN date('now', '-' || (q % 90) || ' days')
  WHEN status IN ('sent', 'viewed') THEN date('now', '-' || (q % 25) || ' days')
  ELSE date('now', '-' || (40 + q * 3600 / 8000) || ' days') END`;
const TITLES = ["New combi boiler", "Boiler replacement and power flush", "Radiators and controls", "System boiler and cylinder"];

const quotesTable = (n) => [
  `CREATE TABLE _scale_quotes (q INTEGER PRIMARY KEY, id INTEGER NOT NULL, visit_id INTEGER NOT NULL, job_id INTEGER,
     customer_id INTEGER NOT NULL, property_id INTEGER, name TEXT NOT NULL, address TEXT NOT NULL, status TEXT NOT NULL,
     created TEXT NOT NULL, title TEXT NOT NULL, unit INTEGER NOT NULL, deposit INTEGER NOT NULL, versions INTEGER NOT NULL, number INTEGER)`,
  `WITH RECURSIVE n(q) AS (SELECT 1 UNION ALL SELECT q + 1 FROM n WHERE q < ${n}),
   s AS (SELECT n.q, ${STATE} AS status, v.* FROM n
         JOIN _scale_visits v ON v.k = (n.q * 37) % (SELECT COUNT(*) FROM _scale_visits) + 1),
   d AS (SELECT s.*, ${CREATED} AS created FROM s)
   INSERT INTO _scale_quotes
   SELECT q, ${idBase("estimates")} + q, visit_id, job_id, customer_id, property_id, name, address, status, created,
          CASE q % 4 ${TITLES.map((t, i) => `WHEN ${i} THEN ${lit(t)}`).join(" ")} END,
          180000 + (q % 20) * 5000, (q % 3 = 0), CASE WHEN q % 10 = 3 THEN 2 ELSE 1 END,
          CASE WHEN status <> 'draft' THEN ${numberBase("estimates")} + ROW_NUMBER() OVER (PARTITION BY status = 'draft' ORDER BY created, q) END
   FROM d`,
];

const line = (id, description, unit) =>
  `json_object('id', '${id}', 'description', ${description}, 'quantity', 1, 'unitPence', ${unit}, 'vatRate', 20, 'optional', ${FALSE}, 'productId', NULL)`;
/** A version's price: the first was £100 more where a second was sent. */
const unitOf = (version) => `(unit + CASE WHEN versions > ${version} THEN 10000 ELSE 0 END)`;
/** What version `version` says (QuoteContent): two options, each a boiler and a filter. */
const content = (version) => `json_object('title', title,
  'introduction', 'Thank you for having us round. Here is our price for the work we talked about.',
  'options', json_array(
    json_object('id', 'o1', 'name', 'Standard', 'lines', json_array(${line("a", "title", unitOf(version))}, ${line("b", "'Magnetic system filter'", "15000")})),
    json_object('id', 'o2', 'name', 'Premium', 'lines', json_array(${line("a", "title || ' (premium range)'", `${unitOf(version)} + 60000`)}, ${line("b", "'Magnetic system filter'", "15000")}))),
  'validUntil', date(created, '+30 days'), 'terms', 'Payment due on completion. Prices include VAT.',
  'deposit', json(CASE WHEN deposit THEN '{"kind":"percent","percent":20}' END))`;
const gross = `(unit + ${vat20("unit")} + 15000 + 3000)`;
const day = (days, time) => `(date(created, '+${days} days') || 'T${time}.000Z')`;
const sent = `CASE WHEN status <> 'draft' THEN ${day(0, "10:00:00")} END`;

const quoteRows = [
  `INSERT INTO estimates (id, customer_id, property_id, number, status, title, valid_until, version, sent_version, sent_at,
     viewed_at, declined_at, decline_reason, cancelled_at, cancel_reason, job_id, visit_id, created_at, updated_at)
   SELECT id, customer_id, property_id, number, status, title, date(created, '+30 days'), versions,
          CASE WHEN status <> 'draft' THEN versions END, ${sent},
          CASE WHEN status IN ('viewed', 'accepted', 'declined', 'cancelled') THEN ${day(1, "19:30:00")} END,
          CASE WHEN status = 'declined' THEN ${day(3, "08:15:00")} END,
          CASE WHEN status = 'declined' THEN 'Going with another quote' END,
          CASE WHEN status = 'cancelled' THEN ${day(8, "11:00:00")} END,
          CASE WHEN status = 'cancelled' THEN 'Changed our minds' END,
          CASE WHEN status = 'accepted' THEN job_id END, CASE WHEN status = 'accepted' THEN visit_id END,
          ${day(0, "09:00:00")}, ${day(0, "10:00:00")}
   FROM _scale_quotes ORDER BY q`,
  `INSERT INTO estimate_versions (estimate_id, version, content, vat_registered, sent_at, created_at)
   SELECT id, 1, ${content(1)}, 1, ${sent}, ${day(0, "09:00:00")} FROM _scale_quotes
   UNION ALL
   SELECT id, 2, ${content(2)}, 1, ${day(0, "15:00:00")}, ${day(0, "14:00:00")} FROM _scale_quotes WHERE versions = 2`,
  `INSERT INTO estimate_acceptances (estimate_id, version, option_id, optional_line_ids, name, start_early, content_sha256,
     notice_version, gross_pence, deposit_pence, accepted_at, snapshot, pdf_key)
   SELECT id, versions, 'o1', '[]', name, 0, '', ${lit(CANCELLATION_NOTICE_VERSION)}, ${gross},
          CASE WHEN deposit THEN (${gross} * 20 + 50) / 100 ELSE 0 END, ${day(5, "20:00:00")},
          json_object('letterhead', json_set(${letterhead}, '$.vatNumber', 'GB 123 4567 89'), 'customerName', name, 'place', address),
          'scale/quotes/' || q || '.pdf'
   FROM _scale_quotes WHERE status IN ('accepted', 'cancelled') ORDER BY q`,
];

/** The statements for n quotes, after scale-documents.mjs's _scale_visits. */
export const quoteStatements = (n) => [...quotesTable(n), ...quoteRows];

/** The acceptances whose content_sha256 is still to be written, with the content they accepted. */
export const UNHASHED_ACCEPTANCES_SQL = `SELECT a.id, v.content FROM estimate_acceptances a
  JOIN estimate_versions v ON v.estimate_id = a.estimate_id AND v.version = a.version WHERE a.content_sha256 = ''`;
