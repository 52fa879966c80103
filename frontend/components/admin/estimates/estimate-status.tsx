import { Badge, Flex, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { AdminEstimate } from "../../../../schema/api/estimates";
import { RevokeLinks } from "../revoke-links";
import { estimateStatusLabels } from "./estimate-labels";

const statusColor = (status: AdminEstimate["status"]) =>
  status === "accepted" ? "green" : status === "declined" || status === "expired" ? "red" : "gray";

/** A saved quote's state, what is not sent yet, its job, the customer's view and revoking its links. */
export function EstimateStatus({ estimate, onChanged }: { estimate: AdminEstimate; onChanged: () => unknown }) {
  return (
    <Flex gap="2" align="center" wrap="wrap" mb="4">
      <Badge size="2" variant="soft" highContrast color={statusColor(estimate.status)}>
        {estimateStatusLabels[estimate.status]}
      </Badge>
      {estimate.unsentChanges ? (
        <Text size="2" color="amber">
          Changes not sent yet (version {estimate.version})
        </Text>
      ) : null}
      {estimate.jobId ? (
        <Link className="admin-muted-link" href={`/service-records?record=${estimate.jobId}`}>
          Open the job's visit
        </Link>
      ) : null}
      {estimate.customerUrl ? (
        <a className="admin-muted-link" href={estimate.customerUrl} target="_blank" rel="noopener">
          Open the customer's view
        </a>
      ) : null}
      {estimate.sentVersion !== null ? (
        <RevokeLinks<AdminEstimate>
          path={`/api/admin/estimates/${estimate.id}/revoke-links`}
          title={`Revoke the links to quote ${estimate.number}?`}
          description={
            estimate.acceptance
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
