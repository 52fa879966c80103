import { TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useSearchQuery } from "../../hooks/admin/use-search-query";
import { SearchIcon } from "./icons";

/** How long typing may pause before the list is searched. */
const DEBOUNCE_MS = 250;

/** A search field for an admin list: debounced, written to the URL's `?q=`. */
export function SearchBox({ label, placeholder }: { label: string; placeholder: string }) {
  const [q, setQ] = useSearchQuery();
  const [text, setText] = useState(q);
  // The address changed (Back, a link): show its search. Not when it is this box's own text trimmed,
  // or the space typed between two words would vanish at the typing pause.
  useEffect(() => setText((current) => (current.trim() === q ? current : q)), [q]);
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });
  return (
    <TextField.Root
      type="search"
      size="3"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={placeholder}
      aria-label={label}
      className="admin-search"
    >
      <TextField.Slot>
        <SearchIcon />
      </TextField.Slot>
    </TextField.Root>
  );
}
