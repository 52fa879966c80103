import { type CoAlarmCheck, coAlarmRow } from "../../../schema/api/co-alarms";
import {
  type ApplianceCheck,
  type CheckResult,
  checkResultLabels,
  classificationLabels,
  flueLabel,
  TENANT_COPY_DAYS,
} from "../../../schema/api/gas-safety";
import { type ApplianceType, applianceTypeLabels, type FlueType } from "../../../schema/api/properties";
import { SERVICE_CHECKS, type ServiceSheetDraft } from "../../../schema/api/service-sheets";
import { formatFullDate } from "../../../schema/london-time-text";
import { base64ToBytes } from "../../lib/base64";
import { type Field, type Letterhead, PdfLayout } from "../../lib/pdf-layout";
import { isCurrentWarning, type NoticeWarning, printResponsiblePerson, printWhatWasDone } from "./render-warning";

/**
 * What an issued gas safety record says, frozen at issue (stored as its snapshot), and its PDF.
 * Numbers live in their own columns (given in the issuing batch), so they are passed in beside it.
 */
export type CheckedAppliance = ApplianceCheck & {
  location: string;
  type: ApplianceType;
  make: string | null;
  model: string | null;
  serial: string | null;
  flueType: FlueType;
  landlordOwned: boolean;
};

export type GasSafetySnapshot = {
  checkDate: string;
  previousDeadline: string | null;
  nextDueDate: string;
  issuedAt: string;
  company: Letterhead;
  property: { address: string; postcode: string | null };
  landlord: { name: string; address: string };
  tenantName: string | null;
  replaces: string | null;
  appliances: CheckedAppliance[];
  tightnessTest: "pass" | "fail";
  emergencyControlAccessible: boolean;
  notes: string | null;
  engineer: { name: string; licence: string };
  /** The drawn signature, a PNG data URL. */
  signature: string;
  /** Absent from a record issued before issue 44: its PDF shows neither. */
  coAlarms?: CoAlarmCheck[];
  /** The reg. 26(9) statement as worded when it was issued. */
  complianceStatement?: string;
};

export type WarningNoticeSnapshot = {
  issuedAt: string;
  checkDate: string;
  company: Letterhead;
  property: { address: string; postcode: string | null };
  landlord: { name: string; address: string };
  appliance: CheckedAppliance;
  engineer: { name: string; licence: string };
  signature: string;
};

const yes = (v: boolean | null) => (v === null ? "-" : v ? "Yes" : "No");
const res = (v: CheckResult | null) => (v ? checkResultLabels[v] : "-");
const num = (v: number | null, unit = "") => (v === null ? "-" : `${v}${unit}`);
const placeOf = (p: { address: string; postcode: string | null }) =>
  p.postcode && !p.address.toUpperCase().includes(p.postcode.toUpperCase()) ? `${p.address}, ${p.postcode}` : p.address;
export const applianceName = (a: CheckedAppliance) =>
  [applianceTypeLabels[a.type], [a.make, a.model].filter(Boolean).join(" ")].filter(Boolean).join(": ");
const signatureBytes = (dataUrl: string) => base64ToBytes(dataUrl.slice(dataUrl.indexOf(",") + 1));

function applianceFields(a: CheckedAppliance, notice: string | null): Field[] {
  const fields: Field[] = [
    { label: "Location", value: a.location },
    { label: "Serial number", value: a.serial ?? "-" },
    { label: "Flue type", value: flueLabel(a.flueType) },
    { label: "Owned by", value: a.landlordOwned ? "Landlord" : "Tenant" },
    { label: "Inspection", value: a.visualOnly ? "Visual check only" : "Full check" },
    { label: "Safe to use", value: yes(a.safeToUse), strong: true, alert: a.safeToUse === false },
  ];
  if (!a.visualOnly) {
    fields.push(
      { label: "Operating pressure", value: num(a.operatingPressureMbar, " mbar") },
      { label: "Heat input", value: num(a.heatInputKw, " kW") },
      { label: "Safety devices", value: res(a.safetyDevices) },
      { label: "Ventilation", value: res(a.ventilation) },
      { label: "Flue visual condition", value: res(a.flueVisual) },
      { label: "Flue flow test", value: res(a.flueFlow) },
      { label: "Spillage test", value: res(a.spillage) },
      { label: "CO / CO2 / ratio", value: `${num(a.coPpm, " ppm")} / ${num(a.co2Percent, " %")} / ${num(a.coCo2Ratio)}` },
    );
  }
  if (a.classification) {
    fields.push({
      label: "Classification",
      value: classificationLabels[a.classification],
      strong: true,
      alert: a.classification !== "NCS",
    });
    if (notice) fields.push({ label: "Warning notice", value: notice, strong: true, alert: true });
    fields.push({ label: "Defect", value: a.defect ?? "-" }, { label: "Remedial action", value: a.remedialAction ?? "-" });
  } else if (a.defect || a.remedialAction) {
    fields.push({ label: "Defect", value: a.defect ?? "-" }, { label: "Remedial action", value: a.remedialAction ?? "-" });
  }
  return fields;
}

