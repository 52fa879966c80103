import { env } from "cloudflare:test";
import { getDb } from "../../worker/db/client";
import { adminHeaders } from "./admin";
import { callAppJson } from "./factories-commerce";
import { consentAt, setConsent, uniqueId, xeroEnv } from "./xero";

/**
 * The owner connecting the Worker to a new organisation of the fake Xero through the routes, as
 * the settings screen does: a Xero app (client id) of the test's own, so files running at once stay
 * apart. Returns the env to call the Worker with and the organisation's id.
 */
export async function connectXero(organisations = 1) {
  const clientId = uniqueId("client");
  const secrets = xeroEnv(clientId);
  const tenants = Array.from({ length: organisations }, (_, i) => ({
    tenantId: crypto.randomUUID(),
    tenantName: `Hot Water ${i + 1} Ltd`,
  }));
  await setConsent(clientId, tenants);
  const headers = await adminHeaders();
  const started = await callAppJson("/api/admin/xero/connect", { method: "POST", headers, env: secrets });
  if (started.status !== 200) throw new Error(`connect: ${started.status} ${JSON.stringify(started.body)}`);
  const { code, state } = await consentAt(started.body.url);
  const link = await callAppJson("/api/admin/xero/callback", { method: "POST", headers, env: secrets, json: { code, state } });
  if (link.status !== 200) throw new Error(`callback: ${link.status} ${JSON.stringify(link.body)}`);
  const appEnv = { ...env, ...secrets };
  return { clientId, secrets, headers, tenants, tenantId: tenants[0]!.tenantId, link: link.body, appEnv, db: getDb(appEnv) };
}
