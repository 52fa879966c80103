import { useState } from "react";
import type { AccountProperty } from "../../../schema/api/account";
import { api } from "../../lib/api";
import { linkFailure } from "../../lib/linked-page";
import { notify } from "../../lib/toast";

/** The landlord's tick: the let property's tenant may book its gas safety check from their own account. */
export function TenantMayBook({
  property,
  onChange,
}: {
  property: AccountProperty & { tenant: NonNullable<AccountProperty["tenant"]> };
  onChange: (mayBook: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const who = property.tenant.name?.trim().split(/\s+/)[0] || "your tenant";
  async function change(mayBook: boolean) {
    setBusy(true);
    try {
      const answer = await api<{ mayBook: boolean }>(`/api/account/properties/${property.id}/tenant`, {
        method: "PATCH",
        json: { mayBook },
      });
      onChange(answer.mayBook);
      notify({ title: answer.mayBook ? `${who} can book the check` : `Only you book the check now` });
    } catch (error) {
      notify({ title: "Not changed", description: linkFailure(error), variant: "destructive" });
    }
    setBusy(false);
  }
  return (
    <label className="quote-check">
      <input type="checkbox" checked={property.tenant.mayBook} disabled={busy} onChange={(e) => change(e.target.checked)} />
      <span>Let {who} book the gas safety check from their own account</span>
    </label>
  );
}
