import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import type { MfaSetup } from "../../../../schema/api/security";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { copyText } from "../../../lib/admin/text-export";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { CodeField } from "../code-field";
import { PasswordField } from "../password-field";
import { QrCode } from "./qr-code";

/** "JBSWY3DPEHPK3PXP" as "JBSW Y3DP EHPK 3PXP": easier to read out and type. */
const inGroupsOfFour = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

type Props = {
  setup: MfaSetup;
  /** Sends the password and the code; resolves with the recovery codes once two-step sign-in is on. */
  enable: (password: string, code: string) => Promise<{ recoveryCodes: string[] }>;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

/** Turning two-step sign-in on: scan (or type) the secret into an app, then prove it with a code. */
export function MfaSetupPanel({ setup, enable, onEnabled, onCancel }: Props) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [wrong, setWrong] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setWrong(undefined);
    try {
      const { recoveryCodes } = await enable(password, code.replace(/\s+/g, ""));
      onEnabled(recoveryCodes);
    } catch (error) {
      // One answer for a wrong password or code (the server never says which); shown once, the code cleared.
      const message = error instanceof HttpError ? (error.detail("password") ?? error.detail("code"))?.message : undefined;
      if (message) {
        setWrong(message);
        setCode("");
      } else if (!isUnauthorized(error)) {
        notify({
          title: "Couldn't turn on two-step sign-in",
          description: errorMessage(error, "Please try again."),
          variant: "destructive",
        });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="admin-mfa-setup">
      <ol className="admin-steps">
        <li>
          <Heading as="h3" size="3">
            Scan this code with your authenticator app
          </Heading>
          <Text as="p" size="2" color="gray" mt="1">
            Google Authenticator, Microsoft Authenticator, 1Password or any app that makes 6-digit codes. In the app, choose "add
            account" and point your phone's camera at the code.
          </Text>
          <QrCode value={setup.otpauthUri} label="QR code to scan with your authenticator app" />
          <Text as="p" size="2" mt="2">
            On this phone already?{" "}
            <a href={setup.otpauthUri} className="admin-muted-link">
              Open in authenticator app
            </a>{" "}
            adds the account without scanning.
          </Text>
        </li>
        <li>
          <Heading as="h3" size="3">
            Can't scan? Type this key into the app instead
          </Heading>
          <Flex align="center" gap="3" wrap="wrap" mt="2">
            <code className="admin-secret" data-testid="mfa-secret">
              {inGroupsOfFour(setup.secret)}
            </code>
            <Button type="button" variant="soft" size="2" onClick={() => copyText(setup.secret, "Setup key")}>
              Copy key
            </Button>
          </Flex>
        </li>
        <li>
          <Heading as="h3" size="3">
            Enter your password and the code the app shows
          </Heading>
          <form onSubmit={submit} aria-label="Turn on two-step sign-in" className="admin-narrow-form">
            <Flex direction="column" gap="3" mt="2">
              <PasswordField
                id="mfa-enable-password"
                label="Your password"
                value={password}
                onChange={setPassword}
                error={wrong}
              />
              <CodeField id="mfa-enable-code" value={code} onChange={setCode} />
              <Flex gap="3" wrap="wrap">
                <Button type="submit" loading={pending} disabled={password === "" || code.trim() === ""}>
                  Turn on
                </Button>
                <Button type="button" variant="soft" color="gray" onClick={onCancel}>
                  Cancel
                </Button>
              </Flex>
            </Flex>
          </form>
        </li>
      </ol>
    </div>
  );
}
