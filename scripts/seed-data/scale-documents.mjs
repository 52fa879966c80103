// Ten years of the firm's paperwork, as SQL for local D1 (npm run seed:scale, after scale.mjs's rows
// and on the latest schema): invoices with their payments and credit notes, quotes with their
// versions and acceptances (scale-quotes.mjs), gas safety records with warning notices and service
// sheets (scale-certificates.mjs), each on the scale seed's own completed visits. As in scale.mjs the
// database does the work (INSERT … SELECT, no bound parameters); a few working tables (`_scale_*`)
// give every document its ordinal, its id and its number first, so its children join on a key, and
// are dropped at the end. Numbers follow whatever each series holds already, in date order; the
// series' counters are moved past them. PDF keys name objects that were never rendered, and the
// issued snapshots of certificates are left out (their PDFs are unavailable; the lists do not read them).
import { company } from "../../schema/business.ts";
import { certificateStatements } from "./scale-certificates.mjs";
import { quoteStatements } from "./scale-quotes.mjs";
import { at, idBase, letterhead, lit, notAfterToday, numberBase, vat20 } from "./scale-sql.mjs";

/** Volumes of issue 45. */
export const DOCUMENTS = { invoices: 30_000, quotes: 8_000, gasSafetyRecords: 12_000, serviceSheets: 20_000 };

/**
 * Every generated visit once, in id order, with what its documents copy: k counts from 1, so a
 * document kind picks its visits by k (invoices the even ones, …). The boiler is the property's
 * first appliance (scale-certificates.mjs adds one to every generated property first).
 */
const visitsTable = [
  `CREATE TABLE _scale_visits (k INTEGER PRIMARY KEY, visit_id INTEGER NOT NULL, job_id INTEGER, customer_id INTEGER NOT NULL,
     property_id INTEGER, service_date TEXT NOT NULL, service_type TEXT NOT NULL, cost_pence INTEGER NOT NULL,
     landlord INTEGER NOT NULL, name TEXT NOT NULL, address TEXT NOT NULL, boiler_id INTEGER, cooker_id INTEGER)`,
  `INSERT INTO _scale_visits
   SELECT ROW_NUMBER() OVER (ORDER BY v.id), v.id, v.job_id, v.customer_id, v.property_id, v.service_date, v.service_type,
          v.cost_pence, c.is_landlord, c.first_name || ' ' || c.last_name, c.address || ', ' || c.postcode,
          (SELECT MIN(a.id) FROM appliances a WHERE a.property_id = v.property_id),
          (SELECT MAX(a.id) FROM appliances a WHERE a.property_id = v.property_id AND a.type = 'cooker')
   FROM service_records v JOIN customers c ON c.id = v.customer_id
   WHERE c.email LIKE 'scale.customer%' AND v.status = 'completed'`,
];

/** The day a payment arrives, `days` (and a little) after the work, unless that is still to come. */
const payDay = (days) => {
  const day = `date(service_date, '+' || (${days} + (k / 2) % 20) || ' days')`;
  return `CASE WHEN ${day} <= date('now') THEN ${day} END`;
};

/**
 * Invoices: one for every other visit (30,000), two lines each at 20 % VAT. By j (its ordinal):
 * one in a thousand a draft, one in two hundred void, and of every hundred nine paid in two parts,
 * one part-paid only, one unpaid (both overdue once due), one with a credit note (the parts line)
 * and the rest paid once. A payment still to come is not there: the newest are unpaid, not yet due.
 */
