import { Button, Callout, Flex, Grid, Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { XERO_OFF, type XeroLink } from "../../../../schema/api/xero";
import { formatDateTime } from "../../../../schema/london-time-text";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { ErrorState, LoadingState } from "../admin-states";
import { SettingsSection } from "./settings-fields";
import { XeroMapping } from "./xero-mapping";

const PATH = "/api/admin/xero";

/** Xero sends the browser back here with ?code&state: hand them to the Worker once, then tidy the address. */
function useXeroReturn(onLinked: (link: XeroLink) => void) {
  const handled = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get("code");
    const state = params.get("state");
    const refused = params.get("error");
    if (handled.current || (!code && !refused)) return;
    handled.current = true;
    window.history.replaceState(null, "", window.location.pathname);
    if (refused) {
      notify({ title: "Xero not connected", description: `Xero said: ${refused}` });
      return;
    }
    adminApi<XeroLink>(`${PATH}/callback`, { method: "POST", json: { code, state } })
      .then((link) => {
        notify({ title: link.status === "choosing" ? "Choose the organisation" : "Xero connected" });
        onLinked(link);
      })
      .catch((error) => notify({ title: "Xero not connected", description: errorMessage(error, "Please try again.") }));
  }, [onLinked]);
}

/**
 * The Xero link (the owner's, under Billing; issue 48): connect, choose the organisation, see what
 * waits or failed, disconnect. Without the Xero app's secrets it says the link is off.
 */
export function XeroSection() {
  const { data, error, refresh } = useAdminData<XeroLink>(PATH);
  const [busy, setBusy] = useState(false);
  useXeroReturn(() => void refresh());

  async function act(path: string, json?: unknown) {
    setBusy(true);
    try {
      if (path === "/connect") {
        const { url } = await adminApi<{ url: string }>(`${PATH}/connect`, { method: "POST" });
        window.location.assign(url);
        return;
      }
      const answer = await adminApi<XeroLink | { queued: number }>(`${PATH}${path}`, { method: "POST", json });
      if ("queued" in answer)
        notify({
          title: "Catch-up started",
          description: answer.queued
            ? `${answer.queued} to send: Xero gets them within its limits, over minutes or days.`
            : "Nothing to send from that date.",
        });
      await refresh();
    } catch (failure) {
      notify({ title: "Xero", description: errorMessage(failure, "That did not work. Please try again.") });
    } finally {
      setBusy(false);
    }
  }

  let body = null;
  if (error)
    body = isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load the Xero link.")} onRetry={refresh} />
    );
  else if (!data) body = <LoadingState label="Loading the Xero link…" />;
  else if (data.status === "off") body = <Text size="2">{XERO_OFF}</Text>;
  else body = <Linked link={data} busy={busy} act={act} />;

  return (
    <SettingsSection
      id="billing-xero"
      title="Xero"
      description="Invoices, credit notes, payments and customers sent to your Xero organisation as they happen, each once."
    >
      {body}
    </SettingsSection>
  );
}

function Linked({ link, busy, act }: { link: XeroLink; busy: boolean; act: (path: string, json?: unknown) => Promise<void> }) {
  if (link.status === "disconnected")
    return (
      <Flex direction="column" gap="2" align="start">
        <Text size="2">Not connected.{link.waiting ? ` ${link.waiting} items wait to be sent once it is.` : ""}</Text>
        <Button disabled={busy} onClick={() => act("/connect")}>
          Connect Xero
        </Button>
      </Flex>
    );
  if (link.status === "choosing")
    return (
      <Grid gap="2">
        <Text size="2">Xero gave access to several organisations. Which one keeps this business's books?</Text>
        {link.organisations.map((o) => (
          <Button key={o.tenantId} variant="soft" disabled={busy} onClick={() => act("/organisation", { tenantId: o.tenantId })}>
            Use {o.name}
          </Button>
        ))}
      </Grid>
    );
  return (
    <Grid gap="3">
      {link.status === "reconnect" ? (
        <Callout.Root color="amber">
          <Callout.Text>{link.lastError ?? "Xero no longer accepts the link."} Nothing waiting is lost.</Callout.Text>
        </Callout.Root>
      ) : null}
      <Text size="2">
        Connected to <strong>{link.organisation?.name}</strong>.{" "}
        {link.lastSyncAt ? `Last sent ${formatDateTime(link.lastSyncAt)}.` : "Nothing sent yet."}{" "}
        {link.waiting ? `${link.waiting} waiting.` : ""}
      </Text>
      {link.failed.length ? (
        <Callout.Root color="red">
          <Callout.Text>Xero did not take {link.failed.length === 1 ? "this" : `these ${link.failed.length}`}:</Callout.Text>
          <ul className="xero-failed">
            {link.failed.map((f) => (
              <li key={`${f.kind}-${f.documentId}`}>
                <strong>{f.document}</strong>: {f.error ?? "no reason given"}
              </li>
            ))}
          </ul>
        </Callout.Root>
      ) : null}
      {link.status === "connected" ? <XeroMapping /> : null}
      {link.status === "connected" ? <CatchUp busy={busy} act={act} /> : null}
      <Flex gap="2" wrap="wrap">
        {link.failed.length ? (
          <Button variant="soft" disabled={busy} onClick={() => act("/retry")}>
            Retry what was not sent
          </Button>
        ) : null}
        {link.status === "reconnect" ? (
          <Button disabled={busy} onClick={() => act("/connect")}>
            Reconnect
          </Button>
        ) : null}
        <Button variant="soft" color="red" disabled={busy} onClick={() => act("/disconnect")}>
          Disconnect
        </Button>
      </Flex>
    </Grid>
  );
}

/** The one-time catch-up: what was issued and paid since a date, before Xero was connected. */
function CatchUp({ busy, act }: { busy: boolean; act: (path: string, json?: unknown) => Promise<void> }) {
  const [from, setFrom] = useState("");
  return (
    <Flex gap="2" align="end" wrap="wrap">
      <Flex direction="column" gap="1">
        <Text as="label" size="2" htmlFor="xero-catch-up">
          Send what was issued since (once; anything sent already is skipped)
        </Text>
        <TextField.Root id="xero-catch-up" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </Flex>
      <Button variant="soft" disabled={busy || !from} onClick={() => act("/catch-up", { from })}>
        Send to Xero
      </Button>
    </Flex>
  );
}
