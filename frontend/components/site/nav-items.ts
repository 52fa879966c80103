import type { SectionId } from "../../lib/sections";

/** The header's entries, shared by the desktop bar and the mobile menu. */
export type NavItem =
  | { kind: "section"; label: string; section: SectionId }
  | { kind: "page"; label: string; href: string }
  | { kind: "services"; label: string };

export const serviceLinks = [
  { label: "Boiler Service", href: "/service/boiler-service" },
  { label: "Plumber Services", href: "/service/plumbing" },
] as const;

export const navItems: NavItem[] = [
  { kind: "section", label: "Home", section: "home" },
  { kind: "services", label: "Services" },
  { kind: "page", label: "Store", href: "/store" },
  { kind: "page", label: "New Boiler", href: "/boiler-pricing" },
  { kind: "page", label: "Book online", href: "/book" },
  { kind: "section", label: "Contact", section: "contact" },
];
