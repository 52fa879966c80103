import { Badge, Button, Flex, Heading } from "@radix-ui/themes";
import { outOfRange } from "../../../../schema/api/benchmark-problems";
import type { AdminBenchmarkRecord } from "../../../../schema/api/benchmark-records";
import { formatDate, formatDateTime } from "../../../../schema/london-time-text";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { BenchmarkServiceRecord } from "../../benchmark-service-record";
import { BackToCustomer } from "../gas-safety/back-to-customer";
import { PageHeader } from "../page-header";
import { RevokeLinks } from "../revoke-links";
import "../gas-safety/gas-safety.css";

/** An issued Benchmark checklist: the boiler, who issued it, the customer's copy, its PDF, its service record since, and revoking its links. */
export function IssuedBenchmark({ record, onChanged }: { record: AdminBenchmarkRecord; onChanged: () => unknown }) {
  // Revoking the links sent is the office's (worker/routes/admin/roles.ts): not on an engineer's phone.
  const mayRevoke = useAdminMe()?.role !== "engineer";
  const boiler = [record.boilerMake, record.boilerModel].filter(Boolean).join(" ");
  const outside = outOfRange(record);
  const fields: [string, string][] = [
    ["Commissioned on", formatDate(record.commissionedOn)],
    ["Boiler", `${boiler || "-"}${record.boilerSerial ? `, serial ${record.boilerSerial}` : ""}`],
    ["Engineer", `${record.engineerName ?? "-"}${record.engineerLicence ? `, Gas Safe ${record.engineerLicence}` : ""}`],
    ["Building Regulations", record.buildingRegsNumber ?? record.buildingRegs?.reference ?? "Not yet known"],
    ["Combustion", outside.length === 0 ? "Within the manufacturer's limits" : `Outside the limits: ${record.outOfRangeReason}`],
    [
      "Customer's copy",
      record.customerSentAt
        ? `E-mailed ${formatDateTime(record.customerSentAt)}`
        : record.customerEmailed
          ? "Being e-mailed"
          : "Not e-mailed: no e-mail address on file",
    ],
  ];
  return (
    <div className="gsr">
      <PageHeader
        title={
          <>
            Benchmark checklist <span className="admin-nowrap">{record.number}</span>
          </>
        }
        subtitle={record.property?.address}
        actions={<BackToCustomer customerId={record.customerId} />}
      />
      <section className="admin-card admin-panel gsr-section" aria-label="Issued Benchmark checklist">
        <Badge size="2" color="green" variant="soft" highContrast mb="3">
          Issued
        </Badge>
        <dl className="admin-fields">
          {fields.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Flex mt="4" gap="2" align="center" wrap="wrap">
          <Button asChild size="3">
            <a href={record.pdfUrl ?? "#"} target="_blank" rel="noopener">
              Open the PDF
            </a>
          </Button>
          {mayRevoke ? (
            <RevokeLinks<AdminBenchmarkRecord>
              path={`/api/admin/benchmark-records/${record.id}/revoke-links`}
              title={`Revoke the links to ${record.number}?`}
              description="The link to the checklist's PDF in the e-mail already sent stops working at once, and so does any copy of it. The customer's account page shows the new one; send it to anyone else who needs it."
              newLink={(answer) => answer.pdfUrl}
              onRevoked={onChanged}
            />
          ) : null}
        </Flex>
      </section>
      <section className="admin-card admin-panel gsr-section" aria-labelledby="bm-service-heading">
        <Heading as="h2" size="4" id="bm-service-heading" mb="3">
          Service record
        </Heading>
        <BenchmarkServiceRecord entries={record.serviceRecord} className="bm-service-record" />
      </section>
    </div>
  );
}
