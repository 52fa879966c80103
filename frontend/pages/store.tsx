/** Placeholder: Parts Store */
export default function Store() {
  return <h1>Parts Store</h1>;
}
