import { useParams, useSearchParams } from "wouter";
import type { AdminCustomer } from "../../../schema/api/customers";
import type { AdminQuote } from "../../../schema/api/quotes";
import { RecordHistory } from "../../components/admin/audit/record-history";
import { LoadedCustomer, LoadedDocument } from "../../components/admin/documents/loaded-document";
import { ChooseCustomer } from "../../components/admin/quotes/choose-customer";
import { QuoteBuilder } from "../../components/admin/quotes/quote-builder";
import { formOf, newQuoteForm } from "../../components/admin/quotes/quote-form-state";
import { customerName } from "../../hooks/admin/use-customers";

/** /admin/estimates/new (for ?customerId=, from ?enquiryId=) and /admin/estimates/:id: the quote builder. */
export default function QuotePage() {
  const { id } = useParams<{ id: string }>();
  if (id === "new") return <NewQuote />;
  return (
    <LoadedDocument<AdminQuote>
      key={id}
      path={`/api/admin/estimates/${Number(id)}`}
      noun="quote"
      failed="Failed to load the quote."
    >
      {(quote, refresh) => (
        <>
          <QuoteBuilder
            key={`${quote.id}-${quote.updatedAt}`}
            quote={quote}
            customer={{ id: quote.customerId, name: quote.customerName, email: quote.customerEmail }}
            enquiryId={quote.enquiryId}
            initial={formOf(quote)}
            onSaved={refresh}
          />
          <RecordHistory version={quote.updatedAt} kind="quote" id={quote.id} />
        </>
      )}
    </LoadedDocument>
  );
}

function NewQuote() {
  const [params] = useSearchParams();
  const customerId = Number(params.get("customerId")) || null;
  const enquiryId = Number(params.get("enquiryId")) || null;
  if (!customerId) return <ChooseCustomer />;
  return (
    <LoadedCustomer<AdminCustomer> customerId={customerId}>
      {(customer) => (
        <QuoteBuilder
          customer={{ id: customerId, name: customerName(customer), email: customer.email }}
          enquiryId={enquiryId}
          initial={newQuoteForm(params.get("title") ?? "")}
        />
      )}
    </LoadedCustomer>
  );
}
