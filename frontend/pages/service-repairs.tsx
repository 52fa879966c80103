/** Placeholder: Home Repairs */
export default function Repairs() {
  return <h1>Home Repairs</h1>;
}
