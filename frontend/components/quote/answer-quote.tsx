import { Button } from "@radix-ui/themes";
import { type FormEvent, lazy, Suspense, useState } from "react";
import type { PublicQuote } from "../../../schema/api/quotes";
import { EARLY_START_WORDS } from "../../../schema/consumer-contracts";
import { api } from "../../lib/api";
import { linkFailure } from "../../lib/linked-page";

/** The drawing pad (signature_pad) loads only for a customer who chooses to sign. */
const SignatureField = lazy(() => import("../signature/signature-field").then((m) => ({ default: m.SignatureField })));

/** The customer's answer to an open quote: accept the chosen option (a typed name, a drawn signature if they like), or decline. */
export function AnswerQuote({
  token,
  optionId,
  extras,
  onChange,
}: {
  token: string;
  /** The option chosen (none yet: ""), and the extras ticked on it. */
  optionId: string;
  extras: string[];
  onChange: (quote: PublicQuote, notice?: string) => void;
}) {
  const [name, setName] = useState("");
  const [startEarly, setStartEarly] = useState(false);
  const [signing, setSigning] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(path: "accept" | "decline", body: object, done: string) {
    setBusy(true);
    setProblem(null);
    try {
      onChange(await api<PublicQuote>(`/api/estimates/${encodeURIComponent(token)}/${path}`, { json: body }), done);
    } catch (error) {
      setProblem(linkFailure(error));
    } finally {
      setBusy(false);
    }
  }
  function accept(event: FormEvent) {
    event.preventDefault();
    if (!optionId) return setProblem("Please choose one of the options first.");
    if (name.trim().length < 2) return setProblem("Please type your full name to accept.");
    void send(
      "accept",
      { optionId, optionalLineIds: extras, name, startEarly, ...(signature ? { signature } : {}) },
      "Thank you: your quote is accepted. We've e-mailed you a copy.",
    );
  }
  return (
    <div className="card">
      {declining ? (
        <form
          className="quote-form"
          onSubmit={(e) => {
            e.preventDefault();
            void send("decline", { reason: reason.trim() || null }, "Thank you for letting us know.");
          }}
        >
          <h2>Decline this quote</h2>
          <label>
            Anything we should know? (optional)
            <textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          {problem ? (
            <p className="quote-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="cta-row">
            <Button size="3" color="red" type="submit" disabled={busy}>
              Decline the quote
            </Button>
            <Button size="3" variant="soft" color="gray" type="button" onClick={() => setDeclining(false)}>
              Back
            </Button>
          </div>
        </form>
      ) : (
        <form className="quote-form" onSubmit={accept}>
          <h2>Accept this quote</h2>
          <label>
            Your full name
            <input type="text" autoComplete="name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          </label>
          {signing ? (
            <Suspense fallback={<p className="quote-small">Opening the signature box…</p>}>
              <SignatureField id="quote-signature" label="Your signature (optional)" value={signature} onChange={setSignature} />
            </Suspense>
          ) : (
            <p className="quote-small">
              Your typed name is your signature.{" "}
              <button type="button" className="quote-link-button" onClick={() => setSigning(true)}>
                Draw a signature as well
              </button>
            </p>
          )}
          <label className="quote-check">
            <input type="checkbox" checked={startEarly} onChange={(e) => setStartEarly(e.target.checked)} />
            <span>{EARLY_START_WORDS}</span>
          </label>
          <p className="quote-small">By accepting you enter a contract with us on these terms, for the option you chose.</p>
          {problem ? (
            <p className="quote-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="cta-row">
            <Button size="3" type="submit" disabled={busy}>
              {busy ? "Accepting…" : "Accept the quote"}
            </Button>
            <Button size="3" variant="soft" color="gray" type="button" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
