import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { paymentMethodLabels } from "../../../../schema/api/payment-methods";
import type { AdminQuote } from "../../../../schema/api/quotes";
import { formatPence } from "../../../../schema/format";
import { formatDate, formatDateTime } from "../../../../schema/london-time-text";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { RecordPayment } from "../record-payment";
import "../documents/documents.css";

/**
 * An accepted quote's acceptance and its deposit's money: what it holds, what is still to pay (the
 * office records a deposit paid another way), every payment that arrived with what went back of it,
 * and "Give back" for a payment the quote cannot keep that is not back yet.
 */
export function AcceptedQuote({ quote, onChanged }: { quote: AdminQuote; onChanged: () => unknown }) {
  const a = quote.acceptance!;
  const option = quote.options.find((o) => o.id === a.optionId);
  const [busy, setBusy] = useState(false);
  const number = quote.number ?? "this quote";

  async function act(run: () => Promise<unknown>, done: string, fallback: string): Promise<boolean> {
    setBusy(true);
    try {
      await run();
      notify({ title: done, variant: "success" });
      await onChanged();
      return true;
    } catch (e) {
      if (!isUnauthorized(e)) notify({ title: "Error", description: errorMessage(e, fallback), variant: "destructive" });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const depositState = !a.depositPence
    ? ""
    : a.owedBackPence > 0
      ? ` · ${formatPence(a.owedBackPence)} of the deposit to give back`
      : a.refundedAt
        ? " · deposit refunded"
        : a.depositPaidAt
          ? ` · deposit ${formatPence(a.depositPence)} paid`
          : a.depositHeldPence > 0
            ? ` · deposit ${formatPence(a.depositHeldPence)} of ${formatPence(a.depositPence)} paid`
            : ` · deposit ${formatPence(a.depositPence)} not paid yet`;
  return (
    <Card className="admin-panel estimate-accepted" mb="4">
      <Heading as="h2" size="4">
        Accepted: {option?.name}
      </Heading>
      <Text as="p" size="2">
        By {a.name} on {formatDateTime(a.acceptedAt)} · {formatPence(a.grossPence)}
        {depositState} · {a.startEarly ? "asked to start within 14 days" : "start after the 14 days"}
      </Text>
      {quote.depositPayments.length ? (
        <ul className="doc-history" aria-label="Deposit payments">
          {quote.depositPayments.map((p) => (
            <li key={p.id}>
              {formatPence(p.amountPence)} by {paymentMethodLabels[p.method].toLowerCase()} on {formatDate(p.paidOn)}
              {p.reference && p.method !== "card" ? ` · ${p.reference}` : ""}
              {p.refundDuePence > 0 ? (
                <Text color="gray">
                  {" "}
                  · {formatPence(p.refundDuePence)} {p.refundedPence >= p.refundDuePence ? "given back" : "to give back"}:{" "}
                  {p.refundReason}
                  {p.refundedAt && p.refundMethod
                    ? ` (${paymentMethodLabels[p.refundMethod].toLowerCase()}, ${formatDate(p.refundedAt.slice(0, 10))})`
                    : ""}
                </Text>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Flex gap="2" wrap="wrap" mt="3">
        {quote.status === "accepted" && a.depositToPayPence > 0 ? (
          <RecordPayment
            kind="deposit"
            number={number}
            mostPence={a.depositToPayPence}
            busy={busy}
            onRecord={({ on, ...payment }) =>
              act(
                () => adminApi(`/api/admin/estimates/${quote.id}/deposit-payments`, { json: { ...payment, paidOn: on } }),
                `Deposit of ${formatPence(payment.amountPence)} recorded`,
                "The deposit was not recorded",
              )
            }
          />
        ) : null}
        {quote.depositPayments
          .filter((p) => p.refundDuePence > p.refundedPence)
          .map((p) => (
            <RecordPayment
              key={p.id}
              kind="giveBack"
              number={number}
              mostPence={p.refundDuePence - p.refundedPence}
              defaultMethod={p.method}
              busy={busy}
              onRecord={({ on, method, reference }) =>
                act(
                  () =>
                    adminApi(`/api/admin/estimates/${quote.id}/deposit-payments/${p.id}/refund`, {
                      json: { method, refundedOn: on, reference },
                    }),
                  `${formatPence(p.refundDuePence - p.refundedPence)} given back`,
                  "Nothing was given back",
                )
              }
            />
          ))}
      </Flex>
    </Card>
  );
}
