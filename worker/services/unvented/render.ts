import type { UnventedDraft } from "../../../schema/api/unvented-records";
import { formatFullDate } from "../../../schema/london-time-text";
import { base64ToBytes } from "../../lib/base64";
import { type Letterhead, PdfLayout } from "../../lib/pdf-layout";

/**
 * What an issued unvented cylinder record says, frozen at issue (its snapshot), and its PDF: drawn
 * from the snapshot only, so rendering it again gives the same bytes (decision 015). The number
 * lives in its own column and is passed in beside it.
 */
export type UnventedSnapshot = Omit<UnventedDraft, "engineerName" | "engineerLicence" | "signature"> & {
  commissionedOn: string;
  issuedAt: string;
  company: Letterhead;
  property: { address: string; postcode: string | null };
  /** The installer who issued it, their licence if they hold one, and the qualification they issued under. */
  engineer: { name: string; licence: string | null; qualification: string };
  signature: string;
  customerName: string;
  customerSignature: string;
};

const yes = (v: boolean | null) => (v === null ? "-" : v ? "Yes" : "No");
const num = (v: number | null, unit = "") => (v === null ? "-" : `${v}${unit}`);
const signatureBytes = (dataUrl: string) => base64ToBytes(dataUrl.slice(dataUrl.indexOf(",") + 1));

export async function renderUnventedRecord(s: UnventedSnapshot, number: string): Promise<Uint8Array> {
  const pdf = await PdfLayout.create({
    title: "Unvented Hot Water Cylinder Commissioning Record (G3)",
    reference: number,
    issuedAt: s.issuedAt,
    letterhead: s.company,
  });
  pdf.fields([
    { label: "Date of commissioning", value: formatFullDate(s.commissionedOn), strong: true },
    { label: "Customer", value: s.customerName },
    { label: "Property", value: s.property.postcode ? `${s.property.address}, ${s.property.postcode}` : s.property.address },
  ]);
  pdf.heading("Cylinder");
  pdf.fields([
    { label: "Make", value: s.cylinderMake ?? "-" },
    { label: "Model", value: s.cylinderModel ?? "-" },
    { label: "Serial number", value: s.cylinderSerial ?? "-" },
    { label: "Capacity", value: num(s.capacityLitres, " litres") },
  ]);
  pdf.heading("Pressures and safety devices");
  pdf.fields([
    { label: "Expansion vessel charge pressure", value: num(s.expansionVesselBar, " bar") },
    { label: "Pressure reducing valve setting", value: num(s.prvSettingBar, " bar") },
    { label: "Expansion relief valve checked", value: yes(s.expansionReliefChecked) },
    { label: "Expansion relief valve rating", value: num(s.expansionReliefBar, " bar") },
    { label: "T&P relief valve checked", value: yes(s.tpReliefChecked) },
    { label: "T&P relief valve rating", value: `${num(s.tpReliefBar, " bar")}, ${num(s.tpReliefCelsius, " °C")}` },
    { label: "Thermostat checked", value: yes(s.thermostatChecked) },
    { label: "High-limit cut-out checked", value: yes(s.cutOutChecked) },
  ]);
  pdf.heading("Tundish and discharge pipe");
  pdf.fields(
    [
      { label: "D1 size", value: num(s.d1SizeMm, " mm") },
      { label: "D2 size", value: num(s.d2SizeMm, " mm") },
      { label: "D2 length", value: num(s.d2LengthM, " m") },
    ],
    3,
  );
  pdf.fields([
    { label: "Termination", value: s.dischargeTermination ?? "-" },
    {
      label: "Meets the manufacturer's rule",
      value: yes(s.dischargeMeetsRule),
      strong: true,
      alert: s.dischargeMeetsRule === false,
    },
  ]);
  if (s.dischargeMeetsRule === false && s.dischargeReason) {
    pdf.subheading("Why it is left so");
    pdf.paragraph(s.dischargeReason);
  }
  pdf.heading("Installer");
  pdf.fields([
    { label: "Engineer", value: s.engineer.name },
    { label: "Qualification", value: s.engineer.qualification },
    ...(s.engineer.licence ? [{ label: "Gas Safe licence number", value: s.engineer.licence }] : []),
  ]);
  await pdf.signature(signatureBytes(s.signature), `Signed by ${s.engineer.name}`);
  pdf.heading("Customer");
  pdf.paragraph("The cylinder's operation and its safety devices were explained, and its instructions handed over.");
  await pdf.signature(signatureBytes(s.customerSignature), `Signed by ${s.customerName}`, 160);
  pdf.paragraph(
    "An unvented cylinder should be serviced every year by a qualified engineer, to keep its safety devices working and its warranty valid.",
    { size: 8.5, muted: true },
  );
  return pdf.save();
}