export async function renderGasSafetyRecord(
  s: GasSafetySnapshot,
  number: string,
  noticeNumbers: (string | null)[],
): Promise<Uint8Array> {
  const pdf = await PdfLayout.create({
    title: "Landlord Gas Safety Record",
    reference: number,
    issuedAt: s.issuedAt,
    letterhead: s.company,
  });
  pdf.fields([
    { label: "Date of check", value: formatFullDate(s.checkDate), strong: true },
    { label: "Next check due by", value: formatFullDate(s.nextDueDate), strong: true },
    { label: "Property checked", value: placeOf(s.property) },
    { label: "Landlord or agent", value: `${s.landlord.name}\n${s.landlord.address}` },
    ...(s.tenantName ? [{ label: "Tenant", value: s.tenantName }] : []),
    ...(s.replaces ? [{ label: "Replaces", value: `${s.replaces} (corrected by this record)` }] : []),
  ]);
  pdf.heading(`Appliances checked (${s.appliances.length})`);
  s.appliances.forEach((a, i) => {
    pdf.subheading(`${i + 1}. ${applianceName(a)}, ${a.location}`);
    pdf.fields(applianceFields(a, noticeNumbers[i] ?? null), 3);
    pdf.space(6);
  });
  pdf.heading("Installation");
  pdf.fields([
    { label: "Gas installation tightness test", value: res(s.tightnessTest), strong: true, alert: s.tightnessTest === "fail" },
    { label: "Emergency control accessible", value: yes(s.emergencyControlAccessible), strong: true },
  ]);
  if (s.coAlarms?.length) {
    pdf.heading("Carbon monoxide alarms");
    pdf.table(
      [
        { label: "Room with a gas appliance", share: 4 },
        { label: "CO alarm fitted", share: 2 },
        { label: "Tested", share: 2 },
        { label: "Working", share: 2 },
      ],
      s.coAlarms.map(coAlarmRow),
    );
  }
  if (s.notes) {
    pdf.heading("Notes and advice");
    pdf.paragraph(s.notes);
  }
  pdf.heading("Engineer");
  if (s.complianceStatement) pdf.paragraph(s.complianceStatement, { bold: true, size: 9.5 });
  pdf.fields([
    { label: "Engineer", value: s.engineer.name },
    { label: "Gas Safe licence number", value: s.engineer.licence },
    { label: "Business Gas Safe registration", value: s.company.gasSafeNumber },
    { label: "Issued", value: formatFullDate(s.issuedAt) },
  ]);
  await pdf.signature(signatureBytes(s.signature), `Signed by ${s.engineer.name}`);
  pdf.paragraph(
    `The landlord keeps this record for two years, gives a copy to each existing tenant within ${TENANT_COPY_DAYS} days of the check, and to any new tenant before they move in. The next check must be done by the date above.`,
    { size: 8.5, muted: true },
  );
  return pdf.save();
}

