import { Badge, Button, Card, Dialog, Flex, Heading, Text, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminErasureRequest } from "../../../../schema/api/account";
import { formatDate } from "../../../../schema/london-time-text";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { ConfirmButton } from "../confirm-button";

/**
 * Customers' "Delete my account" requests, settled here: erase (keeping the records the law
 * requires, without contact details) or refuse with a reason the customer is sent. Shown on the
 * Customers screen while any is open; the home screen counts them.
 */
export function ErasureRequests() {
  const { data, refresh } = useAdminData<AdminErasureRequest[]>("/api/admin/erasure-requests");
  const open = data?.filter((r) => r.status === "open") ?? [];
  if (open.length === 0) return null;
  async function settle(request: AdminErasureRequest, action: "erase" | "refuse", outcome?: string) {
    try {
      await adminApi(`/api/admin/erasure-requests/${request.id}/${action}`, {
        json: action === "refuse" ? { outcome } : {},
      });
      notify({ title: action === "erase" ? "Account erased" : "Request refused", description: request.email });
      await refresh();
      return true;
    } catch (error) {
      if (!isUnauthorized(error))
        notify({ title: "Not done", description: errorMessage(error, "Please try again."), variant: "destructive" });
      return false;
    }
  }
  return (
    <Card asChild className="admin-panel" mb="4">
      <section id="deletion-requests" aria-labelledby="deletion-requests-heading">
        <Heading as="h2" size="4" id="deletion-requests-heading" mb="2">
          Account deletion requests
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          UK GDPR gives a month to answer. Erasing keeps invoices and safety records (with the name and address on them) for their
          legal periods and removes everything else.
        </Text>
        <ul className="admin-appliances">
          {open.map((r) => (
            <li key={r.id}>
              <span>
                <Text weight="medium">{r.email}</Text>{" "}
                <Badge color="amber" variant="soft" highContrast>
                  asked {formatDate(r.requestedAt)}
                </Badge>
                <Text as="div" size="2" color="gray">
                  {r.customers === 1 ? "1 customer record" : `${r.customers} customer records`}
                  {r.reason ? ` · "${r.reason}"` : ""}
                </Text>
              </span>
              <Flex gap="2" wrap="wrap">
                <ConfirmButton
                  size="2"
                  title={`Erase ${r.email}?`}
                  description="Their contact details, visits and job sheets (signatures and photos included), bookings, quote requests, chats, e-mail copies and sign-ins are deleted. Issued invoices, safety records and service sheets, accepted quotes and shop orders are kept with the name and address only. This cannot be undone. They are told by e-mail what was kept and why."
                  confirmLabel="Erase"
                  onConfirm={() => void settle(r, "erase")}
                >
                  Erase
                </ConfirmButton>
                <Refuse email={r.email} onRefuse={(outcome) => settle(r, "refuse", outcome)} />
              </Flex>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

function Refuse({ email, onRefuse }: { email: string; onRefuse: (outcome: string) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button size="2" variant="soft" color="gray">
          Refuse
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>Refuse the request of {email}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Say why, in words for the customer: they are e-mailed this.
        </Dialog.Description>
        <TextArea
          aria-label="Why, for the customer"
          rows={4}
          maxLength={2000}
          value={outcome}
          onChange={(e) => setOutcome(e.target.value)}
        />
        <Flex gap="2" mt="3" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button
            disabled={busy || outcome.trim().length < 10}
            onClick={async () => {
              setBusy(true);
              if (await onRefuse(outcome.trim())) setOpen(false);
              setBusy(false);
            }}
          >
            Refuse and tell them
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
