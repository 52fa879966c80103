import type { SWRConfiguration } from "swr";
import { HttpError, swrFetcher } from "./api";

/**
 * Reads: no polling, no refetch on focus, reads retried 3 times with a delay doubling from
 * 1 s capped at 30 s, requests only while online. 4xx answers are final and not retried.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  revalidateOnFocus: false,
  refreshInterval: 0,
  shouldRetryOnError: true,
  errorRetryCount: 3,
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 429) return;
    if (retryCount > (config.errorRetryCount ?? 3)) return;
    const delay = Math.min(1000 * 2 ** (retryCount - 1), 30_000);
    setTimeout(() => revalidate({ retryCount }), delay);
  },
  isOnline: () => (typeof navigator === "undefined" ? true : navigator.onLine),
};

/** Failed writes are retried twice, except final 4xx answers. */
export async function withWriteRetry<T>(write: () => Promise<T>, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const final = error instanceof HttpError && error.status < 500 && error.status !== 429;
      if (final || attempt >= retries) throw error;
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
}
