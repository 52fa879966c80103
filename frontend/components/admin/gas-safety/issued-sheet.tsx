import { Badge, Button, Flex } from "@radix-ui/themes";
import type { AdminServiceSheet } from "../../../../schema/api/service-sheets";
import { formatDate, formatDateTime } from "../../../../schema/london-time-text";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { PageHeader } from "../page-header";
import { RevokeLinks } from "../revoke-links";
import { BackToCustomer } from "./back-to-customer";
import "./gas-safety.css";

/** An issued service sheet: when, the customer's copy, its PDF, and revoking its links. */
export function IssuedSheet({ sheet, onChanged }: { sheet: AdminServiceSheet; onChanged: () => unknown }) {
  // Revoking the links sent is the office's (worker/routes/admin/roles.ts): not on an engineer's phone.
  const mayRevoke = useAdminMe()?.role !== "engineer";
  return (
    <div className="gsr">
      <PageHeader
        title={
          <>
            Service sheet <span className="admin-nowrap">{sheet.number}</span>
          </>
        }
        subtitle={sheet.property?.address}
        actions={<BackToCustomer customerId={sheet.customerId} />}
      />
      <section className="admin-card admin-panel gsr-section" aria-label="Issued service sheet">
        <Badge size="2" color="green" variant="soft" highContrast mb="3">
          Issued
        </Badge>
        <dl className="admin-fields">
          <div>
            <dt>Serviced on</dt>
            <dd>{formatDate(sheet.serviceDate)}</dd>
          </div>
          <div>
            <dt>Next service due</dt>
            <dd>{sheet.nextServiceDate ? formatDate(sheet.nextServiceDate) : "-"}</dd>
          </div>
          <div>
            <dt>Customer's copy</dt>
            <dd>
              {sheet.customerSentAt
                ? `E-mailed ${formatDateTime(sheet.customerSentAt)}`
                : sheet.customerEmailed
                  ? "Being e-mailed"
                  : "Not e-mailed: no e-mail address on file"}
            </dd>
          </div>
        </dl>
        <Flex mt="4" gap="2" align="center" wrap="wrap">
          <Button asChild size="3">
            <a href={sheet.pdfUrl ?? "#"} target="_blank" rel="noopener">
              Open the PDF
            </a>
          </Button>
          {mayRevoke ? (
            <RevokeLinks<AdminServiceSheet>
              path={`/api/admin/service-sheets/${sheet.id}/revoke-links`}
              title={`Revoke the links to ${sheet.number}?`}
              description="The link to the service sheet's PDF in the e-mail already sent stops working at once, and so does any copy of it. The customer's account page shows the new one; send it to anyone else who needs it."
              newLink={(answer) => answer.pdfUrl}
              onRevoked={onChanged}
            />
          ) : null}
        </Flex>
      </section>
    </div>
  );
}
