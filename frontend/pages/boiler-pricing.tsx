/** Placeholder: New Boiler Prices */
export default function BoilerPricing() {
  return <h1>New Boiler Prices</h1>;
}
