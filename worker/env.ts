/**
 * Bindings come from `wrangler types` (worker-configuration.d.ts). Secrets are not in wrangler.toml,
 * so they are declared here, all optional: each feature checks for its own and answers 503
 * NOT_CONFIGURED when a deploy lacks it. Test-only knobs are marked so.
 */
export type Secrets = {
  ADMIN_USERNAME?: string;
  ADMIN_PASSWORD_HASH?: string;
  JWT_SECRET?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Tests only: where the Stripe SDK sends requests (the fake Stripe server). */
  STRIPE_API_BASE?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /** Tests only: the mail provider's base URL (the fake provider server). */
  MAIL_API_BASE?: string;
  OWNER_EMAIL?: string;
  /** The Xero app's credentials (developer.xero.com): without both, the Xero link is off. */
  XERO_CLIENT_ID?: string;
  XERO_CLIENT_SECRET?: string;
  /** The redirect URL registered with the Xero app; by default the site's /admin/settings. */
  XERO_REDIRECT_URL?: string;
  /** Tests only: Xero's login, identity and API hosts (the fake Xero server). */
  XERO_LOGIN_BASE?: string;
  XERO_IDENTITY_BASE?: string;
  XERO_API_BASE?: string;
  /** Twilio, for texts (worker/services/sms/): without all three, nothing is texted. */
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** The number texts are sent from (E.164), the one customers reply to. */
  TWILIO_FROM?: string;
  /** Tests only: Twilio's API base URL (the fake Twilio server). */
  TWILIO_API_BASE?: string;
  /** Tests only: how long a send waits for Twilio's answer, in ms (10 s unless set). */
  TWILIO_TIMEOUT_MS?: string;
  /** Set per request by app.ts: whether its host is this machine (localhost, 127.0.0.1, [::1]). */
  LOCAL_REQUEST?: boolean;
};

export type AppEnv = Env & Secrets;
export type HonoEnv = {
  Bindings: AppEnv;
  Variables: {
    requestId: string;
    adminJti?: string;
    adminUsername?: string;
    /** Who is signed in to the back office, with their role (set by requireAdmin). */
    adminUser?: import("./lib/admin-token").AdminUser;
    accountEmail?: string;
    /** The signed-in address is a customer's (else a tenant's only: see services/account/tenants.ts). */
    accountIsCustomer?: boolean;
    accountIsTenant?: boolean;
  };
};

/**
 * The development configuration, and (for a request) only when the request came to this machine:
 * the built-in admin login and the published development signing key must never work on a
 * deployed Worker, even one deployed with the local configuration by mistake. Requests carry
 * LOCAL_REQUEST (set in app.ts from the Host); the queue and the cron, which have no request, rely
 * on the configuration alone.
 */
export const isDevelopment = (env: AppEnv) => env.ENVIRONMENT === "development" && env.LOCAL_REQUEST !== false;
