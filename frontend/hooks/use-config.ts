import useSWR from "swr";

/** What the server offers the shop front (GET /api/config). */
export type SiteConfig = { payments: boolean };

/** Card payment is offered only when the server says Stripe is configured; until it answers, it is not. */
export function useConfig(): SiteConfig {
  const { data } = useSWR<SiteConfig>("/api/config");
  return { payments: data?.payments === true };
}
