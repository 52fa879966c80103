// What npm run seed:scale checks after loading (scripts/seed-scale.mjs prints it): how many of each
// document there are, and whether they agree with each other as the product keeps them: an
// invoice's stored sums with its lines, payments and credit notes; numbers once per series; every
// quote on a job, an accepted one on its visit's; an invoice on its visit's job. Each problem count
// must be 0.

import { PAYMENT_METHODS } from "../../schema/api/payment-methods.ts";

/** The product's payment methods (schema/api/payment-methods.ts), as SQL: another word has no label to export. */
const METHODS = PAYMENT_METHODS.map((m) => `'${m}'`).join(", ");

/** An invoice's net from its lines (whole quantities and pence, as the generated ones are). */
const linesNet = `(SELECT SUM(json_extract(l.value, '$.quantity') * json_extract(l.value, '$.unitPence')) FROM json_each(i.lines) l)`;
const paid = "(SELECT COALESCE(SUM(p.amount_pence), 0) FROM invoice_payments p WHERE p.invoice_id = i.id)";
const refunded = "(SELECT COALESCE(SUM(r.amount_pence), 0) FROM invoice_refunds r WHERE r.invoice_id = i.id)";
const credited = "(SELECT COALESCE(SUM(c.gross_pence), 0) FROM credit_notes c WHERE c.invoice_id = i.id)";
const balance = "(i.gross_pence - i.deposit_pence - i.credited_pence - i.paid_pence)";
const repeated = (table) =>
  `(SELECT COUNT(*) FROM (SELECT number FROM ${table} WHERE number IS NOT NULL GROUP BY number HAVING COUNT(*) > 1))`;

/** Each series' counter against its table (D1 takes at most five terms in a compound SELECT). */
const SERIES = [
  ["invoice", "invoices"],
  ["creditNote", "credit_notes"],
  ["estimate", "estimates"],
  ["gasSafetyRecord", "gas_safety_records"],
  ["warningNotice", "warning_notices"],
  ["serviceSheet", "service_sheets"],
];
const behind = (series, table) =>
  `(SELECT COUNT(*) FROM ${table} WHERE number > COALESCE((SELECT last FROM number_series WHERE series = '${series}'), 0))`;

export const COUNTS_SQL = `SELECT
  (SELECT COUNT(*) FROM invoices) AS invoices,
  (SELECT COUNT(*) FROM invoices WHERE status = 'draft') AS invoice_drafts,
  (SELECT COUNT(*) FROM invoices WHERE status = 'void') AS invoices_void,
  (SELECT COUNT(*) FROM invoices i WHERE status = 'issued' AND ${balance} <= 0) AS invoices_paid,
  (SELECT COUNT(*) FROM invoices i WHERE status = 'issued' AND ${balance} > 0 AND paid_pence > 0) AS invoices_part_paid,
  (SELECT COUNT(*) FROM invoices i WHERE status = 'issued' AND ${balance} > 0 AND due_date < date('now')) AS invoices_overdue,
  (SELECT COUNT(*) FROM invoice_payments) AS payments,
  (SELECT COUNT(*) FROM credit_notes) AS credit_notes,
  (SELECT COUNT(*) FROM estimates) AS quotes,
  (SELECT group_concat(status || ' ' || n, ', ') FROM (SELECT status, COUNT(*) AS n FROM estimates GROUP BY status)) AS quote_states,
  (SELECT COUNT(*) FROM estimate_versions) AS quote_versions,
  (SELECT COUNT(*) FROM estimate_acceptances) AS acceptances,
  (SELECT COUNT(*) FROM gas_safety_records) AS gas_safety_records,
  (SELECT COUNT(*) FROM warning_notices) AS warning_notices,
  (SELECT COUNT(*) FROM service_sheets) AS service_sheets,
  (SELECT COUNT(*) FROM appliances) AS appliances,
  (SELECT COUNT(*) FROM jobs) AS jobs`;

export const PROBLEMS_SQL = `SELECT
  (SELECT COUNT(*) FROM invoices i WHERE i.net_pence <> ${linesNet} OR i.gross_pence <> i.net_pence + i.vat_pence) AS invoices_off_lines,
  (SELECT COUNT(*) FROM invoices i WHERE i.paid_pence <> ${paid} - ${refunded}) AS invoices_off_payments,
  (SELECT COUNT(*) FROM invoices i WHERE i.credited_pence <> ${credited}) AS invoices_off_credit_notes,
  (SELECT COUNT(*) FROM invoices i WHERE i.status = 'issued' AND (i.paid_at IS NULL) <> (${balance} > 0)) AS invoices_paid_at_wrong,
  (SELECT COUNT(*) FROM invoices WHERE status <> 'draft' AND number IS NULL) AS invoices_unnumbered,
  ${repeated("invoices")} + ${repeated("credit_notes")} + ${repeated("estimates")} + ${repeated("gas_safety_records")}
    + ${repeated("warning_notices")} + ${repeated("service_sheets")} AS numbers_repeated,
  ${SERIES.map(([series, table]) => behind(series, table)).join(" + ")} AS series_behind,
  (SELECT COUNT(*) FROM estimates WHERE job_id IS NULL) AS quotes_without_job,
  (SELECT COUNT(*) FROM estimates e WHERE e.status = 'accepted' AND e.visit_id IS NOT NULL
    AND e.job_id IS NOT (SELECT v.job_id FROM service_records v WHERE v.id = e.visit_id)) AS accepted_off_visit_job,
  (SELECT COUNT(*) FROM invoices i JOIN service_records v ON v.id = i.service_record_id WHERE i.job_id IS NOT v.job_id) AS invoices_off_visit_job,
  (SELECT COUNT(*) FROM estimate_acceptances WHERE content_sha256 = '') AS acceptances_unhashed,
  (SELECT COUNT(*) FROM invoice_payments WHERE method NOT IN (${METHODS})) AS payments_unknown_method`;
