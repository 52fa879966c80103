import { Badge, Flex, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { AdminQuote } from "../../../../schema/api/quotes";
import { RevokeLinks } from "../revoke-links";
import { quoteStatusLabels } from "./quote-labels";

const statusColor = (status: AdminQuote["status"]) =>
  status === "accepted" ? "green" : status === "declined" || status === "expired" ? "red" : "gray";

/** A saved quote's state, what is not sent yet, its job, the customer's view and revoking its links. */
export function QuoteStatus({ quote, onChanged }: { quote: AdminQuote; onChanged: () => unknown }) {
  return (
    <Flex gap="2" align="center" wrap="wrap" mb="4">
      <Badge size="2" variant="soft" highContrast color={statusColor(quote.status)}>
        {quoteStatusLabels[quote.status]}
      </Badge>
      {quote.unsentChanges ? (
        <Text size="2" color="amber">
          Changes not sent yet (version {quote.version})
        </Text>
      ) : null}
      {quote.jobId ? (
        <Link className="admin-muted-link" href={`/jobs/${quote.jobId}`}>
          Open the job
        </Link>
      ) : null}
      {quote.visitId ? (
        <Link className="admin-muted-link" href={`/service-records?record=${quote.visitId}`}>
          Open the job's visit
        </Link>
      ) : null}
      {quote.customerUrl ? (
        <a className="admin-muted-link" href={quote.customerUrl} target="_blank" rel="noopener">
          Open the customer's view
        </a>
      ) : null}
      {quote.sentVersion !== null ? (
        <RevokeLinks<AdminQuote>
          path={`/api/admin/estimates/${quote.id}/revoke-links`}
          title={`Revoke the links to quote ${quote.number}?`}
          description={
            quote.acceptance
              ? "Every link sent so far stops working at once: the accepted quote's page (where the customer pays the deposit or cancels) and its PDF, in every e-mail already sent. Send the customer the new link shown here."
              : 'Every link sent so far stops working at once: the quote\'s page (where the customer accepts or declines it), in every e-mail already sent, follow-ups included. "Send again" e-mails the customer the new link.'
          }
          newLink={(answer) => answer.customerUrl}
          onRevoked={() => onChanged()}
        />
      ) : null}
    </Flex>
  );
}
