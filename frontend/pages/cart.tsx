/** Placeholder: Shopping Cart */
export default function Cart() {
  return <h1>Shopping Cart</h1>;
}
