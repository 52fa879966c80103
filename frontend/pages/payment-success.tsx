/** Placeholder: Payment Successful! */
export default function PaymentSuccess() {
  return <h1>Payment Successful!</h1>;
}
