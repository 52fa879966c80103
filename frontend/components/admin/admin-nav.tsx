import { Button, Container } from "@radix-ui/themes";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "wouter";
import { useAdminMe } from "../../hooks/admin/use-admin-me";
import { mayOpen } from "../../lib/admin/roles";
import { BackIcon, ChevronDownIcon } from "./icons";

/** The home screen is /admin itself (a nested "/" would be /admin/). */
export const ADMIN_HOME = "~/admin";

/**
 * Where a section sits: always in the bar (`bar`), in the bar from a tablet's width (`md`) or an
 * office screen's (`lg`) and under More below it, or always under More (`more`, set-up screens).
 */
type Place = "bar" | "md" | "lg" | "more";

type Section = { href: string; label: string; short?: string; place: Place; group: Group };

/** The More menu's headings, in the menu's order. */
const groups = ["Daily work", "Customer care", "Sales", "Set-up"] as const;
type Group = (typeof groups)[number];

/**
 * Every section, in the bar's order: what the owner opens every day first. `short` is the label
 * where space is tight (a phone, the More button).
 */
const sections: Section[] = [
  { href: ADMIN_HOME, label: "Home", place: "bar", group: "Daily work" },
  { href: "/quotes", label: "Enquiries", place: "bar", group: "Daily work" },
  { href: "/customers", label: "Customers", place: "bar", group: "Daily work" },
  { href: "/today", label: "My Day", place: "more", group: "Daily work" },
  { href: "/jobs", label: "Jobs", place: "more", group: "Daily work" },
  { href: "/gas-safety", label: "Gas Safety", short: "Gas", place: "more", group: "Daily work" },
  { href: "/calendar", label: "Calendar", place: "md", group: "Daily work" },
  { href: "/service-records", label: "Service Records", short: "Records", place: "md", group: "Daily work" },
  { href: "/orders", label: "Orders", place: "md", group: "Sales" },
  { href: "/estimates", label: "Quotes", place: "more", group: "Sales" },
  { href: "/invoices", label: "Invoices", place: "more", group: "Sales" },
  { href: "/reports", label: "Reports", place: "more", group: "Sales" },
  { href: "/products", label: "Products", place: "lg", group: "Sales" },
  { href: "/email-subscribers", label: "Email Subscribers", short: "Subscribers", place: "lg", group: "Sales" },
  { href: "/reminders", label: "Reminders", place: "lg", group: "Customer care" },
  { href: "/chats", label: "Chats", place: "lg", group: "Customer care" },
  { href: "/outbox", label: "Outbox", place: "more", group: "Customer care" },
  { href: "/testimonials", label: "Testimonials", place: "more", group: "Customer care" },
  { href: "/settings", label: "Settings", place: "more", group: "Set-up" },
  { href: "/security", label: "Security", place: "more", group: "Set-up" },
  { href: "/team", label: "Team", place: "more", group: "Set-up" },
  { href: "/audit", label: "Who did what", place: "more", group: "Set-up" },
];

/** The widths at which `md` and `lg` sections join the bar (the bar then fits in one row). */
const MD = "(min-width: 768px)";
const LG = "(min-width: 1200px)";

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The section an address belongs to: the home screen only at /admin itself, the others with what is under them. */
const isCurrent = (href: string, location: string) =>
  href === ADMIN_HOME ? location === "/" : location === href || location.startsWith(`${href}/`);

/**
 * Whether "back" stays on this site. The Navigation API knows (it lists only this origin's entries
 * of the tab); where it is missing, the history length is the best guess.
 */
function canGoBack(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: unknown } }).navigation;
  if (typeof navigation?.canGoBack === "boolean") return navigation.canGoBack;
  return window.history.length > 1;
}

/** History back when there is somewhere to go back to, else the home screen. */
function useBack() {
  const [, navigate] = useLocation();
  return () => {
    if (canGoBack()) window.history.back();
    else navigate(ADMIN_HOME);
  };
}

/**
 * The sections bar: Back, the daily sections, and More with the rest under headings. It is one
 * row at every width: the wider the screen, the more sections sit in the bar (a phone shows Home,
 * Quotes and Customers). When the open screen is under More, the More button shows its name
 * (on a phone, a ring; screen readers hear the name).
 * More is a disclosure (a button that shows a panel of links), the pattern for site navigation:
 * Escape or a click elsewhere closes it, and so does opening a section.
 */