export async function renderWarningNotice(
  s: WarningNoticeSnapshot,
  number: string,
  recordNumber: string | null,
): Promise<Uint8Array> {
  const a = s.appliance;
  const classification = a.classification === "ID" ? "ID" : "AR";
  const pdf = await PdfLayout.create({
    title: "Gas Warning Notice",
    reference: number,
    issuedAt: s.issuedAt,
    letterhead: s.company,
  });
  const w = a.warning as NoticeWarning;
  const current = isCurrentWarning(w);
  // A notice of before always said "turned off"; one now says so only when it was (or disconnected).
  const off = !current || w.actionsTaken.includes("turned-off") || w.actionsTaken.includes("disconnected");
  pdf.paragraph(
    classification === "ID"
      ? "IMMEDIATELY DANGEROUS: this appliance or installation is a danger to life or property and must not be used."
      : `AT RISK: this appliance or installation could become a danger to life or property. ${off ? "It has been turned off and should not be used" : "It should not be used"} until it is repaired.`,
    { bold: true, size: 11 },
  );
  pdf.fields([
    { label: "Classification", value: `${classificationLabels[classification]} (${classification})`, strong: true, alert: true },
    { label: "Date", value: formatFullDate(s.checkDate) },
    { label: "Property", value: placeOf(s.property) },
    // A notice of before named the landlord as the responsible person; one now names who was told, below.
    { label: current ? "Landlord or agent" : "Responsible person", value: `${s.landlord.name}\n${s.landlord.address}` },
    { label: "Appliance", value: `${applianceName(a)}, ${a.location}` },
    { label: "Serial number", value: a.serial ?? "-" },
    ...(recordNumber ? [{ label: "Gas safety record", value: recordNumber }] : []),
  ]);
  pdf.heading("The fault");
  pdf.paragraph(a.defect ?? "-");
  pdf.heading("What was done");
  const permission: Field[] = [
    {
      label: "Responsible person's permission",
      value: w?.permission === "refused" ? "Refused" : w?.permission === "given" ? "Given" : "-",
      alert: w?.permission === "refused",
    },
    ...(w?.permission === "refused"
      ? [{ label: "Gas emergency service told", value: yes(w.emergencyServiceInformed ?? null), strong: true }]
      : []),
    { label: "Remedial action advised", value: a.remedialAction ?? "-" },
  ];
  printWhatWasDone(pdf, w, permission);
  pdf.paragraph(
    "Using a gas appliance or installation classed as Immediately Dangerous or At Risk after being told not to may be an offence under the Gas Safety (Installation and Use) Regulations 1998. If you smell gas, call the National Gas Emergency Service on 0800 111 999.",
    { size: 9 },
  );
  if (current) await printResponsiblePerson(pdf, w);
  pdf.heading("Engineer");
  pdf.fields([
    { label: "Engineer", value: s.engineer.name },
    { label: "Gas Safe licence number", value: s.engineer.licence },
  ]);
  await pdf.signature(signatureBytes(s.signature), `Signed by ${s.engineer.name}`);
  return pdf.save();
}

export type ServiceSheetSnapshot = Omit<
  ServiceSheetDraft,
  "engineerName" | "engineerLicence" | "signature" | "nextServiceDate"
> & {
  serviceDate: string;
  issuedAt: string;
  company: Letterhead;
  property: { address: string; postcode: string | null };
  customerName: string;
  appliance: Pick<CheckedAppliance, "location" | "type" | "make" | "model" | "serial" | "flueType">;
  nextServiceDate: string;
  engineer: { name: string; licence: string };
  signature: string;
};

export async function renderServiceSheet(s: ServiceSheetSnapshot, number: string): Promise<Uint8Array> {
  const pdf = await PdfLayout.create({
    title: "Boiler Service Record",
    reference: number,
    issuedAt: s.issuedAt,
    letterhead: s.company,
  });
  const a = s.appliance;
  pdf.fields([
    { label: "Date of service", value: formatFullDate(s.serviceDate), strong: true },
    { label: "Next service due", value: formatFullDate(s.nextServiceDate), strong: true },
    { label: "Customer", value: s.customerName },
    { label: "Property", value: placeOf(s.property) },
    {
      label: "Appliance",
      value: `${[applianceTypeLabels[a.type], [a.make, a.model].filter(Boolean).join(" ")].filter(Boolean).join(": ")}, ${a.location}`,
    },
    { label: "Serial number", value: a.serial ?? "-" },
  ]);
  pdf.heading("Checks done");
  pdf.fields(
    SERVICE_CHECKS.map(([key, label]) => ({ label, value: res(s.checks[key] ?? null), alert: s.checks[key] === "fail" })),
    3,
  );
  pdf.heading("Readings");
  pdf.fields(
    [
      { label: "Operating pressure", value: num(s.operatingPressureMbar, " mbar") },
      { label: "Heat input", value: num(s.heatInputKw, " kW") },
      { label: "System pressure", value: num(s.systemPressureBar, " bar") },
      { label: "CO", value: num(s.coPpm, " ppm") },
      { label: "CO2", value: num(s.co2Percent, " %") },
      { label: "CO/CO2 ratio", value: num(s.coCo2Ratio) },
      { label: "Safe to use", value: yes(s.safeToUse), strong: true, alert: s.safeToUse === false },
    ],
    3,
  );
  if (s.partsUsed) {
    pdf.heading("Parts used");
    pdf.paragraph(s.partsUsed);
  }
  if (s.advice) {
    pdf.heading("Advice");
    pdf.paragraph(s.advice);
  }
  pdf.heading("Engineer");
  pdf.fields([
    { label: "Engineer", value: s.engineer.name },
    { label: "Gas Safe licence number", value: s.engineer.licence },
  ]);
  await pdf.signature(signatureBytes(s.signature), `Signed by ${s.engineer.name}`);
  pdf.paragraph(
    "A yearly service keeps your boiler safe, efficient and within its manufacturer's warranty. We'll remind you before the next one is due.",
    {
      size: 8.5,
      muted: true,
    },
  );
  return pdf.save();
}
