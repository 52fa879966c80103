import {
  boilerTypeLabels,
  efficiencyMeasureLabels,
  filterLabels,
  fittedLabels,
  gasRateUnitLabels,
  heatingControlLabels,
  hotWaterControlLabels,
} from "../../../schema/api/benchmark-choices";
import { RATES, rateReadings } from "../../../schema/api/benchmark-problems";
import type { BenchmarkDraft } from "../../../schema/api/benchmark-records";
import { formatFullDate } from "../../../schema/london-time-text";
import { base64ToBytes } from "../../lib/base64";
import { type Letterhead, PdfLayout } from "../../lib/pdf-layout";

/**
 * What an issued Benchmark checklist says, frozen at issue (its snapshot), and its PDF: drawn from
 * the snapshot only, so rendering it again gives the same bytes (decision 015). The number lives in
 * its own column and is passed in beside it.
 */
export type BenchmarkSnapshot = Omit<BenchmarkDraft, "engineerName" | "engineerLicence" | "signature"> & {
  commissionedOn: string;
  issuedAt: string;
  company: Letterhead;
  property: { address: string; postcode: string | null };
  /** Where the boiler is (its appliance at the property). */
  boilerLocation: string;
  /** The installer who issued it and their Gas Safe licence. */
  engineer: { name: string; licence: string };
  /** The notification number as entered, or the job's recorded reference; the certificate's number once known. */
  buildingRegs: { number: string | null; certificateNumber: string | null };
  /** The readings outside the manufacturer's limits, in words, when the reason was given. */
  outOfRange: string[];
  signature: string;
  customerName: string;
  customerSignature: string;
};

const yes = (v: boolean | null) => (v === null ? "-" : v ? "Yes" : "No");
const num = (v: number | null, unit = "") => (v === null ? "-" : `${v}${unit}`);
const label = <K extends string>(labels: Record<K, string>, v: K | null) => (v === null ? "-" : labels[v]);
const signatureBytes = (dataUrl: string) => base64ToBytes(dataUrl.slice(dataUrl.indexOf(",") + 1));

function boilerAndInstaller(pdf: PdfLayout, s: BenchmarkSnapshot) {
  pdf.fields([
    { label: "Date of commissioning", value: formatFullDate(s.commissionedOn), strong: true },
    { label: "Customer", value: s.customerName },
    { label: "Property", value: s.property.postcode ? `${s.property.address}, ${s.property.postcode}` : s.property.address },
    { label: "Building Regulations notification number", value: s.buildingRegs.number ?? "Not yet known" },
    ...(s.buildingRegs.certificateNumber
      ? [{ label: "Compliance certificate number", value: s.buildingRegs.certificateNumber }]
      : []),
  ]);
  pdf.heading("Boiler");
  pdf.fields([
    { label: "Make", value: s.boilerMake ?? "-" },
    { label: "Model", value: s.boilerModel ?? "-" },
    { label: "Serial number", value: s.boilerSerial ?? "-" },
    { label: "Boiler type", value: label(boilerTypeLabels, s.boilerType) },
    { label: "Location", value: s.boilerLocation },
  ]);
  pdf.heading("Installer");
  pdf.fields([
    { label: "Company", value: s.company.name },
    { label: "Gas Safe registration", value: s.company.gasSafeNumber },
    { label: "Installing engineer", value: s.engineer.name },
    { label: "Gas Safe licence number", value: s.engineer.licence },
    ...(s.commissioningEngineerName
      ? [
          { label: "Commissioning engineer", value: s.commissioningEngineerName },
          { label: "Commissioning engineer's licence", value: s.commissioningEngineerLicence ?? "-" },
        ]
      : []),
  ]);
}

