import { Button, Dialog, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { PAYMENT_METHODS, type PaymentMethod, paymentMethodLabels } from "../../../../schema/api/invoices";
import { parsePriceToPence, penceToDecimal } from "../../../../schema/format";
import { londonToday } from "../../../../schema/london-time";

/**
 * "Record payment" in two taps: the balance, by bank transfer, today, already filled in; change
 * any of them (a part payment, cash, the day the cheque came) before saving.
 */
export function RecordPayment({
  number,
  balancePence,
  busy,
  onRecord,
}: {
  number: string;
  balancePence: number;
  busy: boolean;
  onRecord: (payment: {
    amountPence: number;
    method: PaymentMethod;
    paidOn: string;
    reference: string | null;
  }) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(penceToDecimal(balancePence));
  const [method, setMethod] = useState<PaymentMethod>("bank");
  const [paidOn, setPaidOn] = useState(londonToday());
  const [reference, setReference] = useState("");
  const pence = parsePriceToPence(amount);
  const problem =
    pence === null || pence <= 0
      ? "Enter the amount paid, like 120.00"
      : pence > balancePence
        ? `At most ${penceToDecimal(balancePence)} is left to pay`
        : null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setAmount(penceToDecimal(balancePence));
        setOpen(next);
      }}
    >
      <Dialog.Trigger>
        <Button color="green" highContrast disabled={busy || balancePence <= 0}>
          Record payment
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>Payment for {number}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Money received another way than the card link: it comes off the balance.
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <label htmlFor="payment-amount">
            <Text as="div" size="2" weight="medium" mb="1">
              Amount (£)
            </Text>
            <TextField.Root
              id="payment-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "payment-amount-error" : undefined}
            />
            {problem ? (
              <Text as="p" size="1" color="red" mt="1" id="payment-amount-error">
                {problem}
              </Text>
            ) : null}
          </label>
          <div>
            <Text as="div" size="2" weight="medium" mb="1">
              Paid by
            </Text>
            <Select.Root value={method} onValueChange={(v) => setMethod(v as PaymentMethod)}>
              <Select.Trigger className="admin-select" aria-label="Paid by" />
              <Select.Content position="popper">
                {PAYMENT_METHODS.map((m) => (
                  <Select.Item key={m} value={m}>
                    {paymentMethodLabels[m]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </div>
          <label htmlFor="payment-paid-on">
            <Text as="div" size="2" weight="medium" mb="1">
              Paid on
            </Text>
            <TextField.Root
              id="payment-paid-on"
              type="date"
              value={paidOn}
              max={londonToday()}
              onChange={(e) => setPaidOn(e.target.value)}
            />
          </label>
          <label htmlFor="payment-reference">
            <Text as="div" size="2" weight="medium" mb="1">
              Reference (optional)
            </Text>
            <TextField.Root
              id="payment-reference"
              value={reference}
              maxLength={100}
              onChange={(e) => setReference(e.target.value)}
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
            disabled={busy || !paidOn || problem !== null}
            onClick={async () => {
              if (pence === null) return;
              if (await onRecord({ amountPence: pence, method, paidOn, reference: reference.trim() || null })) setOpen(false);
            }}
          >
            {busy ? "Saving…" : "Save payment"}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
