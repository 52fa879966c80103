import { Button } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import type { PublicQuote } from "../../../schema/api/quotes";
import { formatPence } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";
import { formatFullDate } from "../../../schema/london-time-text";
import { api } from "../../lib/api";
import { linkFailure } from "../../lib/linked-page";

/** After accepting: pay the deposit (Stripe Checkout), or cancel within the 14 days. */
export function AfterAcceptance({
  token,
  quote,
  onChange,
}: {
  token: string;
  quote: PublicQuote;
  onChange: (quote: PublicQuote, notice?: string) => void;
}) {
  const accepted = quote.acceptance!;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState("");
  const path = (action: string) => `/api/estimates/${encodeURIComponent(token)}/${action}`;
  const canCancel = londonToday() <= accepted.cancelUntil;
  async function payDeposit() {
    setBusy(true);
    setProblem(null);
    try {
      const { checkoutUrl } = await api<{ checkoutUrl: string }>(path("deposit"), { method: "POST" });
      window.location.assign(checkoutUrl);
    } catch (error) {
      setProblem(linkFailure(error));
      setBusy(false);
    }
  }
  async function cancel(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onChange(
        await api<PublicQuote>(path("cancel"), { json: { reason: reason.trim() || null } }),
        "Your quote is cancelled. We've e-mailed you to confirm.",
      );
    } catch (error) {
      setProblem(linkFailure(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="card quote-form">
      {accepted.depositPence > 0 ? (
        accepted.depositPaidAt ? (
          <p role="status">Deposit of {formatPence(accepted.depositPence)} paid. Thank you!</p>
        ) : accepted.depositToPayPence > 0 ? (
          <>
            <h2>Pay the deposit</h2>
            <p>
              A deposit of {formatPence(accepted.depositPence)} secures your booking.{" "}
              {accepted.depositToPayPence < accepted.depositPence
                ? `${formatPence(accepted.depositPence - accepted.depositToPayPence)} is paid; ${formatPence(accepted.depositToPayPence)} is left. `
                : ""}
              You pay it securely by card with Stripe.
            </p>
            <div className="cta-row">
              <Button size="3" onClick={payDeposit} disabled={busy}>
                Pay {formatPence(accepted.depositToPayPence)} by card
              </Button>
            </div>
          </>
        ) : (
          <p role="status">This job has been invoiced: please pay the invoice from its e-mail.</p>
        )
      ) : null}
      {canCancel ? (
        cancelling ? (
          <form className="quote-form" onSubmit={cancel}>
            <h2>Cancel the contract</h2>
            <p>
              You can cancel until {formatFullDate(accepted.cancelUntil)}.{" "}
              {accepted.depositPaidAt ? "Your deposit will be refunded to your card." : ""}
            </p>
            <label>
              Anything we should know? (optional)
              <textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
            <div className="cta-row">
              <Button size="3" color="red" type="submit" disabled={busy}>
                Cancel the contract
              </Button>
              <Button size="3" variant="soft" color="gray" type="button" onClick={() => setCancelling(false)}>
                Keep it
              </Button>
            </div>
          </form>
        ) : (
          <p className="quote-small">
            Changed your mind? You can cancel until {formatFullDate(accepted.cancelUntil)}.{" "}
            <button type="button" className="quote-link-button" onClick={() => setCancelling(true)}>
              Cancel the contract
            </button>
          </p>
        )
      ) : null}
      {problem ? (
        <p className="quote-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
