import type { ReactNode } from "react";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { ErrorState, LoadingState } from "../admin-states";
import { PageHeader } from "../page-header";

/**
 * A document's screen, once its document is loaded: meanwhile a wait, for an id that is none (or
 * no number at all) "There is no <noun> with this number.", the server's words for any other
 * failure, each with Try again. A sign-in that ended shows nothing: the login screen is on its way.
 */
export function LoadedDocument<T>({
  path,
  noun,
  failed,
  title,
  children,
}: {
  path: string;
  /** What the document is called on screen ("quote", "gas safety record"). */
  noun: string;
  /** The fallback of any other failure ("Failed to load the quote."). */
  failed: string;
  /** The heading kept above a failure, on a screen whose header comes from the document. */
  title?: string;
  children: (document: T, refresh: () => Promise<unknown>) => ReactNode;
}) {
  const { data, error, refresh } = useAdminData<T>(path);
  if (data) return children(data, refresh);
  if (!error) return <LoadingState label={`Loading the ${noun}…`} />;
  if (isUnauthorized(error)) return null;
  const missing = error instanceof HttpError && (error.status === 404 || error.status === 400);
  const state = (
    <ErrorState message={missing ? `There is no ${noun} with this number.` : errorMessage(error, failed)} onRetry={refresh} />
  );
  return title ? (
    <>
      <PageHeader title={title} />
      {state}
    </>
  ) : (
    state
  );
}

/** A new document's screen, once its customer (`?customerId=`) is loaded. */
export function LoadedCustomer<T>({ customerId, children }: { customerId: number; children: (customer: T) => ReactNode }) {
  const { data, error, refresh } = useAdminData<T>(`/api/admin/customers/${customerId}`);
  if (data) return children(data);
  return error ? (
    <ErrorState message="There is no customer with this number." onRetry={refresh} />
  ) : (
    <LoadingState label="Loading…" />
  );
}
