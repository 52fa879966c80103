import { Button } from "@radix-ui/themes";
import { Link } from "wouter";
import { BackIcon } from "../icons";

/** Back to the customer a paper is for (none: an old paper with no customer on file). */
export function BackToCustomer({ customerId }: { customerId: number | null }) {
  return customerId === null ? null : (
    <Button asChild variant="soft" color="gray">
      <Link href={`/customers/${customerId}`}>
        <BackIcon /> Back to the customer
      </Link>
    </Button>
  );
}
