import type { AccountSummary } from "../../../schema/api/account";
import { AccountData } from "./account-data";
import { AccountDetailsCard } from "./account-details";
import { AccountHomes } from "./account-homes";
import { AccountPreferences } from "./account-preferences";
import { AccountRecords } from "./account-records";
import { AccountVisits } from "./account-visits";

/**
 * Everything on the signed-in account, a card a subject, in the order a customer looks for it. A
 * tenant sees the homes they rent (and their data); a tenant who is also a customer sees both.
 */
export function AccountSections({
  summary,
  onChange,
  reload,
}: {
  summary: AccountSummary;
  onChange: (summary: AccountSummary) => void;
  reload: () => unknown;
}) {
  const homes = summary.homes.length ? <AccountHomes homes={summary.homes} /> : null;
  if (!summary.isCustomer)
    return (
      <div className="account-grid">
        {homes}
        <AccountData summary={summary} reload={reload} />
      </div>
    );
  return (
    <div className="account-grid">
      <AccountVisits upcoming={summary.upcoming} past={summary.past} />
      <AccountRecords summary={summary} onChange={onChange} />
      {homes}
      <AccountDetailsCard summary={summary} onChange={onChange} />
      <AccountPreferences summary={summary} onChange={onChange} />
      <AccountData summary={summary} reload={reload} />
    </div>
  );
}
