/** Placeholder: Payment Cancelled */
export default function PaymentCancelled() {
  return <h1>Payment Cancelled</h1>;
}
