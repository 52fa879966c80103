import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useGoToSection } from "../../hooks/use-go-to-section";
import type { SectionId } from "../../lib/sections";

type SectionLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { section: SectionId; onNavigate?: () => void };

/** A real `/#id` link (works before hydration and when opened in a new tab) with in-page scrolling. */
export function SectionLink({ section, onNavigate, onClick, ...props }: SectionLinkProps) {
  const goToSection = useGoToSection();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    goToSection(section);
    onNavigate?.();
  };
  return <a href={`/#${section}`} onClick={handleClick} {...props} />;
}
