import "./admin.css";
import { Button, Container, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { company } from "../../../schema/business";
import { hasAdminToken } from "../../hooks/admin/use-admin-session";
import { BackIcon, HomeIcon } from "./icons";
import { LogoutButton } from "./logout-button";
import { SecurityReminder } from "./security-reminder";

/** `short` is the label on a phone, so Back and the six sections fit in two rows. */
const sections: { href: string; label: string; short?: string }[] = [
  { href: "/quotes", label: "Quotes" },
  { href: "/email-subscribers", label: "Email Subscribers", short: "Subscribers" },
  { href: "/products", label: "Products" },
  { href: "/service-records", label: "Service Records" },
  { href: "/orders", label: "Orders" },
  { href: "/security", label: "Security" },
];

/**
 * Whether "back" stays on this site. The Navigation API knows (it lists only this origin's entries
 * of the tab); where it is missing, the history length is the best guess.
 */
function canGoBack(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: unknown } }).navigation;
  if (typeof navigation?.canGoBack === "boolean") return navigation.canGoBack;
  return window.history.length > 1;
}

/** History back when there is somewhere to go back to, else the quotes inbox. */
function useBack() {
  const [, navigate] = useLocation();
  return () => {
    if (canGoBack()) window.history.back();
    else navigate("/quotes");
  };
}

/**
 * The back-office frame: brand bar with home link and logout, section navigation, a back
 * button and, while two-step sign-in is off, a reminder to turn it on. Without a stored token
 * every admin screen sends the visitor to /admin/login.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const back = useBack();
  if (!hasAdminToken()) return <Redirect to="/login" replace />;
  return (
    <div className="admin-shell">
      <header className="admin-topbar">
        <Container size="4" px="4">
          <Flex align="center" justify="between" gap="3" py="3">
            <Flex direction="column">
              <Text weight="bold" size="3" className="admin-brand">
                {company.shortName}
              </Text>
              <Text size="1" className="admin-brand-sub">
                Back office
              </Text>
            </Flex>
            <Flex gap="2" align="center">
              <Button asChild variant="ghost" className="admin-topbar-link">
                <Link href="~/">
                  <HomeIcon />
                  <span className="admin-hide-xs">View website</span>
                  <span className="admin-show-xs">Home</span>
                </Link>
              </Button>
              <LogoutButton onDark />
            </Flex>
          </Flex>
        </Container>
      </header>
      <nav aria-label="Admin sections" className="admin-nav">
        <Container size="4" px="4">
          {/* Back sits in the list so that on a phone it wraps with the links instead of taking a row. */}
          <ul className="admin-nav-list">
            <li>
              <Button variant="soft" color="gray" size="1" onClick={back}>
                <BackIcon />
                Back
              </Button>
            </li>
            {sections.map((s) => (
              <li key={s.href}>
                <Link
                  href={s.href}
                  className="admin-nav-link"
                  aria-current={location.startsWith(s.href) ? "page" : undefined}
                  aria-label={s.short ? s.label : undefined}
                >
                  {s.short ? (
                    <>
                      <span className="admin-hide-xs">{s.label}</span>
                      <span className="admin-show-xs">{s.short}</span>
                    </>
                  ) : (
                    s.label
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </Container>
      </nav>
      <main id="main" className="admin-main">
        <Container size="4" px="4" py="5">
          <SecurityReminder hidden={location.startsWith("/security")} />
          {children}
        </Container>
      </main>
    </div>
  );
}
