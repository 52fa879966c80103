import "./admin.css";
import { Button, Container, Flex, Text } from "@radix-ui/themes";
import { type ReactNode, useEffect, useState } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { company } from "../../../schema/business";
import { hasAdminToken } from "../../hooks/admin/use-admin-session";
import { forgetAdminData } from "../../lib/admin/admin-api";
import { borrowAdminToken, onSessionEndedElsewhere } from "../../lib/admin-token";
import { AdminNav } from "./admin-nav";
import { LoadingState } from "./admin-states";
import { HomeIcon } from "./icons";
import { LogoutButton } from "./logout-button";
import { SecurityReminder } from "./security-reminder";

export { ADMIN_HOME } from "./admin-nav";

/**
 * The back-office frame: brand bar with home link and logout, section navigation, a back
 * button and, while two-step sign-in is off, a reminder to turn it on. Without a stored token
 * every admin screen sends the visitor to /admin/login.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  // A new tab without a token first asks a signed-in tab for it (lib/admin-token.ts).
  const [session, setSession] = useState<"yes" | "asking" | "no">(() => (hasAdminToken() ? "yes" : "asking"));
  useEffect(() => {
    if (session !== "asking") return;
    let live = true;
    void borrowAdminToken().then((token) => live && setSession(token ? "yes" : "no"));
    return () => {
      live = false;
    };
  }, [session]);
  // Signed out in another tab: this one follows.
  useEffect(
    () =>
      onSessionEndedElsewhere(() => {
        forgetAdminData();
        navigate("/login", { replace: true });
      }),
    [navigate],
  );
  if (session === "asking") return <LoadingState label="Opening the back office…" />;
  if (session === "no" || !hasAdminToken()) return <Redirect to="/login" replace />;
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
                  <span className="admin-show-xs">Website</span>
                </Link>
              </Button>
              <LogoutButton onDark />
            </Flex>
          </Flex>
        </Container>
      </header>
      <AdminNav />
      <main id="main" className="admin-main">
        <Container size="4" px="4" py="5">
          <SecurityReminder hidden={location.startsWith("/security")} screen={location} />
          {children}
        </Container>
      </main>
    </div>
  );
}
