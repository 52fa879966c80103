import type { AppEnv } from "../env";

/** The public site's address with a path ("https://example.co.uk/book?…"): links in e-mails and feeds. */
export const siteUrl = (env: Pick<AppEnv, "PUBLIC_SITE_URL">, path = ""): string =>
  `${env.PUBLIC_SITE_URL.replace(/\/+$/, "")}${path}`;

/** The public site's host name, for identifiers that must be unique to it (iCalendar UIDs). */
export const siteHost = (env: Pick<AppEnv, "PUBLIC_SITE_URL">): string => new URL(siteUrl(env)).host;
