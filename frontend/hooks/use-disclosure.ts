import { type RefObject, useCallback, useEffect, useState } from "react";

/**
 * Open/closed state for a disclosure (a button that shows a panel): toggles, and closes on Escape
 * (returning focus to the button) or on a click outside `container`.
 */
export function useDisclosure(container: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>) {
  const [isOpen, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((open) => !open), []);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [isOpen, container, button]);

  return { isOpen, toggle, close };
}