function controlsAndSystem(pdf: PdfLayout, s: BenchmarkSnapshot) {
  pdf.heading("Controls");
  pdf.fields([
    { label: "Time and temperature control to heating", value: label(heatingControlLabels, s.heatingControl) },
    { label: "Time and temperature control to hot water", value: label(hotWaterControlLabels, s.hotWaterControl) },
    { label: "Heating zone valves", value: label(fittedLabels, s.heatingZoneValves) },
    { label: "Hot water zone valves", value: label(fittedLabels, s.hotWaterZoneValves) },
    { label: "Thermostatic radiator valves", value: label(fittedLabels, s.trvs) },
    { label: "Automatic bypass", value: label(fittedLabels, s.automaticBypass) },
    { label: "Boiler interlock provided", value: yes(s.boilerInterlock) },
    { label: "Energy-efficiency measure", value: label(efficiencyMeasureLabels, s.efficiencyMeasure) },
  ]);
  const unit = s.gasRateUnit ? ` ${gasRateUnitLabels[s.gasRateUnit]}` : "";
  pdf.heading("Central heating mode");
  pdf.fields([
    { label: "Gas rate", value: num(s.gasRate, unit) },
    { label: "Burner operating pressure", value: num(s.burnerPressureMbar, " mbar") },
    { label: "Gas inlet pressure", value: num(s.inletPressureMbar, " mbar") },
    { label: "Flow temperature", value: num(s.flowTempC, " °C") },
    { label: "Return temperature", value: num(s.returnTempC, " °C") },
  ]);
  pdf.heading("System cleaning");
  pdf.fields([
    { label: "Cleaned and flushed to", value: s.cleanedStandard ?? "-" },
    { label: "Cleanser", value: `${s.cleanserName ?? "-"}, ${num(s.cleanserLitres, " litres")}` },
    { label: "Inhibitor", value: `${s.inhibitorName ?? "-"}, ${num(s.inhibitorLitres, " litres")}` },
    { label: "Filter fitted", value: label(filterLabels, s.filter) },
  ]);
  if (s.boilerType === "combination") {
    pdf.heading("Domestic hot water mode");
    pdf.fields([
      { label: "Hot water gas rate", value: num(s.dhwGasRate, unit) },
      { label: "Hot water gas inlet pressure", value: num(s.dhwInletPressureMbar, " mbar") },
      { label: "Cold water inlet temperature", value: num(s.coldInletTempC, " °C") },
      { label: "Hot water outlet temperature", value: num(s.hotOutletTempC, " °C") },
      { label: "Hot water flow rate", value: num(s.dhwFlowLpm, " litres/min") },
    ]);
  }
  pdf.fields([{ label: "Condensate disposal as the manufacturer's instructions", value: yes(s.condensateToManufacturer) }], 1);
}

function combustion(pdf: PdfLayout, s: BenchmarkSnapshot) {
  pdf.heading("Combustion readings");
  pdf.table(
    [
      { label: "Rate", share: 2 },
      { label: "CO ppm", share: 1, align: "right" },
      { label: "CO2 %", share: 1, align: "right" },
      { label: "CO/CO2 ratio", share: 1.3, align: "right" },
    ],
    RATES.map(([rate, words]) => {
      const r = rateReadings(s, rate);
      return [words[0]!.toUpperCase() + words.slice(1), num(r.coPpm), num(r.co2Percent), num(r.ratio)];
    }),
  );
  pdf.fields(
    [
      { label: "Manufacturer's maximum CO", value: num(s.limitCoPpm, " ppm") },
      { label: "Manufacturer's maximum ratio", value: num(s.limitRatio) },
      { label: "Manufacturer's CO2 range", value: `${num(s.limitCo2Low, "%")} to ${num(s.limitCo2High, "%")}` },
    ],
    3,
  );
  pdf.fields([
    {
      label: "Within the manufacturer's limits",
      value: s.outOfRange.length === 0 ? "Yes" : "No",
      strong: true,
      alert: s.outOfRange.length > 0,
    },
  ]);
  if (s.outOfRange.length > 0) {
    pdf.subheading("Outside the limits");
    pdf.paragraph(s.outOfRange.join("; "));
    pdf.subheading("Why they are left so");
    pdf.paragraph(s.outOfRangeReason ?? "-");
  }
}

export async function renderBenchmark(s: BenchmarkSnapshot, number: string): Promise<Uint8Array> {
  const pdf = await PdfLayout.create({
    title: "Benchmark Commissioning Checklist",
    reference: number,
    issuedAt: s.issuedAt,
    letterhead: s.company,
  });
  boilerAndInstaller(pdf, s);
  controlsAndSystem(pdf, s);
  combustion(pdf, s);
  pdf.heading("Hand-over");
  pdf.fields([
    { label: "Instructions handed to the customer", value: yes(s.instructionsHanded) },
    { label: "Controls shown to the customer", value: yes(s.controlsShown) },
  ]);
  await pdf.signature(signatureBytes(s.signature), `Signed by ${s.engineer.name}`);
  await pdf.signature(signatureBytes(s.customerSignature), `Signed by ${s.customerName}`, 160);
  pdf.paragraph(
    "Keep this checklist with the boiler's instructions: the manufacturer's warranty asks for it, and each annual service is recorded against it.",
    { size: 8.5, muted: true },
  );
  return pdf.save();
}
