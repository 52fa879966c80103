// The ten-year seed's certificates (scale-documents.mjs runs these): a boiler at every generated
// property (and the landlords' cookers), 12,000 gas safety records on completed visits (every
// landlord's visit, then one in fifteen of the others), some with a warning notice, and 20,000
// service sheets (one visit of each customer). Their forms are the drafts' JSON the screens read
// (schema/api/gas-safety.ts GasSafetyDraft, schema/api/service-sheets.ts ServiceSheetDraft).
import { FALSE, idBase, lit, numberBase, TRUE } from "./scale-sql.mjs";

/** The service sheet's checks (schema/api/service-sheets.ts SERVICE_CHECKS, which Node cannot import here). */
const SERVICE_CHECKS = [
  "burner",
  "heatExchanger",
  "seals",
  "condensate",
  "expansionVessel",
  "flue",
  "controls",
  "safetyDevices",
  "ventilation",
  "gasTightness",
];

const BOILERS = ["Worcester Bosch", "Vaillant", "Baxi", "Ideal", "Viessmann"];

const appliances = [
  `INSERT INTO appliances (property_id, location, type, make, model, serial, flue_type, landlord_owned, created_at)
   SELECT p.id, 'Kitchen', 'boiler', CASE p.id % 5 ${BOILERS.map((b, i) => `WHEN ${i} THEN ${lit(b)}`).join(" ")} END,
          'Model ' || (p.id % 30), 'SN' || printf('%08d', p.id * 7919 % 100000000), 'room-sealed', 1, p.created_at
   FROM properties p JOIN customers c ON c.id = p.customer_id WHERE c.email LIKE 'scale.customer%' ORDER BY p.id`,
  `INSERT INTO appliances (property_id, location, type, make, model, flue_type, landlord_owned, created_at)
   SELECT p.id, 'Kitchen', 'cooker', 'Belling', 'Cookcentre 90G', 'flueless', 1, p.created_at
   FROM properties p JOIN customers c ON c.id = p.customer_id WHERE c.email LIKE 'scale.customer%' AND c.is_landlord ORDER BY p.id`,
];

/** Numbers in date order for the issued rows of a working table, after what the series holds. */
const issuedNumber = (table, date, ordinal) =>
  `CASE WHEN status = 'issued' THEN ${numberBase(table)} + ROW_NUMBER() OVER (PARTITION BY status ORDER BY ${date}, ${ordinal}) END`;

const recordsTable = (n) => [
  `CREATE TABLE _scale_gsr (m INTEGER PRIMARY KEY, id INTEGER NOT NULL, visit_id INTEGER NOT NULL, customer_id INTEGER NOT NULL,
     property_id INTEGER, name TEXT NOT NULL, address TEXT NOT NULL, check_date TEXT NOT NULL, boiler_id INTEGER, cooker_id INTEGER,
     status TEXT NOT NULL, notice INTEGER NOT NULL, number INTEGER)`,
  `INSERT INTO _scale_gsr
   SELECT m, ${idBase("gas_safety_records")} + m, visit_id, customer_id, property_id, name, address, service_date, boiler_id,
          cooker_id, status, (status = 'issued' AND m % 40 = 3), ${issuedNumber("gas_safety_records", "service_date", "m")}
   FROM (SELECT *, CASE WHEN m % 50 = 7 THEN 'draft' ELSE 'issued' END AS status
         FROM (SELECT ROW_NUMBER() OVER (ORDER BY k) AS m, * FROM _scale_visits WHERE landlord OR k % 15 = 1))
   WHERE m <= ${n}`,
];

/** One appliance's check: a pass, or (with a notice) At Risk or Immediately Dangerous, turned off. */
const applianceCheck = (id, notice) => `json_object('applianceId', ${id}, 'visualOnly', ${FALSE},
  'operatingPressureMbar', 20, 'heatInputKw', 24, 'safetyDevices', 'pass', 'ventilation', 'pass', 'flueVisual', 'pass',
  'flueFlow', 'n/a', 'spillage', 'n/a', 'coPpm', 8, 'co2Percent', 8.9, 'coCo2Ratio', 0.0009,
  'safeToUse', json(CASE WHEN ${notice} THEN 'false' ELSE 'true' END),
  'classification', CASE WHEN ${notice} THEN CASE WHEN m % 120 = 3 THEN 'ID' ELSE 'AR' END END,
  'defect', CASE WHEN ${notice} THEN 'Flue seal perished at the boiler' END,
  'remedialAction', CASE WHEN ${notice} THEN 'Replace the flue seal' END,
  'warning', json(CASE WHEN ${notice} THEN json_object('actionsTaken', json_array('turned-off', 'label-attached'),
    'permission', 'given', 'emergencyServiceInformed', json('false'), 'responsiblePerson', name) END))`;
