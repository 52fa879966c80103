import { useEffect, useState } from "react";
import { api, HttpError } from "./api";

/**
 * What the pages a customer opens from a signed link in an e-mail share (/quote/<token>,
 * /invoice/<token>): the token read from the address, the record loaded, a failure said in the
 * server's words, and the way back from Stripe, where the payment is recorded when Stripe's webhook
 * arrives (usually seconds after the redirect): the page asks again until it is, or says it will follow.
 */
export type LinkedState<T> =
  | { name: "loading" }
  | { name: "failed"; message: string }
  | { name: "ready"; value: T; notice?: string };

export const linkFailure = (error: unknown) =>
  error instanceof HttpError && error.serverMessage
    ? error.serverMessage
    : "Sorry, something went wrong. Please try again, or call us.";

/** The token is the address's last part: /quote/<token>. */
const tokenOfPage = () => decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] ?? "");

const ASKS = 20;
const EVERY_MS = 1500;

export function useLinkedRecord<T>({
  what,
  path,
  backFromStripe,
  paymentPending,
}: {
  /** "quote", "invoice": for the message when the address has no token. */
  what: string;
  /** The API path of the record for a token. */
  path: (token: string) => string;
  /** The query the success URL adds (`deposit=paid`, `paid=1`). */
  backFromStripe: [string, string];
  /** Still waiting for the webhook: the payment is not on the record yet. */
  paymentPending: (value: T) => boolean;
}) {
  const [token, setToken] = useState("");
  const [state, setState] = useState<LinkedState<T>>({ name: "loading" });
  // Read once, when the page opens: the options are the page's constants.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's constants
  useEffect(() => {
    const found = tokenOfPage();
    setToken(found);
    if (!found) {
      setState({
        name: "failed",
        message: `This address is missing the part that identifies your ${what}. Please open the link in our e-mail again.`,
      });
      return;
    }
    const load = () => api<T>(path(found));
    const returned = new URLSearchParams(window.location.search).get(backFromStripe[0]) === backFromStripe[1];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (value: T, asked: number) => {
      if (!returned || !paymentPending(value)) return setState({ name: "ready", value });
      if (asked >= ASKS) {
        return setState({
          name: "ready",
          value,
          notice: "Thank you. Stripe is still confirming your payment: this page will show it paid within a few minutes.",
        });
      }
      setState({ name: "ready", value, notice: "Thank you. We're confirming your payment with Stripe…" });
      timer = setTimeout(
        () =>
          load().then(
            (next) => show(next, asked + 1),
            () => show(value, asked + 1),
          ),
        EVERY_MS,
      );
    };
    load()
      .then((value) => show(value, 0))
      .catch((error) => setState({ name: "failed", message: linkFailure(error) }));
    return () => clearTimeout(timer);
  }, []);
  return { token, state, setState };
}
