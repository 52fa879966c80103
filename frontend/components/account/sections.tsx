import type { AccountSummary } from "../../../schema/api/account";
import { AccountData } from "./account-data";
import { AccountDetailsCard } from "./account-details";
import { AccountPreferences } from "./account-preferences";
import { AccountRecords } from "./account-records";
import { AccountVisits } from "./account-visits";

/** Everything on the signed-in account, a card a subject, in the order a customer looks for it. */
export function AccountSections({
  summary,
  onChange,
  reload,
}: {
  summary: AccountSummary;
  onChange: (summary: AccountSummary) => void;
  reload: () => unknown;
}) {
  return (
    <div className="account-grid">
      <AccountVisits upcoming={summary.upcoming} past={summary.past} />
      <AccountRecords summary={summary} />
      <AccountDetailsCard summary={summary} onChange={onChange} />
      <AccountPreferences summary={summary} onChange={onChange} />
      <AccountData summary={summary} reload={reload} />
    </div>
  );
}
