import { useLocation } from "wouter";
import { type SectionId, scrollToSection } from "../lib/sections";

/**
 * Goes to a landing-page section: on the landing page it scrolls there now; elsewhere it opens
 * `/#id` and the scroll manager scrolls once the landing page has rendered.
 */
export function useGoToSection() {
  const [location, navigate] = useLocation();
  return (id: SectionId) => {
    if (location === "/") {
      window.history.replaceState(window.history.state, "", `/#${id}`);
      scrollToSection(id);
    } else {
      navigate(`/#${id}`);
    }
  };
}
