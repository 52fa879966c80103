import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import type { AdminSecurity, MfaRecoveryCodes, MfaSetup } from "../../../schema/api/security";
import { formatDate } from "../../../schema/london-time-text";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { ConfirmButton } from "../../components/admin/confirm-button";
import { PageHeader } from "../../components/admin/page-header";
import { MfaConfirmForm } from "../../components/admin/security/mfa-confirm-form";
import { MfaSetupPanel } from "../../components/admin/security/mfa-setup";
import { PasswordForm } from "../../components/admin/security/password-form";
import { RecoveryCodes } from "../../components/admin/security/recovery-codes";
import { SignInHistory } from "../../components/admin/security/sign-in-history";
import { StatusBadge } from "../../components/admin/status-badge";
import { useAdminSecurity } from "../../hooks/admin/use-security";
import { endAdminSession, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { unsyncedChanges, unsyncedWarning } from "../../lib/admin/phone-data";
import { notify } from "../../lib/toast";

/** What the two-step card shows: its state, the set-up steps, new recovery codes, or the form to turn it off or renew the codes. */
type View =
  | { name: "status" }
  | { name: "setup"; setup: MfaSetup }
  | { name: "codes"; codes: string[] }
  | { name: "disable" }
  | { name: "renew" };

const LOW_RECOVERY_CODES = 3;
const mfaTones = { on: "success", off: "destructive" } as const;

function Panel({ id, title, badge, children }: { id: string; title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="admin-card admin-panel">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="4" id={id}>
          {title}
        </Heading>
        {badge}
      </Flex>
      {children}
    </section>
  );
}

export default function Security() {
  const { security, error, refresh, setup, enable, disable, renewRecoveryCodes, signOutEverywhere } = useAdminSecurity();
  const [view, setView] = useState<View>({ name: "status" });
  const [starting, setStarting] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // Changes on this phone a sign-out would lose, counted as the owner opens the question.
  const [unsynced, setUnsynced] = useState(0);

  async function startSetup() {
    setStarting(true);
    try {
      setView({ name: "setup", setup: await setup() });
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Couldn't start the set-up", description: errorMessage(e, "Please try again."), variant: "destructive" });
        await refresh();
      }
    } finally {
      setStarting(false);
    }
  }

  async function enabled(codes: string[]) {
    setView({ name: "codes", codes });
    notify({
      title: "Two-step sign-in is on",
      description: "Save your recovery codes before you leave this screen.",
      variant: "success",
    });
    await refresh();
  }

  async function renewed({ recoveryCodes }: { recoveryCodes: string[] }) {
    setView({ name: "codes", codes: recoveryCodes });
    notify({
      title: "New recovery codes",
      description: "The old ones no longer work. Save these before you leave this screen.",
      variant: "success",
    });
    await refresh();
  }

  async function disabled() {
    setView({ name: "status" });
    notify({ title: "Two-step sign-in is off", description: "Signing in needs only your password again." });
    await refresh();
  }

  async function endEverySession() {
    setSigningOut(true);
    try {
      const { sessionsEnded, devicesForgotten } = await signOutEverywhere();
      notify({
        title: "Signed out everywhere",
        description: `${sessionsEnded} ${sessionsEnded === 1 ? "session" : "sessions"} ended and ${devicesForgotten} ${devicesForgotten === 1 ? "browser" : "browsers"} forgotten. Please log in again.`,
        variant: "success",
      });
      // This tab's session ended with the others.
      endAdminSession();
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to sign out everywhere"), variant: "destructive" });
      }
      setSigningOut(false);
    }
  }

  if (!security) {
    return (
      <>
        <PageHeader title="Security" subtitle="Two-step sign-in, recent sign-ins and signing out everywhere" />
        {error ? (
          isUnauthorized(error) ? null : (
            <ErrorState message={errorMessage(error, "Failed to load the security settings.")} onRetry={refresh} />
          )
        ) : (
          <LoadingState label="Loading security settings…" />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Security" subtitle="Two-step sign-in, recent sign-ins and signing out everywhere" />
      <div className="admin-security">
        <Panel
          id="mfa-heading"
          title="Two-step sign-in"
          badge={
            <StatusBadge
              status={security.mfaEnabled ? "on" : "off"}
              tones={mfaTones}
              label={security.mfaEnabled ? "On" : "Off"}
            />
          }
        >
          {view.name === "codes" ? (
            <RecoveryCodes codes={view.codes} onDone={() => setView({ name: "status" })} />
          ) : view.name === "setup" && !security.mfaEnabled ? (
            <MfaSetupPanel setup={view.setup} enable={enable} onEnabled={enabled} onCancel={() => setView({ name: "status" })} />
          ) : security.mfaEnabled ? (
            <MfaOn
              security={security}
              view={view}
              setView={setView}
              disable={disable}
              onDisabled={disabled}
              renew={renewRecoveryCodes}
              onRenewed={renewed}
            />
          ) : (
            <>
              <Text as="p" size="2" className="admin-measure">
                With two-step sign-in, logging in needs your password and a 6-digit code from an authenticator app on your phone.
                Someone who learns your password still can't get in.
              </Text>
              <Button mt="4" onClick={startSetup} loading={starting}>
                Turn on two-step sign-in
              </Button>
            </>
          )}
        </Panel>

        <Panel id="sign-ins-heading" title="Sign-ins">
          <Text as="p" size="2" color="gray" mb="3">
            Every attempt to log in to the back office, and every change to two-step sign-in, newest first. One you don't
            recognise, or a new browser that wasn't you? Sign out everywhere and change your password.
          </Text>
          <SignInHistory />
        </Panel>

        <Panel id="password-heading" title="Change password">
          <Text as="p" size="2" color="gray" mb="3" className="admin-measure">
            A long password you use nowhere else, at least 12 characters: a few words in a row is easier to type on a phone than
            symbols. Every other session is signed out when you change it.
          </Text>
          <PasswordForm />
        </Panel>

        <Panel id="sign-out-heading" title="Sign out everywhere">
          <Text as="p" size="2" className="admin-measure">
            Ends every back-office session, this one included, and forgets every other browser that has logged in before (this one
            stays known, so an attack on your account can't lock you out). Use it if a phone or computer is lost, or you think
            someone else knows your password.
          </Text>
          <ConfirmButton
            mt="4"
            loading={signingOut}
            onClick={() => void unsyncedChanges().then(setUnsynced, () => setUnsynced(0))}
            title="Sign out everywhere?"
            description={`Every session ends, this one too, and you'll need to log in again.${unsynced ? ` ${unsyncedWarning(unsynced)}` : ""}`}
            confirmLabel="Sign out everywhere"
            onConfirm={endEverySession}
          >
            Sign out everywhere
          </ConfirmButton>
        </Panel>
      </div>
    </>
  );
}

function MfaOn({
  security,
  view,
  setView,
  disable,
  onDisabled,
  renew,
  onRenewed,
}: {
  security: AdminSecurity;
  view: View;
  setView: (view: View) => void;
  disable: (password: string, code: string) => Promise<unknown>;
  onDisabled: () => void;
  renew: (password: string, code: string) => Promise<MfaRecoveryCodes>;
  onRenewed: (result: MfaRecoveryCodes) => void;
}) {
  const low = security.recoveryCodesLeft <= LOW_RECOVERY_CODES;
  const backToStatus = () => setView({ name: "status" });
  return (
    <>
      <Text as="p" size="2" className="admin-measure">
        Logging in needs your password and a code from your authenticator app
        {security.mfaEnabledAt ? `, since ${formatDate(security.mfaEnabledAt)}` : ""}.
      </Text>
      <Text as="p" size="2" mt="2" color={low ? "red" : undefined} weight={low ? "medium" : undefined}>
        {security.recoveryCodesLeft} {security.recoveryCodesLeft === 1 ? "recovery code" : "recovery codes"} left
        {low ? ": get ten new ones before you run out." : "."}
      </Text>
      {view.name === "disable" ? (
        <MfaConfirmForm
          purpose="Turn off two-step sign-in"
          confirm={{
            title: "Turn off two-step sign-in?",
            description: "Signing in will need only your password again, and your recovery codes stop working.",
            label: "Turn off",
          }}
          action={disable}
          onDone={onDisabled}
          onCancel={backToStatus}
        />
      ) : view.name === "renew" ? (
        <MfaConfirmForm
          purpose="Get new recovery codes"
          confirm={{
            title: "Get ten new recovery codes?",
            description: "Every recovery code you have now stops working, including any you have written down.",
            label: "Get new codes",
          }}
          action={renew}
          onDone={onRenewed}
          onCancel={backToStatus}
        />
      ) : (
        <Flex gap="3" mt="4" wrap="wrap">
          <Button variant={low ? "solid" : "soft"} onClick={() => setView({ name: "renew" })}>
            New recovery codes…
          </Button>
          <Button variant="soft" color="gray" onClick={() => setView({ name: "disable" })}>
            Turn off…
          </Button>
        </Flex>
      )}
    </>
  );
}
