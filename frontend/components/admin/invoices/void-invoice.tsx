import { Box, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminInvoice } from "../../../../schema/api/invoices";
import { ConfirmButton } from "../confirm-button";
import { Field } from "../form-field";

/** Voiding an issued invoice nobody has paid: it keeps its number and is owed no more. */
export function VoidInvoice({
  invoice,
  busy,
  onVoid,
}: {
  invoice: AdminInvoice;
  busy: boolean;
  onVoid: (reason: string) => unknown;
}) {
  const [reason, setReason] = useState("");
  return (
    <Card className="admin-panel" mt="4">
      <Heading as="h2" size="4" mb="2">
        Void this invoice
      </Heading>
      <Text as="p" size="2" mb="2">
        For an invoice that should never have been issued. It keeps its number and is owed no more.
      </Text>
      <Box maxWidth="420px">
        <Field id="invoice-void-reason" label="Why">
          <TextField.Root id="invoice-void-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </Box>
      <Flex mt="2">
        <ConfirmButton
          variant="soft"
          color="red"
          highContrast
          disabled={busy || reason.trim().length < 3}
          title={`Void ${invoice.number}?`}
          description={`${invoice.customerName} owes nothing on it any more: their link shows it void and takes no payments, and the reminders stop. It keeps its number, and a void invoice cannot be issued again or changed: to charge for the work, make a new invoice.`}
          confirmLabel="Void it"
          onConfirm={() => onVoid(reason.trim())}
        >
          Void
        </ConfirmButton>
      </Flex>
    </Card>
  );
}
