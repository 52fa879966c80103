// /account's own read (frontend/lib/preloads.ts): the customer's visits, records and invoices asked
// for while the app's scripts are still arriving. Only where this browser is signed in (the
// account_hint flag, set with the session); frontend/pages/account.tsx takes the answer.
import { startPreload } from "../lib/preloads";

if (/(?:^|;\s*)account_hint=1/.test(document.cookie)) {
  const summary = fetch("/api/account", { credentials: "include", headers: { Accept: "application/json" } });
  // Taken by the page; a failure is the page's to show, not an unhandled rejection meanwhile.
  summary.catch(() => undefined);
  startPreload("accountSummary", summary);
}
