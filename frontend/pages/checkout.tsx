/** Placeholder: Checkout */
export default function Checkout() {
  return <h1>Checkout</h1>;
}
