import { useRef } from "react";

/**
 * For a dialog opened without a Radix trigger (auto-opened, or opened by one of many buttons):
 * Radix would send focus to its missing trigger on close, leaving it on the page body. These
 * handlers put focus back where it was when the dialog opened.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      opener.current?.focus();
    },
  };
}
