/** Placeholder: Gas & Electricity */
export default function GasElectricity() {
  return <h1>Gas & Electricity</h1>;
}