const invoicesTable = (n) => [
  `CREATE TABLE _scale_inv (j INTEGER PRIMARY KEY, id INTEGER NOT NULL, visit_id INTEGER NOT NULL, job_id INTEGER,
     customer_id INTEGER NOT NULL, property_id INTEGER, name TEXT NOT NULL, address TEXT NOT NULL, service_type TEXT NOT NULL,
     supply_date TEXT NOT NULL, status TEXT NOT NULL, role TEXT NOT NULL, a INTEGER NOT NULL, b INTEGER NOT NULL, number INTEGER,
     p1 TEXT, p2 TEXT)`,
  // Numbers in the order of issue (the work's day), after the invoices there are; a draft has none.
  `INSERT INTO _scale_inv
   SELECT j, ${idBase("invoices")} + j, visit_id, job_id, customer_id, property_id, name, address, service_type, service_date,
          status, role, cost_pence, 1000 + (j % 7) * 450,
          CASE WHEN status <> 'draft' THEN ${numberBase("invoices")} + ROW_NUMBER() OVER (PARTITION BY status = 'draft' ORDER BY service_date, j) END,
          ${payDay(5)}, ${payDay(25)}
   FROM (SELECT k / 2 AS j, *,
            CASE WHEN (k / 2) % 1000 = 40 THEN 'draft' WHEN (k / 2) % 200 = 30 THEN 'void' ELSE 'issued' END AS status,
            CASE WHEN (k / 2) % 1000 = 40 OR (k / 2) % 200 = 30 THEN 'none' WHEN (k / 2) % 100 BETWEEN 1 AND 9 THEN 'split'
                 WHEN (k / 2) % 100 = 10 THEN 'part' WHEN (k / 2) % 100 = 11 THEN 'unpaid' WHEN (k / 2) % 100 = 20 THEN 'credit'
                 ELSE 'paid' END AS role
         FROM _scale_visits WHERE k % 2 = 0 AND k / 2 <= ${n})`,
];

const invoiceLine = (id, description, unit) =>
  `json_object('id', '${id}', 'description', ${description}, 'quantity', 1, 'unitPence', ${unit}, 'vatRate', 20, 'productId', NULL)`;
const PARTS_LINE = invoiceLine("l2", "'Parts and consumables'", "b");
const due = "date(supply_date, '+30 days')";
const credited = notAfterToday("date(supply_date, '+2 days')");
const gross = `(a + ${vat20("a")} + b + ${vat20("b")})`;
const partsGross = `(b + ${vat20("b")})`;
/** What the first payment (p1) is, and the second (p2, a split's rest). */
const firstAmount = `CASE role WHEN 'paid' THEN ${gross} WHEN 'credit' THEN ${gross} - ${partsGross} ELSE ${gross} / 2 END`;
const restAmount = `${gross} - ${gross} / 2`;

const invoiceRows = [
  `INSERT INTO invoices (id, customer_id, property_id, service_record_id, job_id, number, status, lines, supply_date, issue_date,
     due_date, vat_registered, net_pence, vat_pence, gross_pence, paid_pence, credited_pence, paid_at, voided_at, void_reason,
     pdf_key, snapshot, issued_at, created_at, updated_at)
   SELECT id, customer_id, property_id, visit_id, job_id, number, status,
          json_array(${invoiceLine("l1", "service_type", "a")}, ${PARTS_LINE}), supply_date,
          CASE WHEN status <> 'draft' THEN supply_date END, CASE WHEN status <> 'draft' THEN ${due} END, 1,
          a + b, ${vat20("a")} + ${vat20("b")}, ${gross},
          CASE WHEN role IN ('paid', 'split', 'part', 'credit') AND p1 IS NOT NULL THEN ${firstAmount} ELSE 0 END
            + CASE WHEN role = 'split' AND p2 IS NOT NULL THEN ${restAmount} ELSE 0 END,
          CASE WHEN role = 'credit' THEN ${partsGross} ELSE 0 END,
          CASE role WHEN 'paid' THEN ${at("p1", "12:00:00")} WHEN 'credit' THEN ${at("p1", "12:00:00")}
                    WHEN 'split' THEN ${at("p2", "12:00:00")} END,
          CASE WHEN status = 'void' THEN ${at(notAfterToday("date(supply_date, '+7 days')"), "09:00:00")} END,
          CASE WHEN status = 'void' THEN 'Raised on the wrong visit' END,
          CASE WHEN status <> 'draft' THEN 'scale/invoices/' || j || '.pdf' END,
          CASE WHEN status <> 'draft' THEN json_object('letterhead', ${letterhead}, 'sellerName', ${lit(company.name)},
            'vatNumber', 'GB 123 4567 89', 'customer', json_object('name', name, 'address', address), 'property', address,
            'bank', NULL, 'footer', 'Thank you for your custom.', 'depositNote', NULL) END,
          CASE WHEN status <> 'draft' THEN ${at("supply_date", "17:00:00")} END,
          ${at("supply_date", "16:30:00")}, COALESCE(${at("p2", "12:00:00")}, ${at("p1", "12:00:00")}, ${at("supply_date", "17:00:00")})
   FROM _scale_inv ORDER BY j`,
  // A payment for each paid, split (its first part), part-paid and credited invoice; a split's rest.
  `INSERT INTO invoice_payments (invoice_id, amount_pence, method, paid_on, reference, created_at)
   SELECT id, ${firstAmount}, CASE j % 4 WHEN 0 THEN 'card' WHEN 1 THEN 'bank' WHEN 2 THEN 'cash' ELSE 'cheque' END,
          p1, CASE WHEN j % 4 = 1 THEN 'INV ' || number END, ${at("p1", "12:00:00")}
   FROM _scale_inv WHERE role IN ('paid', 'split', 'part', 'credit') AND p1 IS NOT NULL ORDER BY j`,
  `INSERT INTO invoice_payments (invoice_id, amount_pence, method, paid_on, reference, created_at)
   SELECT id, ${restAmount}, 'bank', p2, 'INV ' || number, ${at("p2", "12:00:00")}
   FROM _scale_inv WHERE role = 'split' AND p2 IS NOT NULL ORDER BY j`,
  `INSERT INTO credit_notes (invoice_id, number, lines, reason, issue_date, net_pence, vat_pence, gross_pence, pdf_key, issued_at, created_at)
   SELECT id, ${numberBase("credit_notes")} + ROW_NUMBER() OVER (ORDER BY supply_date, j), json_array(${PARTS_LINE}),
          'Parts not needed after all', ${credited}, b, ${vat20("b")}, ${partsGross}, 'scale/credit-notes/' || j || '.pdf',
          ${at(credited, "10:00:00")}, ${at(credited, "10:00:00")}
   FROM _scale_inv WHERE role = 'credit' ORDER BY j`,
];

