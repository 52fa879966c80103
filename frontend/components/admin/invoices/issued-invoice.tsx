import { Badge, Button, Flex } from "@radix-ui/themes";
import { useState } from "react";
import { Link } from "wouter";
import type { AdminInvoice } from "../../../../schema/api/invoices";
import { adminApi } from "../../../lib/admin/admin-api";
import { toastFailure } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { DocumentHistory } from "../documents/document-history";
import { BackIcon } from "../icons";
import { PageHeader } from "../page-header";
import { RevokeLinks } from "../revoke-links";
import { CreditNoteForm } from "./credit-note-form";
import { invoiceEventLabels, invoiceStateLabels } from "./invoice-labels";
import { type InvoiceAct, InvoiceMoney } from "./invoice-money";
import { InvoicePayments } from "./invoice-payments";
import { VoidInvoice } from "./void-invoice";

const badgeColor = (invoice: AdminInvoice) =>
  invoice.state === "paid" ? "green" : invoice.overdue ? "red" : invoice.state === "void" ? "gray" : "amber";

/** An issued invoice: what is owed, the payments and credit notes, and what the owner can do next. */
export function IssuedInvoice({ invoice, onChanged }: { invoice: AdminInvoice; onChanged: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const path = `/api/admin/invoices/${invoice.id}`;

  const act: InvoiceAct = async (run, done, fallback) => {
    setBusy(true);
    try {
      await run();
      notify({ title: done });
      await onChanged();
      return true;
    } catch (e) {
      toastFailure("Error", fallback)(e);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="invoice">
      <PageHeader
        title={`Invoice ${invoice.number}`}
        subtitle={`For ${invoice.customerName}`}
        actions={
          invoice.customerId ? (
            <Button asChild variant="soft" color="gray">
              <Link href={`/customers/${invoice.customerId}`}>
                <BackIcon /> {invoice.customerName}
              </Link>
            </Button>
          ) : null
        }
      />
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <Badge size="2" variant="soft" highContrast color={badgeColor(invoice)}>
          {invoice.overdue ? "Overdue" : invoiceStateLabels[invoice.state]}
        </Badge>
        <a className="admin-muted-link" href={invoice.pdfUrl!} target="_blank" rel="noopener">
          Open the PDF
        </a>
        <a className="admin-muted-link" href={invoice.payLink!} target="_blank" rel="noopener">
          Open the customer's page
        </a>
        <RevokeLinks<AdminInvoice>
          path={`${path}/revoke-links`}
          title={`Revoke the links to ${invoice.number}?`}
          description={`Every link sent so far stops working at once: the invoice's page (where it is paid), its PDF${invoice.creditNotes.length ? " and its credit notes' PDFs" : ""}. The e-mails already sent (the invoice, its reminders, the receipt) lead nowhere; the customer needs the new link.`}
          newLink={(answer) => answer.payLink}
          onRevoked={onChanged}
        />
      </Flex>
      <InvoiceMoney invoice={invoice} busy={busy} act={act} onCredit={() => setCrediting(true)} />
      {crediting ? (
        <CreditNoteForm
          invoice={invoice}
          busy={busy}
          onCancel={() => setCrediting(false)}
          onCredit={(input) =>
            act(() => adminApi(`${path}/credit-notes`, { json: input }), "Credit note issued", "The credit note was not issued")
          }
        />
      ) : null}
      <InvoicePayments invoice={invoice} />
      {invoice.state === "issued" && invoice.paidPence === 0 ? (
        <VoidInvoice
          invoice={invoice}
          busy={busy}
          onVoid={(reason) =>
            act(() => adminApi(`${path}/void`, { json: { reason } }), `${invoice.number} is void`, "The invoice was not voided")
          }
        />
      ) : null}
      <DocumentHistory events={invoice.events} labels={invoiceEventLabels} />
    </div>
  );
}
