/** The landing page's section anchors. */
export type SectionId = "home" | "services" | "quote" | "contact";

/**
 * The quote section is centred in the space below the sticky header bar when it fits there, and
 * otherwise starts just below the bar, so its heading always shows; the other sections are aligned
 * to the top (below the bar, by their scroll margin).
 */
export function scrollToSection(id: string, behavior: ScrollBehavior = "smooth"): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  // Sections off screen are not laid out yet (content-visibility in site.css), so the distance to
  // the target would be an estimate; lay them all out first, once, so the scroll lands exactly.
  document.documentElement.classList.add("sections-laid-out");
  if (id !== "quote") {
    target.scrollIntoView({ behavior, block: "start" });
    return true;
  }
  const bar = document.querySelector(".site-header__bar")?.getBoundingClientRect().height ?? 0;
  const box = target.getBoundingClientRect();
  const room = window.innerHeight - bar;
  const centring = box.height < room ? (room - box.height) / 2 : 0;
  window.scrollTo({ top: window.scrollY + box.top - bar - centring, behavior });
  return true;
}
