import { Button } from "@radix-ui/themes";
import { useState } from "react";
import { useLocation } from "wouter";
import type { AdminInvoice } from "../../../../schema/api/invoices";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";

/**
 * "Invoice it": a draft invoice from a job done, a completed visit or an accepted quote, opened at once; if it
 * already has one, that one is opened instead.
 */
export function InvoiceFrom({
  source,
  label = "Invoice it",
}: {
  source: { fromServiceRecordId: number } | { fromQuoteId: number } | { fromJobId: number };
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  async function start() {
    setBusy(true);
    try {
      const draft = await adminApi<AdminInvoice>("/api/admin/invoices", { json: source });
      navigate(`/invoices/${draft.id}`);
    } catch (e) {
      const existing = e instanceof HttpError ? e.detail("invoiceId")?.message : undefined;
      if (existing) {
        notify({ title: "Already invoiced", description: e instanceof HttpError ? e.serverMessage : undefined });
        navigate(`/invoices/${existing}`);
      } else if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Could not start the invoice"), variant: "destructive" });
      }
      setBusy(false);
    }
  }
  return (
    <Button variant="soft" onClick={start} disabled={busy}>
      {busy ? "Starting…" : label}
    </Button>
  );
}
