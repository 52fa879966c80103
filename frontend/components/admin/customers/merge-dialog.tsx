import { Button, Callout, Dialog, Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import type { AdminCustomer } from "../../../../schema/api/customers";
import { customerName, findCustomers, mergeCustomers } from "../../../hooks/admin/use-customers";
import { errorMessage } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { Field } from "../form-field";
import { CustomerContact } from "./customer-contact";

/** A customer as the dialog names them: name and number, the number being what tells two namesakes apart. */
const named = (c: AdminCustomer) => `${customerName(c)} (#${c.id})`;

/**
 * "Merge with another customer…": the customer whose page this is (`customer`) is kept; the other,
 * found as the customer list finds people (part of a name, e-mail, phone or postcode) or handed in
 * (`other`, from the possible duplicates), is merged into it. A confirmation names both, says which
 * is kept and that it cannot be undone, before anything is sent. Mounted while open, so each
 * opening starts afresh.
 */
export function MergeDialog({
  customer,
  other: given,
  onClose,
  onMerged,
}: {
  customer: AdminCustomer;
  other: AdminCustomer | null;
  onClose: () => void;
  /** The page's own paged lists, which the merge's reading again of every admin read does not reach. */
  onMerged: () => unknown;
}) {
  const [other, setOther] = useState<AdminCustomer | null>(given);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>{other ? `Merge ${named(other)} into ${named(customer)}?` : "Merge with another customer"}</Dialog.Title>
        {other ? (
          <ConfirmMerge
            customer={customer}
            other={other}
            onBack={() => setOther(null)}
            onDone={() => {
              onClose();
              void onMerged();
            }}
          />
        ) : (
          <PickCustomer customer={customer} onPick={setOther} onCancel={onClose} />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function PickCustomer({
  customer,
  onPick,
  onCancel,
}: {
  customer: AdminCustomer;
  onPick: (c: AdminCustomer) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState("");
  const [found, setFound] = useState<AdminCustomer[]>([]);
  useEffect(() => {
    if (text.trim().length < 3) return setFound([]);
    const timer = setTimeout(
      () =>
        void findCustomers(text.trim(), 8).then(
          (list) => setFound(list.filter((c) => c.id !== customer.id)),
          () => setFound([]),
        ),
      250,
    );
    return () => clearTimeout(timer);
  }, [text, customer.id]);
  return (
    <>
      <Text as="p" size="2" mb="3">
        {customerName(customer)} is kept: the customer you choose is merged into them.
      </Text>
      <Field id="merge-customer-search" label="Find the other customer" hint="Part of a name, e-mail, phone number or postcode.">
        <TextField.Root
          id="merge-customer-search"
          size="3"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoFocus
        />
      </Field>
      <Flex direction="column" gap="2" mt="3" asChild>
        <ul aria-label="Customers found" className="admin-merge-found">
          {found.map((c) => (
            <li key={c.id}>
              <Button variant="soft" onClick={() => onPick(c)} className="admin-merge-choice">
                {named(c)}
                <Text size="1" color="gray">
                  <CustomerContact customer={c} />
                </Text>
              </Button>
            </li>
          ))}
        </ul>
      </Flex>
      <Flex justify="end" mt="4">
        <Button variant="soft" color="gray" onClick={onCancel}>
          Cancel
        </Button>
      </Flex>
    </>
  );
}

function ConfirmMerge({
  customer,
  other,
  onBack,
  onDone,
}: {
  customer: AdminCustomer;
  other: AdminCustomer;
  onBack: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const merge = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await mergeCustomers(customer.id, other.id);
      notify({
        title: "Customers merged",
        description: `${named(other)} is now part of ${named(customer)}.`,
        variant: "success",
      });
      onDone();
    } catch (error) {
      setFailed(errorMessage(error, "The customers were not merged. Please try again."));
      setBusy(false);
    }
  };
  const otherEmail = other.email && other.email.toLowerCase() !== customer.email?.toLowerCase() ? other.email : null;
  return (
    <>
      <Text as="p" size="2" mb="2">
        <strong>{named(customer)} is kept.</strong> Everything of #{other.id}'s moves to it: properties, visits, bookings, quotes,
        invoices, payments, gas safety records, notices, service sheets and reminders. Then #{other.id} is deleted.
      </Text>
      <Text as="p" size="2" mb="2">
        An e-mail address, phone number or address that #{customer.id} lacks is taken from #{other.id}; where both have one, #
        {customer.id}'s stays and #{other.id}'s is kept on the timeline.
        {otherEmail ? ` Signed in as ${otherEmail}, the customer's own account page will no longer show any of it.` : ""}
      </Text>
      <Text as="p" size="2" weight="bold">
        This cannot be undone.
      </Text>
      {failed ? (
        <Callout.Root color="red" mt="3" role="alert">
          <Callout.Text>{failed}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Flex gap="3" mt="4" justify="end" wrap="wrap">
        <Button variant="soft" color="gray" onClick={onBack} disabled={busy}>
          Choose another
        </Button>
        <Button color="red" onClick={merge} loading={busy}>
          Merge and delete #{other.id}
        </Button>
      </Flex>
    </>
  );
}
