import { PasswordField } from "../../components/admin/password-field";
import "../../components/admin/admin.css";
import { Button, Card, Checkbox, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import type { AdminLoginResult } from "../../../schema/api/security";
import { company } from "../../../schema/business";
import { solveChallenge } from "../../../schema/login-challenge";
import { ADMIN_HOME } from "../../components/admin/admin-layout";
import { CodeField } from "../../components/admin/code-field";
import { Field } from "../../components/admin/form-field";
import { BackIcon } from "../../components/admin/icons";
import { loadAdminMe } from "../../hooks/admin/use-admin-me";
import { keepOfflineCopy } from "../../lib/admin/phone-data";
import { setAdminToken } from "../../lib/admin-token";
import { api, HttpError } from "../../lib/api";
import { notify } from "../../lib/toast";

type Step = "password" | "code";

/**
 * The owner's sign-in: username and password, then (with two-step sign-in on) a code from the
 * authenticator app or a recovery code. The second step sends the password again with the code:
 * the server keeps nothing between the two.
 */
export default function Login() {
  const [, navigate] = useLocation();
  const [step, setStep] = useState<Step>("password");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [remember, setRemember] = useState(false);

  /** Asks the Worker; while the account is under attack it first sets a few seconds' work, done here. */
  async function signIn(extra: { challenge?: string; solution?: string } = {}): Promise<AdminLoginResult> {
    const result = await api<AdminLoginResult>("/api/admin/login", {
      json: { username, password, ...(step === "code" ? { code: code.trim(), remember } : {}), ...extra },
    });
    if (result.success || !("challenge" in result) || extra.challenge) return result;
    setChecking(true);
    try {
      const { token, nonce, bits } = result.challenge;
      return await signIn({ challenge: token, solution: await solveChallenge(nonce, bits) });
    } finally {
      setChecking(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      const result = await signIn();
      if (!result.success && "challenge" in result) {
        notify({ title: "Login Error", description: "Please try again in a moment.", variant: "destructive" });
        return;
      }
      if (!result.success) {
        // The password was right; the account also wants a code from the app.
        setCode("");
        setStep("code");
        return;
      }
      setAdminToken(result.token);
      // The offline copy a logout deleted is kept again (lib/admin/phone-data.ts).
      keepOfflineCopy();
      notify({ title: "Login Successful", description: "Welcome back.", variant: "success" });
      // An engineer starts on their day; the owner and the office on the home screen's counts.
      const me = await loadAdminMe().catch(() => undefined);
      navigate(me?.role === "engineer" ? "~/admin/today" : ADMIN_HOME, { replace: true });
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        if (step === "code") {
          setCode("");
          notify({
            title: "Code Not Accepted",
            description: error.serverMessage ?? "That code is not right. Please try the current code from your app.",
            variant: "destructive",
          });
        } else {
          notify({ title: "Login Failed", description: "Invalid username or password", variant: "destructive" });
        }
        return;
      }
      // The server's own words when it gave a reason (how long to wait; a deploy missing its secrets
      // names what to set); the screen's own text when the request failed without one.
      const reason = error instanceof HttpError && error.status !== 400 ? error.serverMessage : undefined;
      notify({
        title: "Login Error",
        description: reason ?? "Invalid credentials. Please try again.",
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  function backToPassword() {
    setCode("");
    setPassword("");
    setStep("password");
  }

  return (
    <main id="main" className="admin-shell admin-login">
      <Flex align="center" justify="center" px="4" py="9">
        <Card size="4" className="admin-login-card">
          <Heading as="h1" size="6" className="admin-title">
            Admin Login
          </Heading>
          {step === "password" ? (
            <>
              <Text as="p" color="gray" size="2" mt="1" mb="5">
                {company.name} back office
              </Text>
              <form onSubmit={submit} aria-label="Admin login">
                <Flex direction="column" gap="4">
                  <Field id="admin-username" label="Username">
                    <TextField.Root
                      id="admin-username"
                      name="username"
                      autoComplete="username"
                      required
                      size="3"
                      autoFocus
                      value={username}
                      onChange={(e) => setUsername(e.target.value)}
                    />
                  </Field>
                  <PasswordField id="admin-password" name="password" label="Password" value={password} onChange={setPassword} />
                  <Button type="submit" size="3" loading={pending}>
                    Log in
                  </Button>
                  {checking ? (
                    <Text as="p" size="2" color="gray" role="status">
                      Many wrong passwords have been tried for this account, so this browser is checked first. This takes a few
                      seconds…
                    </Text>
                  ) : null}
                  <Button asChild variant="ghost" color="gray" size="2">
                    <Link href="~/">
                      <BackIcon />
                      Back to website
                    </Link>
                  </Button>
                </Flex>
              </form>
            </>
          ) : (
            <>
              <Text as="p" color="gray" size="2" mt="1" mb="5">
                Two-step sign-in is on. Open your authenticator app and enter the code it shows for {company.shortName}.
              </Text>
              <form onSubmit={submit} aria-label="Two-step sign-in code">
                <Flex direction="column" gap="4">
                  <CodeField id="admin-code" value={code} onChange={setCode} allowRecovery autoFocus />
                  <Text as="label" size="2" className="admin-check">
                    <Checkbox checked={remember} onCheckedChange={(v) => setRemember(v === true)} />
                    Remember this browser for 30 days (only on your own phone or computer)
                  </Text>
                  <Button type="submit" size="3" loading={pending}>
                    Verify
                  </Button>
                  <Button type="button" variant="ghost" color="gray" size="2" onClick={backToPassword}>
                    <BackIcon />
                    Back to username and password
                  </Button>
                </Flex>
              </form>
            </>
          )}
        </Card>
      </Flex>
    </main>
  );
}
