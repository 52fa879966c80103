import { formatPence } from "../../../schema/format";

type Props = {
  /** From the one money rule (schema/money.ts, through invoiceTotals or optionTotals): never summed here. */
  totals: { netPence: number; vatPence: number; grossPence: number };
  vatRegistered: boolean;
  /** A quote's deposit (to pay), or an invoice's (paid already, so taken off). */
  deposit?: { label: string; pence: number; takenOff?: boolean };
  creditedPence?: number;
  paidPence?: number;
  /**
   * What is left to pay. Paid over (below nothing) the owner sees what to refund; the customer's
   * page says nothing is left.
   */
  balancePence?: number;
  label?: string;
  look?: "owner" | "customer";
};

function Row({ label, pence, total, off }: { label: string; pence: number; total?: boolean; off?: boolean }) {
  return (
    <>
      <dt className={total ? "doc-total" : undefined}>{label}</dt>
      <dd className={total ? "doc-total" : undefined}>
        {off ? "− " : ""}
        {formatPence(pence)}
      </dd>
    </>
  );
}

/**
 * A document's money, the same on every screen: net and VAT (when registered), the total, then
 * what is taken off it. Its look comes with the screen's own sheet (documents.css in the back
 * office, quote.css on the customer's pages), so a customer's page fetches no stylesheet more.
 */
export function Totals({ totals, vatRegistered, deposit, creditedPence, paidPence, balancePence, label, look = "owner" }: Props) {
  const customer = look === "customer";
  return (
    <dl className={customer ? "doc-totals--customer" : "doc-totals"} aria-label={label}>
      {vatRegistered ? (
        <>
          <Row label="Net" pence={totals.netPence} />
          <Row label="VAT" pence={totals.vatPence} />
        </>
      ) : null}
      <Row label="Total" pence={totals.grossPence} total />
      {deposit && deposit.pence > 0 ? <Row label={deposit.label} pence={deposit.pence} off={deposit.takenOff} /> : null}
      {creditedPence ? <Row label="Credited" pence={creditedPence} off /> : null}
      {paidPence ? <Row label="Paid" pence={paidPence} off /> : null}
      {balancePence === undefined ? null : balancePence < 0 && !customer ? (
        // Paid twice over (a card payment that crossed one taken in the office): the history says which.
        <Row label="Paid over, to refund" pence={-balancePence} total />
      ) : (
        <Row label="Left to pay" pence={Math.max(0, balancePence)} total />
      )}
    </dl>
  );
}
