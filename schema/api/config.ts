/** GET /api/config: what the server offers the shop front (card payment only when Stripe is configured). */
export type SiteConfig = { payments: boolean };