export function AdminNav() {
  const [location] = useLocation();
  const back = useBack();
  const md = useMedia(MD);
  const lg = useMedia(LG);
  const [open, setOpen] = useState(false);
  // From a tablet's width the panel hangs under More, its right edge at the button's.
  const [panelRight, setPanelRight] = useState(0);
  const navRef = useRef<HTMLElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const role = useAdminMe()?.role;
  // Only what the person's role opens; an engineer's few sections all sit in the bar.
  const open_ = sections.filter((s) => mayOpen(role, s.href === ADMIN_HOME ? "/" : s.href));
  const inBar = (s: Section) => role === "engineer" || s.place === "bar" || (s.place === "md" && md) || (s.place === "lg" && lg);
  const bar = open_.filter(inBar);
  const more = open_.filter((s) => !inBar(s));
  const currentInMore = more.find((s) => isCurrent(s.href, location));

  // A section opened (from the panel or Back) closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of address.
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  return (
    <nav aria-label="Admin sections" className="admin-nav" ref={navRef}>
      <Container size="4" px="4">
        <div className="admin-nav-inner" ref={innerRef}>
          <ul className="admin-nav-list">
            <li>
              <Button variant="soft" color="gray" size="1" onClick={back} aria-label="Back">
                <BackIcon />
                <span className="admin-hide-xs">Back</span>
              </Button>
            </li>
            {bar.map((s) => (
              <li key={s.href}>
                <Link
                  href={s.href}
                  className="admin-nav-link"
                  aria-label={!lg && s.short ? s.label : undefined}
                  aria-current={isCurrent(s.href, location) ? "page" : undefined}
                >
                  {/* Short labels until the office screen's width, where every label fits in full. */}
                  {lg ? s.label : (s.short ?? s.label)}
                </Link>
              </li>
            ))}
            {/* An engineer's sections all fit in the bar: no More. */}
            {more.length > 0 && (
              <li>
                <button
                  ref={buttonRef}
                  type="button"
                  className="admin-nav-link admin-nav-more"
                  aria-expanded={open}
                  aria-controls="admin-more-sections"
                  data-current={currentInMore ? "" : undefined}
                  onClick={(event) => {
                    const inner = innerRef.current?.getBoundingClientRect();
                    const button = event.currentTarget.getBoundingClientRect();
                    if (inner) setPanelRight(Math.max(0, inner.right - button.right));
                    setOpen((o) => !o);
                  }}
                >
                  {/* From a tablet's width the button shows the open screen's name; on a phone, where it would not fit, a ring. */}
                  {currentInMore && md ? (
                    <>
                      <span className="admin-visually-hidden">More sections, now on </span>
                      {currentInMore.short ?? currentInMore.label}
                    </>
                  ) : (
                    <>
                      More
                      <span className="admin-visually-hidden">
                        {currentInMore ? ` sections, now on ${currentInMore.label}` : " sections"}
                      </span>
                    </>
                  )}
                  <ChevronDownIcon />
                </button>
              </li>
            )}
          </ul>
          <div id="admin-more-sections" className="admin-nav-panel" hidden={!open} style={md ? { right: panelRight } : undefined}>
            {groups
              .filter((g) => more.some((s) => s.group === g))
              .map((g) => (
                <div key={g} className="admin-nav-group">
                  <p className="admin-nav-group-label" id={`admin-more-${g.replace(/\W+/g, "-").toLowerCase()}`}>
                    {g}
                  </p>
                  <ul aria-labelledby={`admin-more-${g.replace(/\W+/g, "-").toLowerCase()}`}>
                    {more
                      .filter((s) => s.group === g)
                      .map((s) => (
                        <li key={s.href}>
                          <Link
                            href={s.href}
                            className="admin-nav-panel-link"
                            aria-current={isCurrent(s.href, location) ? "page" : undefined}
                            onClick={() => setOpen(false)}
                          >
                            {s.label}
                          </Link>
                        </li>
                      ))}
                  </ul>
                </div>
              ))}
          </div>
        </div>
      </Container>
    </nav>
  );
}
