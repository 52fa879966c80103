import "../../components/admin/admin.css";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { MIN_PASSWORD_LENGTH } from "../../../schema/api/security";
import { type JoinInvitation, joinSchema, roleLabels } from "../../../schema/api/team";
import { company } from "../../../schema/business";
import { PasswordField } from "../../components/admin/password-field";
import { api, HttpError } from "../../lib/api";
import { notify } from "../../lib/toast";
import { useForm } from "../../lib/use-form";

/** The link's token: after the # (never sent to the server with the page's address). */
const tokenOfLink = () => decodeURIComponent(window.location.hash.replace(/^#/, ""));

type Loaded = { state: "loading" } | { state: "open"; invitation: JoinInvitation } | { state: "gone"; message: string };

const refusal = (error: unknown) =>
  error instanceof HttpError && error.serverMessage
    ? error.serverMessage
    : "This invitation link could not be checked. Please try again in a moment.";

/**
 * An invited person's link (/admin/join#<token>): greeted by name with the username they will sign
 * in with, they choose a password (the Security screen's rules), then sign in as everyone does.
 */
export default function Join() {
  const [, navigate] = useLocation();
  const [token] = useState(tokenOfLink);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const form = useForm({ initial: { password: "", confirm: "" }, schema: joinSchema, input: (v) => ({ ...v, token }) });

  useEffect(() => {
    if (!token) {
      setLoaded({ state: "gone", message: "This page needs the link from your invitation e-mail. Please open it from there." });
      return;
    }
    api<JoinInvitation>("/api/admin/join/invitation", { json: { token } })
      .then((invitation) => setLoaded({ state: "open", invitation }))
      .catch((error: unknown) => setLoaded({ state: "gone", message: refusal(error) }));
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    await form.submit(
      async (_data, input) => {
        const { username } = await api<{ username: string }>("/api/admin/join", { json: input });
        notify({
          title: "Password set",
          description: `Sign in with your username, ${username}, and your new password.`,
          variant: "success",
        });
        navigate("/login", { replace: true });
      },
      {
        onError: (error, found) => {
          if (error instanceof HttpError && error.status === 410) setLoaded({ state: "gone", message: refusal(error) });
          else if (Object.keys(found).length === 0)
            notify({ title: "Password not set", description: refusal(error), variant: "destructive" });
        },
      },
    );
  }

  return (
    <main id="main" className="admin-shell admin-login">
      <Flex align="center" justify="center" px="4" py="9">
        <Card size="4" className="admin-login-card">
          <Heading as="h1" size="6" className="admin-title">
            Join the back office
          </Heading>
          {loaded.state === "loading" ? (
            <Text as="p" color="gray" size="2" mt="2" role="status">
              Checking your invitation…
            </Text>
          ) : loaded.state === "gone" ? (
            <Flex direction="column" gap="4" mt="3">
              <Text as="p" size="2" role="alert">
                {loaded.message}
              </Text>
              <Button asChild variant="soft">
                <Link href="/login">Go to the sign-in</Link>
              </Button>
            </Flex>
          ) : (
            <>
              <Text as="p" color="gray" size="2" mt="1" mb="4">
                Welcome, {loaded.invitation.name}. You are joining {company.name} as{" "}
                {roleLabels[loaded.invitation.role].toLowerCase()}. Your username is{" "}
                <Text weight="bold" color="gray" highContrast>
                  {loaded.invitation.username}
                </Text>
                .
              </Text>
              <form onSubmit={submit} noValidate aria-label="Choose your password">
                <Flex direction="column" gap="4">
                  {/* For a password manager: the account the new password belongs to. */}
                  <input type="hidden" name="username" autoComplete="username" value={loaded.invitation.username} />
                  <PasswordField
                    id="join-password"
                    name="password"
                    label={`Choose a password (at least ${MIN_PASSWORD_LENGTH} characters)`}
                    autoComplete="new-password"
                    value={form.values.password}
                    onChange={(v) => form.set("password", v)}
                    error={form.errors.password}
                  />
                  <PasswordField
                    id="join-confirm"
                    name="confirm"
                    label="The same password again"
                    autoComplete="new-password"
                    value={form.values.confirm}
                    onChange={(v) => form.set("confirm", v)}
                    error={form.errors.confirm}
                  />
                  <Button type="submit" size="3" loading={form.busy}>
                    Set my password
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
