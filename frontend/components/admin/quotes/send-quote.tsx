import type { AdminQuote } from "../../../../schema/api/quotes";
import { ConfirmButton } from "../confirm-button";

/**
 * "Send to customer" (or its new version), asked once first: the e-mail cannot be called back, the
 * first send takes the quote's number, the version sent is fixed (services/quotes/send.ts; a change
 * after it makes the next version, services/quotes/drafting.ts) and the one sent before it can no
 * longer be accepted (services/quotes/customer-link.ts).
 */
export function SendQuote({
  quote,
  customer,
  disabled,
  beforeOpen,
  onSend,
}: {
  quote?: AdminQuote;
  customer: { name: string; email: string | null };
  disabled: boolean;
  beforeOpen: () => Promise<boolean>;
  onSend: () => unknown;
}) {
  const fixed = "Once sent, this version cannot be changed: a change makes a new version.";
  const again = quote?.sentVersion != null;
  // Saving a sent quote makes its next version; changes saved but not sent are that version already.
  const version = quote && !quote.unsentChanges ? quote.version + 1 : (quote?.version ?? 1);
  return (
    <ConfirmButton
      size="3"
      destructive={false}
      disabled={disabled}
      beforeOpen={beforeOpen}
      title={again ? `Send version ${version} of ${quote?.number}?` : `Send this quote to ${customer.name}?`}
      description={
        again
          ? `${customer.name} is e-mailed version ${version} at ${customer.email}, with a link to accept it; version ${quote?.sentVersion}, sent before, can no longer be accepted. ${fixed}`
          : `It takes the next quote number, and ${customer.name} is e-mailed the quote at ${customer.email}, with a link to accept it. ${fixed}`
      }
      confirmLabel="Send it"
      onConfirm={onSend}
    >
      {again ? "Send the new version" : "Send to customer"}
    </ConfirmButton>
  );
}
