import { Button, Callout, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link, Redirect } from "wouter";
import { useAdminMe } from "../../hooks/admin/use-admin-me";
import { landingFor, mayOpen } from "../../lib/admin/roles";

/**
 * A screen the signed-in person's role does not open (lib/admin/roles.ts): the home screen sends
 * an engineer to their day; any other says so and offers the way back. The server refuses the
 * screen's calls anyway; this only spares the person a screen of errors.
 */
export function RoleGate({ path, children }: { path: string; children: ReactNode }) {
  const role = useAdminMe()?.role;
  if (mayOpen(role, path)) return children;
  if (path === "/") return <Redirect to={landingFor(role)} replace />;
  return (
    <Callout.Root color="amber" role="alert" my="4">
      <Flex direction="column" gap="3" align="start">
        <Callout.Text>This screen is not part of your role in the team. Ask the owner if you need it.</Callout.Text>
        <Button asChild size="2" variant="soft">
          <Link href={landingFor(role)}>Go to {role === "engineer" ? "My Day" : "Home"}</Link>
        </Button>
      </Flex>
    </Callout.Root>
  );
}
