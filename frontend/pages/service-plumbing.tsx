/** Placeholder: Plumbing Services */
export default function Plumbing() {
  return <h1>Plumbing Services</h1>;
}
