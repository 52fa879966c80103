import { Button } from "@radix-ui/themes";
import { useState } from "react";
import type { AccountSummary } from "../../../schema/api/account";
import { formatFullDate } from "../../../schema/london-time-text";
import { api } from "../../lib/api";
import { linkFailure } from "../../lib/linked-page";
import { notify } from "../../lib/toast";

/** The customer's data: a copy to download, and asking for the account to be deleted. */
export function AccountData({ summary, reload }: { summary: AccountSummary; reload: () => unknown }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  async function download() {
    try {
      const data = await api("/api/account/export");
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: "my-data.json" });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify({ title: "Download failed", description: linkFailure(error), variant: "destructive" });
    }
  }
  async function requestErasure() {
    setBusy(true);
    try {
      await api("/api/account/erasure-request", { json: { reason: reason.trim() || undefined } });
      notify({ title: "Request sent", description: "We'll reply by e-mail within a month." });
      setAsking(false);
      await reload();
    } catch (error) {
      notify({ title: "Not sent", description: linkFailure(error), variant: "destructive" });
    }
    setBusy(false);
  }
  return (
    <section className="card quote-form" aria-labelledby="account-data">
      <h2 id="account-data">Your data</h2>
      <p>A copy of everything we hold about you, as a file you can keep or give to someone else.</p>
      <div className="cta-row">
        <Button size="3" variant="soft" onClick={download}>
          Download my data
        </Button>
      </div>
      {summary.erasureRequestedAt ? (
        <p role="status">
          You asked us to delete your account on {formatFullDate(summary.erasureRequestedAt)}. We'll reply by e-mail.
        </p>
      ) : asking ? (
        <div className="account-erase">
          <p>
            We'll delete your account and what we hold about you, except the records the law says we must keep for a while
            (invoices for six years, gas safety records for two): see our <a href="/privacy">privacy policy</a>. We reply by
            e-mail within a month.
          </p>
          <label>
            Anything you'd like to tell us (optional)
            <textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <div className="cta-row">
            <Button size="3" color="red" onClick={requestErasure} disabled={busy}>
              {busy ? "Sending…" : "Ask us to delete my account"}
            </Button>
            <Button size="3" variant="soft" color="gray" onClick={() => setAsking(false)}>
              Keep my account
            </Button>
          </div>
        </div>
      ) : (
        <div className="cta-row">
          <Button size="3" variant="soft" color="red" onClick={() => setAsking(true)}>
            Delete my account
          </Button>
        </div>
      )}
    </section>
  );
}
