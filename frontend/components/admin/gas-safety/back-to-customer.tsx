import { Button } from "@radix-ui/themes";
import { Link } from "wouter";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { landingFor, mayOpen } from "../../../lib/admin/roles";
import { BackIcon } from "../icons";

/**
 * Back to the customer a paper is for (none: an old paper with no customer on file); an engineer,
 * whose role does not open the customer's page, goes back to their day instead.
 */
export function BackToCustomer({ customerId }: { customerId: number | null }) {
  const role = useAdminMe()?.role;
  if (!mayOpen(role, "/customers/:id"))
    return (
      <Button asChild variant="soft" color="gray">
        <Link href={landingFor(role)}>
          <BackIcon /> Back to my day
        </Link>
      </Button>
    );
  return customerId === null ? null : (
    <Button asChild variant="soft" color="gray">
      <Link href={`/customers/${customerId}`}>
        <BackIcon /> Back to the customer
      </Link>
    </Button>
  );
}