const ENGINEER = `'engineerName', 'Dave Hughes', 'engineerLicence', '1234567', 'signature', NULL`;
const recordDetails = `json_object('landlordName', name, 'landlordAddress', address,
  'appliances', CASE WHEN cooker_id IS NULL THEN json_array(${applianceCheck("boiler_id", "notice")})
    ELSE json_array(${applianceCheck("boiler_id", "notice")}, ${applianceCheck("cooker_id", "0")}) END,
  'tightnessTest', 'pass', 'emergencyControlAccessible', ${TRUE}, 'notes', NULL,
  'coAlarms', json_array(json_object('room', 'Kitchen', 'fitted', ${TRUE}, 'tested', ${TRUE}, 'working', ${TRUE})),
  'complianceConfirmed', ${TRUE}, ${ENGINEER})`;
const issued = (what) => `CASE WHEN status = 'issued' THEN ${what} END`;
const issuedAt = (date) => issued(`${date} || 'T16:00:00.000Z'`);

const recordRows = [
  `INSERT INTO gas_safety_records (id, property_id, customer_id, service_record_id, status, number, check_date, details,
     next_due_date, pdf_key, issued_at, created_at, updated_at)
   SELECT id, property_id, customer_id, visit_id, status, number, check_date, ${recordDetails},
          ${issued("date(check_date, '+1 year')")}, ${issued("'scale/gas-safety/' || m || '.pdf'")}, ${issuedAt("check_date")},
          check_date || 'T15:00:00.000Z', check_date || 'T16:00:00.000Z'
   FROM _scale_gsr ORDER BY m`,
  `INSERT INTO warning_notices (record_id, property_id, customer_id, number, classification, appliance_index, pdf_key, issued_at, created_at)
   SELECT id, property_id, customer_id, ${numberBase("warning_notices")} + ROW_NUMBER() OVER (ORDER BY check_date, m),
          CASE WHEN m % 120 = 3 THEN 'ID' ELSE 'AR' END, 0, 'scale/warning-notices/' || m || '.pdf',
          check_date || 'T16:00:00.000Z', check_date || 'T16:00:00.000Z'
   FROM _scale_gsr WHERE notice ORDER BY m`,
];

const sheetsTable = (n) => [
  `CREATE TABLE _scale_sheets (s INTEGER PRIMARY KEY, visit_id INTEGER NOT NULL, customer_id INTEGER NOT NULL, property_id INTEGER,
     service_date TEXT NOT NULL, boiler_id INTEGER, status TEXT NOT NULL, number INTEGER)`,
  `INSERT INTO _scale_sheets
   SELECT s, visit_id, customer_id, property_id, service_date, boiler_id, status, ${issuedNumber("service_sheets", "service_date", "s")}
   FROM (SELECT *, CASE WHEN s % 100 = 7 THEN 'draft' ELSE 'issued' END AS status
         FROM (SELECT ROW_NUMBER() OVER (ORDER BY k) AS s, * FROM _scale_visits WHERE k % 3 = customer_id % 3))
   WHERE s <= ${n}`,
];

const sheetDetails = `json_object('applianceId', boiler_id,
  'checks', json_object(${SERVICE_CHECKS.map((key) => `'${key}', 'pass'`).join(", ")}),
  'operatingPressureMbar', 20, 'heatInputKw', 24, 'coPpm', 8, 'co2Percent', 8.9, 'coCo2Ratio', 0.0009, 'systemPressureBar', 1.2,
  'safeToUse', ${TRUE}, 'partsUsed', NULL, 'advice', 'Bleed the upstairs radiators in the autumn.',
  'nextServiceDate', date(service_date, '+1 year'), ${ENGINEER})`;

const sheetRows = [
  `INSERT INTO service_sheets (property_id, customer_id, service_record_id, status, number, service_date, details,
     next_service_date, pdf_key, issued_at, created_at, updated_at)
   SELECT property_id, customer_id, visit_id, status, number, service_date, ${sheetDetails}, date(service_date, '+1 year'),
          ${issued("'scale/service-sheets/' || s || '.pdf'")}, ${issuedAt("service_date")},
          service_date || 'T14:00:00.000Z', service_date || 'T16:00:00.000Z'
   FROM _scale_sheets ORDER BY s`,
];

/** The statements: the appliances (before scale-documents.mjs's _scale_visits), then the records and sheets. */
export const certificateStatements = (v) => ({
  appliances,
  records: [...recordsTable(v.gasSafetyRecords), ...recordRows],
  sheets: [...sheetsTable(v.serviceSheets), ...sheetRows],
});
