import useSWR from "swr";
import type { SiteConfig } from "../../schema/api/config";

/** Card payment (texts) are offered only when the server says Stripe (Twilio) is configured; until it answers, they are not. */
export function useConfig(): SiteConfig {
  const { data } = useSWR<SiteConfig>("/api/config");
  return { payments: data?.payments === true, texts: data?.texts === true };
}
