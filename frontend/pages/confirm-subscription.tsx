import { Button, Container, Text } from "@radix-ui/themes";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import type { ConfirmSignupResult } from "../../schema/api/signups";
import { ResultCard } from "../components/cart/result-card";
import "../components/cart/cart.css";
import { api, HttpError } from "../lib/api";

type State =
  | { phase: "ask"; failure?: string }
  | { phase: "sending" }
  | { phase: "confirmed"; result: ConfirmSignupResult }
  | { phase: "refused"; message: string };

const REFUSED_FALLBACK = "This confirmation link can't be used. Please sign up again from our website.";
const TRY_AGAIN = "Something went wrong. Please try again.";

/**
 * The link in the sign-up confirmation e-mail (?token=). Opening it changes nothing, since mail
 * scanners open links too: only the visitor's click on the button confirms the address. The token
 * is read once the page is live (the prerendered HTML is the same for every link); without one
 * the button stays disabled and the page says why.
 */
export default function ConfirmSubscription() {
  // undefined: not read yet (prerendered HTML, hydration); null: the link has no token.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [state, setState] = useState<State>({ phase: "ask" });

  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get("token")?.trim() || null);
  }, []);

  async function confirm() {
    if (!token) return;
    setState({ phase: "sending" });
    try {
      const result = await api<ConfirmSignupResult>("/api/email-signups/confirm", { json: { token } });
      setState({ phase: "confirmed", result });
    } catch (error) {
      // A 400 is final (invalid, used or expired link); anything else may work on a second try.
      if (error instanceof HttpError && error.status === 400) {
        setState({ phase: "refused", message: error.serverMessage ?? REFUSED_FALLBACK });
      } else {
        setState({ phase: "ask", failure: (error instanceof HttpError && error.serverMessage) || TRY_AGAIN });
      }
    }
  }

  const home = (
    <Button asChild size="3">
      <Link href="/">Back to Home</Link>
    </Button>
  );

  let card: ReactNode;
  if (state.phase === "confirmed") {
    const { email, status } = state.result;
    card = (
      <ResultCard
        tone="success"
        title="You're signed up!"
        focusTitle
        actions={
          <>
            {home}
            <Button asChild size="3" variant="soft">
              <Link href="/store">Visit the store</Link>
            </Button>
          </>
        }
      >
        <Text as="p" size="3" align="center" className="result-card__text">
          {status === "already_confirmed" ? (
            <>
              <strong className="confirm-email">{email}</strong> was already confirmed: there's nothing more to do.
            </>
          ) : (
            <>
              Thank you. <strong className="confirm-email">{email}</strong> will now get our deals and heating tips.
            </>
          )}
        </Text>
        <Text as="p" size="2" color="gray" align="center" className="result-card__text">
          Every e-mail has a link to unsubscribe whenever you like.
        </Text>
      </ResultCard>
    );
  } else if (state.phase === "refused") {
    card = (
      <ResultCard tone="cancelled" title="We couldn't confirm this link" focusTitle actions={home}>
        <Text as="p" size="3" align="center" className="result-card__text">
          {state.message}
        </Text>
      </ResultCard>
    );
  } else {
    card = (
      <ResultCard
        tone="info"
        title="Confirm your sign-up"
        actions={
          <Button size="3" onClick={confirm} disabled={!token} loading={state.phase === "sending"}>
            Yes, sign me up
          </Button>
        }
      >
        <Text as="p" size="3" align="center" className="result-card__text">
          Please confirm that you'd like our deals on boiler services, seasonal offers and heating tips by e-mail. Nothing is sent
          until you do.
        </Text>
        {/* A link without its token: said in place of the privacy line, so nothing else moves once the page is live. */}
        {token === null ? (
          <Text as="p" size="2" color="red" align="center" weight="medium" className="result-card__text">
            This link is incomplete: please open it again from your e-mail.
          </Text>
        ) : (
          <Text as="p" size="2" color="gray" align="center" className="result-card__text">
            How we use your address: see our <Link href="/privacy">privacy notice</Link>.
          </Text>
        )}
        {state.phase === "ask" && state.failure ? (
          <Text as="p" size="2" color="red" align="center" role="alert">
            {state.failure}
          </Text>
        ) : null}
      </ResultCard>
    );
  }

  return (
    <Container size="2" px="4" py="8" className="cart-page">
      {card}
    </Container>
  );
}
