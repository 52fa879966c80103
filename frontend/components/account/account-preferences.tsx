import { useState } from "react";
import type { AccountSummary } from "../../../schema/api/account";
import { type ContactChannel, contactChannels } from "../../../schema/api/customers";
import { api } from "../../lib/api";
import { linkFailure } from "../../lib/linked-page";
import { notify } from "../../lib/toast";

/** How service messages reach the customer, in their words. */
const channelChoices: Record<ContactChannel, string> = { email: "By e-mail", text: "By text", both: "By e-mail and text" };

/** Reminders and deals by e-mail, and the channel of service messages, each changed as it is chosen. */
export function AccountPreferences({
  summary,
  onChange,
}: {
  summary: AccountSummary;
  onChange: (summary: AccountSummary) => void;
}) {
  const [busy, setBusy] = useState(false);
  async function change(preference: "reminders" | "deals" | "channel", on: boolean | ContactChannel) {
    setBusy(true);
    try {
      const preferences = await api<AccountSummary["preferences"]>("/api/account/preferences", {
        method: "PATCH",
        json: { [preference]: on },
      });
      onChange({ ...summary, preferences });
      if (preference === "deals" && on && preferences.deals === "pending")
        notify({ title: "Nearly there", description: "Please confirm with the link we've just e-mailed you." });
    } catch (error) {
      notify({ title: "Not changed", description: linkFailure(error), variant: "destructive" });
    }
    setBusy(false);
  }
  const { reminders, deals, channel } = summary.preferences;
  return (
    <section className="card quote-form" aria-labelledby="account-preferences">
      <h2 id="account-preferences">Preferences</h2>
      <fieldset className="account-channel">
        <legend>Booking confirmations, visit reminders and "on my way" messages</legend>
        {contactChannels.map((choice) => (
          <label key={choice} className="quote-check">
            <input
              type="radio"
              name="account-channel"
              value={choice}
              checked={channel === choice}
              disabled={busy}
              onChange={() => change("channel", choice)}
            />
            <span>{channelChoices[choice]}</span>
          </label>
        ))}
      </fieldset>
      <label className="quote-check">
        <input type="checkbox" checked={reminders} disabled={busy} onChange={(e) => change("reminders", e.target.checked)} />
        <span>Remind me by e-mail when a service or gas safety check is due</span>
      </label>
      <label className="quote-check">
        <input type="checkbox" checked={deals !== "off"} disabled={busy} onChange={(e) => change("deals", e.target.checked)} />
        <span>
          Send me deals and heating tips
          {deals === "pending" ? <span className="quote-small"> (waiting for you to confirm from the e-mail)</span> : null}
        </span>
      </label>
    </section>
  );
}
