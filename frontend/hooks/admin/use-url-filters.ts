import { useSearchParams } from "wouter";

/**
 * An admin list's filters kept in the address (`?category=Fans&lowStock=1`), as the search box
 * keeps `?q=`: a filtered list can be bookmarked, shared, and survives going back. An empty value
 * removes its parameter, and a change replaces the history entry rather than adding one. Several
 * filters change in one navigation, so "Clear filters" can empty them all at once.
 */
export function useUrlFilters<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ""])) as Record<K, string>;
  const setFilters = (changes: Partial<Record<K, string>>) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value) updated.set(name, value);
          else updated.delete(name);
        }
        return updated;
      },
      { replace: true },
    );
  return [values, setFilters] as const;
}
