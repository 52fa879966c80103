import { Button } from "@radix-ui/themes";
import { startTransition, useCallback, useEffect, useState } from "react";
import type { AccountSummary } from "../../schema/api/account";
import { AccountSections } from "../components/account/sections";
import { SignInForm } from "../components/account/sign-in-form";
import { PageHero } from "../components/site/page-hero";
import { answerOf, api, HttpError } from "../lib/api";
import { linkFailure } from "../lib/linked-page";
import { takePreload } from "../lib/preloads";
import { notify } from "../lib/toast";
import "../components/quote/quote.css";
import "../components/account/account.css";

type State =
  | { name: "loading" }
  | { name: "signed-out" }
  | { name: "failed"; message: string }
  | { name: "ready"; summary: AccountSummary };

/**
 * /account: the customer's own page. Signed out, the form that e-mails a sign-in link; signed in
 * (a session cookie only the API reads), everything the business holds for the address.
 */
export default function Account() {
  const [state, setState] = useState<State>({ name: "loading" });
  const load = useCallback(() => {
    // Never signed in on this browser (or signed out): the form, without asking the API.
    if (!/(?:^|;\s*)account_hint=1/.test(document.cookie)) {
      setState({ name: "signed-out" });
      return Promise.resolve();
    }
    const early = takePreload("accountSummary");
    return (early ? answerOf<AccountSummary>(early) : api<AccountSummary>("/api/account")).then(
      // Everything the account holds renders in slices that yield to the browser.
      (summary) => startTransition(() => setState({ name: "ready", summary })),
      (error) => {
        if (!(error instanceof HttpError && error.status === 401))
          return setState({ name: "failed", message: linkFailure(error) });
        // The session ended elsewhere (signed out everywhere, or expired): the flag goes with it.
        // biome-ignore lint/suspicious/noDocumentCookie: a fixed string; the Cookie Store API is missing from Firefox
        document.cookie = "account_hint=; Max-Age=0; Path=/; Secure; SameSite=Lax";
        // (A flag set before it was the whole site's, on /account only.)
        // biome-ignore lint/suspicious/noDocumentCookie: a fixed string; the Cookie Store API is missing from Firefox
        document.cookie = "account_hint=; Max-Age=0; Path=/account; Secure; SameSite=Lax";
        setState({ name: "signed-out" });
      },
    );
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function signOut(everywhere: boolean) {
    try {
      await api(`/api/account/session${everywhere ? "?everywhere=1" : ""}`, { method: "DELETE" });
      setState({ name: "signed-out" });
      notify({ title: everywhere ? "Signed out on every device" : "Signed out" });
    } catch (error) {
      notify({ title: "Not signed out", description: linkFailure(error), variant: "destructive" });
    }
  }

  const ready = state.name === "ready" ? state.summary : null;
  return (
    <>
      <PageHero
        eyebrow="Your account"
        title={ready ? `Hello, ${ready.name.split(" ")[0]}` : "Your account"}
        lead="Your visits, gas safety records, quotes, invoices and orders with us, in one place."
      />
      <section className="section">
        <div className="container quote account">
          {state.name === "loading" ? (
            <div className="card" aria-busy="true">
              <p className="quote-small">Opening your account…</p>
            </div>
          ) : state.name === "signed-out" ? (
            <div className="card account-sign-in">
              <SignInForm />
            </div>
          ) : state.name === "failed" ? (
            <div className="card" role="alert">
              <h2>We couldn't open your account</h2>
              <p>{state.message}</p>
              <Button variant="soft" onClick={() => void load()}>
                Try again
              </Button>
            </div>
          ) : (
            <>
              <div className="account-bar">
                <p className="quote-small">Signed in as {state.summary.email}</p>
                <div className="account-bar__actions">
                  <Button size="3" variant="soft" color="gray" onClick={() => signOut(false)}>
                    Sign out
                  </Button>
                  <Button size="3" variant="soft" color="gray" onClick={() => signOut(true)}>
                    Sign out everywhere
                  </Button>
                </div>
              </div>
              <AccountSections
                summary={state.summary}
                onChange={(summary) => setState({ name: "ready", summary })}
                reload={load}
              />
            </>
          )}
        </div>
      </section>
    </>
  );
}
