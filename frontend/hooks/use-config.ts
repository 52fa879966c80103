import useSWR from "swr";
import type { SiteConfig } from "../../schema/api/config";

/** Card payment is offered only when the server says Stripe is configured; until it answers, it is not. */
export function useConfig(): SiteConfig {
  const { data } = useSWR<SiteConfig>("/api/config");
  return { payments: data?.payments === true };
}
