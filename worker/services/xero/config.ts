import type { AppEnv } from "../../env";
import { siteUrl } from "../../lib/site-url";

/**
 * The Xero app's settings, or null when the deploy has no Xero app: then nothing here runs and the
 * product works as before (the accountant's CSVs). The three hosts are Xero's; tests point them at
 * the fake (test/fakes/xero.ts).
 */
export type XeroConfig = {
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  loginBase: string;
  identityBase: string;
  apiBase: string;
};

/** What the link asks Xero for: to stay connected, and to write contacts and transactions. */
export const XERO_SCOPES = "offline_access accounting.contacts accounting.transactions accounting.settings.read";

export function xeroConfig(env: AppEnv): XeroConfig | null {
  if (!env.XERO_CLIENT_ID || !env.XERO_CLIENT_SECRET) return null;
  return {
    clientId: env.XERO_CLIENT_ID,
    clientSecret: env.XERO_CLIENT_SECRET,
    // The settings page, which posts the code and state to /api/admin/xero/callback with the owner's token.
    redirectUrl: env.XERO_REDIRECT_URL ?? siteUrl(env, "/admin/settings"),
    loginBase: env.XERO_LOGIN_BASE ?? "https://login.xero.com",
    identityBase: env.XERO_IDENTITY_BASE ?? "https://identity.xero.com",
    apiBase: env.XERO_API_BASE ?? "https://api.xero.com",
  };
}
