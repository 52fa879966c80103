import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { AdminCustomer, PossibleDuplicate } from "../../../../schema/api/customers";
import { customerName, usePossibleDuplicates } from "../../../hooks/admin/use-customers";

const shared = (d: PossibleDuplicate) =>
  d.sameEmail && d.samePhone ? "same e-mail and phone" : d.sameEmail ? "same e-mail" : "same phone";

/**
 * The customer page's warning: the other customers with this one's e-mail address or phone number,
 * each linked, each with the merge into this customer. Nothing shown when there are none.
 */
export function PossibleDuplicates({ customerId, onMerge }: { customerId: number; onMerge: (other: AdminCustomer) => void }) {
  const { duplicates } = usePossibleDuplicates(customerId);
  if (!duplicates || duplicates.length === 0) return null;
  return (
    <Callout.Root color="orange" className="admin-possible-duplicates" role="region" aria-label="Possible duplicates">
      <Callout.Text>
        <strong>Possible duplicate:</strong> {duplicates.length === 1 ? "another customer has" : "other customers have"} this
        e-mail address or phone number.
      </Callout.Text>
      <Flex direction="column" gap="2" mt="2" asChild>
        <ul>
          {duplicates.map((d) => (
            <li key={d.id}>
              <Flex gap="3" align="center" wrap="wrap">
                <Link href={`/customers/${d.id}`}>
                  {customerName(d)} (#{d.id})
                </Link>
                <Text size="1" color="gray">
                  {shared(d)}
                </Text>
                <Button size="1" variant="soft" onClick={() => onMerge(d)}>
                  Merge into this customer…
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      </Flex>
    </Callout.Root>
  );
}
