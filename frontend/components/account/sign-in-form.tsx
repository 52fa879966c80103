import { Button } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { api } from "../../lib/api";
import { linkFailure } from "../../lib/linked-page";

/** The e-mail address to send a sign-in link to; the answer is the same for every address. */
export function SignInForm() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const { message } = await api<{ message: string }>("/api/account/sign-in", { json: { email } });
      setSent(message);
    } catch (error) {
      setProblem(linkFailure(error));
    }
    setBusy(false);
  }
  if (sent) {
    return (
      <div role="status">
        <h2>Check your e-mail</h2>
        <p>{sent}</p>
        <button type="button" className="quote-link-button" onClick={() => setSent(null)}>
          Use another address
        </button>
      </div>
    );
  }
  return (
    <form className="quote-form" onSubmit={submit} noValidate>
      <h2>Sign in</h2>
      <p>Type the e-mail address you gave us. We'll send you a link that signs you in: no password needed.</p>
      <label>
        Your e-mail address
        <input
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "account-sign-in-error" : undefined}
        />
      </label>
      {problem ? (
        <p id="account-sign-in-error" className="quote-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="cta-row">
        <Button size="3" type="submit" disabled={busy}>
          {busy ? "Sending…" : "Send me a link"}
        </Button>
      </div>
    </form>
  );
}
