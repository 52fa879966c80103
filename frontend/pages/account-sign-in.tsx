import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { SignInForm } from "../components/account/sign-in-form";
import { PageHero } from "../components/site/page-hero";
import { api } from "../lib/api";
import { linkFailure } from "../lib/linked-page";
import "../components/quote/quote.css";
import "../components/account/account.css";

/**
 * /account/sign-in#<token>: the link from the e-mail. The token is in the address's fragment, so
 * it never reaches a server log or a Referer; it is exchanged once for the session cookie, then
 * the account opens.
 */
export default function AccountSignIn() {
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    const token = window.location.hash.slice(1);
    // The token is spent either way: it leaves the address (and the history) at once.
    window.history.replaceState(null, "", window.location.pathname);
    if (!token) {
      setFailure("This address is missing the part that signs you in. Please open the link in our e-mail again.");
      return;
    }
    api("/api/account/session", { json: { token } }).then(
      () => navigate("/account", { replace: true }),
      (error) => setFailure(linkFailure(error)),
    );
  }, [navigate]);
  return (
    <>
      <PageHero eyebrow="Your account" title="Signing you in" lead="Your visits, certificates, quotes, invoices and orders." />
      <section className="section">
        <div className="container quote account">
          {failure ? (
            <div className="card" role="alert">
              <h2>We couldn't sign you in</h2>
              <p>{failure}</p>
              <SignInForm />
            </div>
          ) : (
            <div className="card" aria-busy="true">
              <p className="quote-small">Signing you in…</p>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
