import { useSearchParams } from "wouter";

/**
 * The `?q=` of the current address: what the list is searched for. Kept in the URL, so a search
 * can be bookmarked, shared with a colleague, and survives going back from a record.
 */
export function useSearchQuery(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const setQ = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set("q", next);
        else updated.delete("q");
        return updated;
      },
      { replace: true },
    );
  return [q, setQ];
}
