import { Badge, Button, Flex } from "@radix-ui/themes";
import type { AdminUnventedRecord } from "../../../../schema/api/unvented-records";
import { formatDate, formatDateTime } from "../../../../schema/london-time-text";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { BackToCustomer } from "../gas-safety/back-to-customer";
import { PageHeader } from "../page-header";
import { RevokeLinks } from "../revoke-links";
import { UnventedServices } from "./unvented-services";
import "../gas-safety/gas-safety.css";

/** An issued unvented cylinder record: the cylinder, who issued it, the customer's copy, its PDF, and revoking its links. */
export function IssuedUnvented({ record, onChanged }: { record: AdminUnventedRecord; onChanged: () => unknown }) {
  // Revoking the links sent is the office's (worker/routes/admin/roles.ts): not on an engineer's phone.
  const mayRevoke = useAdminMe()?.role !== "engineer";
  const cylinder = [record.cylinderMake, record.cylinderModel].filter(Boolean).join(" ");
  return (
    <div className="gsr">
      <PageHeader
        title={
          <>
            Unvented cylinder record <span className="admin-nowrap">{record.number}</span>
          </>
        }
        subtitle={record.property?.address}
        actions={<BackToCustomer customerId={record.customerId} />}
      />
      <section className="admin-card admin-panel gsr-section" aria-label="Issued unvented cylinder record">
        <Badge size="2" color="green" variant="soft" highContrast mb="3">
          Issued
        </Badge>
        <dl className="admin-fields">
          <div>
            <dt>Commissioned on</dt>
            <dd>{formatDate(record.commissionedOn)}</dd>
          </div>
          <div>
            <dt>Cylinder</dt>
            <dd>
              {cylinder || "-"}
              {record.capacityLitres === null ? "" : `, ${record.capacityLitres} litres`}
            </dd>
          </div>
          <div>
            <dt>Engineer</dt>
            <dd>{record.engineerName ?? "-"}</dd>
          </div>
          <div>
            <dt>Customer's copy</dt>
            <dd>
              {record.customerSentAt
                ? `E-mailed ${formatDateTime(record.customerSentAt)}`
                : record.customerEmailed
                  ? "Being e-mailed"
                  : "Not e-mailed: no e-mail address on file"}
            </dd>
          </div>
        </dl>
        <Flex mt="4" gap="2" align="center" wrap="wrap">
          <Button asChild size="3">
            <a href={record.pdfUrl ?? "#"} target="_blank" rel="noopener">
              Open the PDF
            </a>
          </Button>
          {mayRevoke ? (
            <RevokeLinks<AdminUnventedRecord>
              path={`/api/admin/unvented-records/${record.id}/revoke-links`}
              title={`Revoke the links to ${record.number}?`}
              description="The link to the record's PDF in the e-mail already sent stops working at once, and so does any copy of it. The customer's account page shows the new one; send it to anyone else who needs it."
              newLink={(answer) => answer.pdfUrl}
              onRevoked={onChanged}
            />
          ) : null}
        </Flex>
      </section>
      <UnventedServices record={record} onChanged={onChanged} />
    </div>
  );
}
