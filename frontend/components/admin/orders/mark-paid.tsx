import { Button, Dialog, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { type MarkOrderPaid, orderPaymentMethods } from "../../../../schema/api/orders";
import { londonToday } from "../../../../schema/london-time";

const labels: Record<(typeof orderPaymentMethods)[number], string> = {
  cash: "Cash",
  "bank transfer": "Bank transfer",
  "card on delivery": "Card on delivery",
  cheque: "Cheque",
};

/** "Mark paid" for a checkout-form order: how it was paid and on which day, in two taps on a phone. */
export function MarkPaid({
  orderLabel,
  busy,
  onPaid,
}: {
  orderLabel: string;
  busy: boolean;
  onPaid: (payment: MarkOrderPaid) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<MarkOrderPaid["method"]>("bank transfer");
  const [paidOn, setPaidOn] = useState(londonToday());
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="soft" color="green" highContrast disabled={busy}>
          Mark Paid
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>Mark order {orderLabel} paid</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Record how the customer paid. The order then shows as paid and can go out without a warning.
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <div>
            <Text as="div" size="2" weight="medium" mb="1">
              Paid by
            </Text>
            <Select.Root value={method} onValueChange={(v) => setMethod(v as MarkOrderPaid["method"])}>
              <Select.Trigger className="admin-select" aria-label="Paid by" />
              <Select.Content position="popper">
                {orderPaymentMethods.map((m) => (
                  <Select.Item key={m} value={m}>
                    {labels[m]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </div>
          <label htmlFor="mark-paid-on">
            <Text as="div" size="2" weight="medium" mb="1">
              Paid on
            </Text>
            <TextField.Root
              id="mark-paid-on"
              type="date"
              value={paidOn}
              max={londonToday()}
              onChange={(e) => setPaidOn(e.target.value)}
            />
          </label>
        </Flex>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button
            color="green"
            disabled={busy || !paidOn}
            onClick={async () => {
              if (await onPaid({ method, paidOn })) setOpen(false);
            }}
          >
            {busy ? "Saving…" : "Mark Paid"}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
