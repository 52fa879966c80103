import { useParams, useSearchParams } from "wouter";
import type { AdminCustomer } from "../../../schema/api/customers";
import type { AdminEstimate } from "../../../schema/api/estimates";
import { LoadedCustomer, LoadedDocument } from "../../components/admin/documents/loaded-document";
import { ChooseCustomer } from "../../components/admin/estimates/choose-customer";
import { EstimateBuilder } from "../../components/admin/estimates/estimate-builder";
import { formOf, newEstimateForm } from "../../components/admin/estimates/estimate-form-state";
import { customerName } from "../../hooks/admin/use-customers";

/** /admin/estimates/new (for ?customerId=, from ?quoteRequestId=) and /admin/estimates/:id: the quote builder. */
export default function EstimatePage() {
  const { id } = useParams<{ id: string }>();
  if (id === "new") return <NewEstimate />;
  return (
    <LoadedDocument<AdminEstimate>
      key={id}
      path={`/api/admin/estimates/${Number(id)}`}
      noun="quote"
      failed="Failed to load the quote."
    >
      {(estimate, refresh) => (
        <EstimateBuilder
          key={`${estimate.id}-${estimate.updatedAt}`}
          estimate={estimate}
          customer={{ id: estimate.customerId, name: estimate.customerName, email: estimate.customerEmail }}
          quoteRequestId={estimate.quoteRequestId}
          initial={formOf(estimate)}
          onSaved={refresh}
        />
      )}
    </LoadedDocument>
  );
}

function NewEstimate() {
  const [params] = useSearchParams();
  const customerId = Number(params.get("customerId")) || null;
  const quoteRequestId = Number(params.get("quoteRequestId")) || null;
  if (!customerId) return <ChooseCustomer />;
  return (
    <LoadedCustomer<AdminCustomer> customerId={customerId}>
      {(customer) => (
        <EstimateBuilder
          customer={{ id: customerId, name: customerName(customer), email: customer.email }}
          quoteRequestId={quoteRequestId}
          initial={newEstimateForm(params.get("title") ?? "")}
        />
      )}
    </LoadedCustomer>
  );
}
