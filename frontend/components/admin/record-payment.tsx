import { Button, Dialog, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { PAYMENT_METHODS, type PaymentMethod, paymentMethodLabels } from "../../../schema/api/payment-methods";
import { formatPence, parsePriceToPence, penceToDecimal } from "../../../schema/format";
import { londonToday } from "../../../schema/london-time";

/**
 * The one dialog for money moving by hand, in the one vocabulary of how it is paid: an invoice's
 * payment and refund, a quote's deposit and what it gives back, a shop order paid on delivery.
 */
const words = {
  payment: {
    trigger: () => "Record payment",
    color: "green",
    title: (number: string) => `Payment for ${number}`,
    description: "Money received another way than the card link: it comes off the balance.",
    missing: "Enter the amount paid, like 120.00",
    tooMuch: (most: string) => `At most ${most} is left to pay`,
    by: "Paid by",
    on: "Paid on",
    save: "Save payment",
  },
  refund: {
    trigger: (most: number) => `Refund ${formatPence(most)}`,
    color: "amber",
    title: (number: string) => `Refund on ${number}`,
    description:
      "Money paid beyond what is owed, given back; a refund cannot be undone. By card, Stripe sends it back to the card it was paid with as soon as you press Refund.",
    missing: "Enter the amount to give back, like 66.49",
    tooMuch: (most: string) => `At most ${most} was paid beyond what is owed`,
    by: "Refunded by",
    on: "Refunded on",
    save: "Refund",
  },
  deposit: {
    trigger: () => "Record deposit",
    color: "green",
    title: (number: string) => `Deposit for ${number}`,
    description: "A deposit received another way than the card link: bank transfer, cash or cheque.",
    missing: "Enter the amount paid, like 300.00",
    tooMuch: (most: string) => `At most ${most} of the deposit is left to pay`,
    by: "Paid by",
    on: "Paid on",
    save: "Save deposit",
  },
  orderPaid: {
    trigger: () => "Mark Paid",
    color: "green",
    title: (number: string) => `Mark order ${number} paid`,
    description: "Record how the customer paid. The order then shows as paid and can go out without a warning.",
    missing: "",
    tooMuch: () => "",
    by: "Paid by",
    on: "Paid on",
    save: "Mark Paid",
  },
  giveBack: {
    trigger: (most: number) => `Give back ${formatPence(most)}`,
    color: "amber",
    title: (number: string) => `Give back on ${number}`,
    description:
      "A deposit payment the quote cannot keep, given back whole; this cannot be undone. By card, Stripe sends it back to that card as soon as you press Give back; otherwise record how you gave it back.",
    missing: "",
    tooMuch: () => "",
    by: "Given back by",
    on: "Given back on",
    save: "Give back",
  },
} as const;

/** The moves whose amount is fixed (the whole of what is due back): shown, not asked. */
const fixedAmount = new Set<keyof typeof words>(["giveBack", "orderPaid"]);

export type MoneyMove = { amountPence: number; method: PaymentMethod; on: string; reference: string | null };

/**
 * "Record payment" in two taps: the balance, by bank transfer, today, already filled in; change
 * any of them (a part payment, cash, the day the cheque came) before saving. The same for a refund:
 * what was paid over, by card when a card paid, today.
 */
export function RecordPayment({
  kind = "payment",
  number,
  mostPence,
  defaultMethod = "bank",
  busy,
  onRecord,
}: {
  kind?: keyof typeof words;
  number: string;
  /** The most that can be moved: the balance for a payment, what was paid over for a refund. */
  mostPence: number;
  defaultMethod?: PaymentMethod;
  busy: boolean;
  onRecord: (move: MoneyMove) => Promise<boolean>;
}) {
  const text = words[kind];
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(penceToDecimal(mostPence));
  const [method, setMethod] = useState<PaymentMethod>(defaultMethod);
  const [on, setOn] = useState(londonToday());
  const [reference, setReference] = useState("");
  const pence = parsePriceToPence(amount);
  const problem =
    pence === null || pence <= 0 ? text.missing : pence > mostPence ? text.tooMuch(penceToDecimal(mostPence)) : null;
  const field = `${kind}-`;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setAmount(penceToDecimal(mostPence));
        setOpen(next);
      }}
    >
      <Dialog.Trigger>
        <Button color={text.color} highContrast disabled={busy || mostPence <= 0}>
          {text.trigger(mostPence)}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>{text.title(number)}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {text.description}
        </Dialog.Description>
        <Flex direction="column" gap="3">
          {fixedAmount.has(kind) ? (
            <Text as="p" size="3" weight="medium">
              {formatPence(mostPence)}
            </Text>
          ) : (
            <label htmlFor={`${field}amount`}>
              <Text as="div" size="2" weight="medium" mb="1">
                Amount (£)
              </Text>
              <TextField.Root
                id={`${field}amount`}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${field}amount-error` : undefined}
              />
              {problem ? (
                <Text as="p" size="1" color="red" mt="1" id={`${field}amount-error`}>
                  {problem}
                </Text>
              ) : null}
            </label>
          )}
          <div>
            <Text as="div" size="2" weight="medium" mb="1">
              {text.by}
            </Text>
            <Select.Root value={method} onValueChange={(v) => setMethod(v as PaymentMethod)}>
              <Select.Trigger className="admin-select" aria-label={text.by} />
              <Select.Content position="popper">
                {PAYMENT_METHODS.map((m) => (
                  <Select.Item key={m} value={m}>
                    {paymentMethodLabels[m]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </div>
          <label htmlFor={`${field}on`}>
            <Text as="div" size="2" weight="medium" mb="1">
              {text.on}
            </Text>
            <TextField.Root
              id={`${field}on`}
              type="date"
              value={on}
              max={londonToday()}
              onChange={(e) => setOn(e.target.value)}
            />
          </label>
          <label htmlFor={`${field}reference`}>
            <Text as="div" size="2" weight="medium" mb="1">
              Reference (optional)
            </Text>
            <TextField.Root
              id={`${field}reference`}
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
            color={text.color}
            disabled={busy || !on || problem !== null}
            onClick={async () => {
              if (pence === null) return;
              if (await onRecord({ amountPence: pence, method, on, reference: reference.trim() || null })) setOpen(false);
            }}
          >
            {busy ? "Saving…" : text.save}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
