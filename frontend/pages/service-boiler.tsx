/** Placeholder: Boiler Service */
export default function BoilerService() {
  return <h1>Boiler Service</h1>;
}
