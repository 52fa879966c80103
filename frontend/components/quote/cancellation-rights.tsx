import { cancellationNotice, modelCancellationForm } from "../../../schema/consumer-contracts";
import { FactLink, useFacts } from "../../lib/facts";

/** Who the contract is with and the customer's right to cancel it, with the model form: before they accept. */
export function CancellationRights() {
  const facts = useFacts();
  const address = [facts.address.street, facts.address.locality, facts.address.postcode].join(", ");
  return (
    <div className="card">
      <h2>Before you accept: your right to cancel</h2>
      <p>
        {facts.gasSafeNumber ? `Gas Safe registered (number ${facts.gasSafeNumber}). ` : ""}
        {address}. Phone <FactLink to="phone" />, e-mail {facts.email}.
      </p>
      {cancellationNotice({ phone: facts.phone, email: facts.email, address }).map((paragraph) => (
        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
      ))}
      <details>
        <summary>Model cancellation form</summary>
        {modelCancellationForm({ email: facts.email, address }).map((line) => (
          <p key={line} className="quote-small">
            {line}
          </p>
        ))}
      </details>
    </div>
  );
}
