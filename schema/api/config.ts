/** GET /api/config: what the server offers: card payment only when Stripe is configured, texts only when Twilio is. */
export type SiteConfig = { payments: boolean; texts: boolean };