/**
 * Parts at cost for the jobs' margin report: the catalogue's products given cost prices (55 % of the
 * price; one in eight left without, as an owner's would be), and each issued or voided invoice's
 * visit taking one part from the ledger on the day, costed at 55 % of what its parts line sold it
 * for, one in twelve with no cost. The products are the demo seed's, taken in turn (none: no rows).
 */
const partsAtCost = [
  "UPDATE products SET cost_pence = price_pence * 55 / 100 WHERE cost_pence IS NULL AND id % 8 <> 0",
  `INSERT INTO stock_movements (product_id, change, quantity_after, reason, created_at, service_record_id, unit_cost_pence)
   SELECT p.id, -1, NULL, 'visit', ${at("i.supply_date", "11:00:00")}, i.visit_id, CASE WHEN i.j % 12 = 5 THEN NULL ELSE i.b * 55 / 100 END
   FROM _scale_inv AS i
   JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS r, COUNT(*) OVER () AS n FROM products) AS p ON p.r = i.j % p.n
   WHERE i.status <> 'draft' ORDER BY i.j`,
];

/** The series' counters past the numbers now used, so the next document issued takes the next one. */
const SERIES = [
  ["invoice", "invoices"],
  ["creditNote", "credit_notes"],
  ["estimate", "estimates"],
  ["gasSafetyRecord", "gas_safety_records"],
  ["warningNotice", "warning_notices"],
  ["serviceSheet", "service_sheets"],
];
const countersPastNumbers = SERIES.map(
  ([series, table]) =>
    `INSERT INTO number_series (series, last) SELECT '${series}', MAX(number) FROM ${table} WHERE number IS NOT NULL HAVING COUNT(*) > 0
     ON CONFLICT (series) DO UPDATE SET last = MAX(last, excluded.last)`,
);

const WORK_TABLES = ["_scale_visits", "_scale_inv", "_scale_quotes", "_scale_gsr", "_scale_sheets"];
const dropWorkTables = () => WORK_TABLES.map((t) => `DROP TABLE IF EXISTS ${t}`);

/** The statements, in order. Dates are relative to the day they run, as the visits' are. */
export function documentStatements(v = DOCUMENTS) {
  const { appliances, records, sheets } = certificateStatements(v);
  return [
    ...dropWorkTables(),
    ...appliances,
    ...visitsTable,
    ...invoicesTable(v.invoices),
    ...invoiceRows,
    ...partsAtCost,
    ...quoteStatements(v.quotes),
    ...records,
    ...sheets,
    ...countersPastNumbers,
    ...dropWorkTables(),
  ];
}

/** True when the database already holds the generated documents (the first generated invoice's PDF key). */
export const DOCUMENTS_MARKER_SQL = "SELECT COUNT(*) AS n FROM invoices WHERE pdf_key = 'scale/invoices/1.pdf'";
