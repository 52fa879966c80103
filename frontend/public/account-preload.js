// /account's own read, started by the page's HTML rather than by the app: on a phone's connection the
// app's scripts take a second to arrive, and the customer's visits, records and invoices can be on
// their way meanwhile. Only where this browser is signed in (the account_hint flag, set with the
// session); frontend/pages/account.tsx takes the answer (window.accountSummary) when it starts.
if (/(?:^|;\s*)account_hint=1/.test(document.cookie)) {
  window.accountSummary = fetch("/api/account", { credentials: "include", headers: { Accept: "application/json" } });
  // Taken by the page; a failure is the page's to show, not an unhandled rejection meanwhile.
  window.accountSummary.catch(() => undefined);
}
