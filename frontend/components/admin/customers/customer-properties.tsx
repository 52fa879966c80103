import { Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { DocumentSummary } from "../../../../schema/api/documents";
import type { AdminProperty } from "../../../../schema/api/properties";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { isUnauthorized } from "../../../lib/admin/admin-api";
import { ErrorState, LoadingState } from "../admin-states";
import { PropertyCard } from "./property-card";
import { PropertyDialog } from "./property-dialog";

/** The customer page's properties: each with its tenant, appliances, last visit and next deadline. */
export function CustomerProperties({ customerId }: { customerId: number }) {
  const { data, error, refresh } = useAdminData<AdminProperty[]>(`/api/admin/customers/${customerId}/properties`);
  const documents = useAdminData<DocumentSummary[]>(`/api/admin/customers/${customerId}/documents`);
  let body: ReactNode;
  if (data)
    body =
      data.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No property yet: add the address where the work is done.
        </Text>
      ) : (
        <div className="admin-list">
          {data.map((p) => (
            <PropertyCard
              key={p.id}
              property={p}
              documents={documents.data?.filter((d) => d.propertyId === p.id)}
              onSaved={refresh}
            />
          ))}
        </div>
      );
  else if (error) body = isUnauthorized(error) ? null : <ErrorState message="Failed to load the properties." onRetry={refresh} />;
  else body = <LoadingState label="Loading properties…" />;
  return (
    <section className="admin-customer-properties" aria-labelledby="customer-properties-heading">
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id="customer-properties-heading">
          Properties{data ? ` (${data.length})` : ""}
        </Heading>
        <PropertyDialog customerId={customerId} onSaved={refresh} />
      </Flex>
      {body}
    </section>
  );
}
