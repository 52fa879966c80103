import { Card, Text } from "@radix-ui/themes";
import { Link, useParams, useSearchParams } from "wouter";
import type { AdminCustomer } from "../../../schema/api/customers";
import type { AdminInvoice } from "../../../schema/api/invoices";
import { RecordHistory } from "../../components/admin/audit/record-history";
import { LoadedCustomer, LoadedDocument } from "../../components/admin/documents/loaded-document";
import { InvoiceDraft } from "../../components/admin/invoices/invoice-draft";
import { IssuedInvoice } from "../../components/admin/invoices/issued-invoice";
import { PageHeader } from "../../components/admin/page-header";
import { customerName } from "../../hooks/admin/use-customers";

/** /admin/invoices/new?customerId= and /admin/invoices/:id: a draft to edit and issue, or an issued invoice. */
export default function InvoicePage() {
  const { id } = useParams<{ id: string }>();
  if (id === "new") return <NewInvoice />;
  return (
    <LoadedDocument<AdminInvoice>
      key={id}
      path={`/api/admin/invoices/${Number(id)}`}
      noun="invoice"
      failed="Failed to load the invoice."
    >
      {(invoice, refresh) => (
        <>
          {invoice.state === "draft" ? (
            <InvoiceDraft
              key={invoice.updatedAt}
              invoice={invoice}
              customer={{ id: invoice.customerId ?? 0, name: invoice.customerName, email: invoice.customerEmail }}
              onSaved={refresh}
            />
          ) : (
            <IssuedInvoice invoice={invoice} onChanged={refresh} />
          )}
          <RecordHistory version={invoice.updatedAt} kind="invoice" id={invoice.id} />
        </>
      )}
    </LoadedDocument>
  );
}

function NewInvoice() {
  const [params] = useSearchParams();
  const customerId = Number(params.get("customerId")) || null;
  if (!customerId) {
    return (
      <>
        <PageHeader title="New invoice" />
        <Card className="admin-panel">
          <Text as="p">
            Start an invoice from a <Link href="/service-records">completed visit</Link>, an accepted{" "}
            <Link href="/estimates?status=accepted">quote</Link>, or a <Link href="/customers">customer's page</Link>.
          </Text>
        </Card>
      </>
    );
  }
  return (
    <LoadedCustomer<AdminCustomer> customerId={customerId}>
      {(customer) => <InvoiceDraft customer={{ id: customerId, name: customerName(customer), email: customer.email }} />}
    </LoadedCustomer>
  );
}
