import { Badge, Flex, Heading, Text } from "@radix-ui/themes";
import type { DocumentSummary } from "../../../../schema/api/documents";
import { type AdminProperty, applianceTypeLabels, flueTypeLabels } from "../../../../schema/api/properties";
import { formatDate } from "../../../../schema/london-time-text";
import { PropertyDocuments, StartDocument } from "../gas-safety/gas-safety-links";
import { ApplianceDialog } from "./appliance-dialog";
import { PropertyDialog } from "./property-dialog";

/** One property on the customer's page: its tenant, appliances, last visit, next deadline and documents. */
export function PropertyCard({
  property,
  documents,
  onSaved,
}: {
  property: AdminProperty;
  documents: DocumentSummary[] | undefined;
  onSaved: () => unknown;
}) {
  const tenant = [property.tenantName, property.tenantPhone, property.tenantEmail].filter(Boolean).join(" · ");
  return (
    <article className="admin-card admin-panel admin-property" aria-label={`Property: ${property.address}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h3" size="3">
            {property.address}
          </Heading>
          {/* A home known only by its postcode is headed by it already. */}
          {property.postcode === property.address ? null : (
            <Text as="p" size="2" color="gray">
              {property.postcode ?? "No postcode yet"}
            </Text>
          )}
        </div>
        <PropertyDialog customerId={property.customerId} property={property} onSaved={onSaved} />
      </Flex>
      {tenant ? (
        <Text as="p" size="2" mt="2">
          Tenant: {tenant}
          {property.tenantGetsCopies ? (
            <Badge ml="2" color="green" variant="soft" highContrast>
              Gets copies
            </Badge>
          ) : null}
        </Text>
      ) : null}
      <Text as="p" size="2" mt="2" color="gray">
        {property.lastVisit ? `Last visit ${formatDate(property.lastVisit)}` : "No visit yet"}
        {property.nextDue ? ` · Next due ${formatDate(property.nextDue)}` : ""}
      </Text>
      <Heading as="h4" size="2" mt="3" mb="1">
        Appliances
      </Heading>
      {property.appliances.length === 0 ? (
        <Text as="p" size="2" color="gray">
          None recorded yet.
        </Text>
      ) : (
        <ul className="admin-appliances" aria-label={`Appliances at ${property.address}`}>
          {property.appliances.map((a) => (
            <li key={a.id}>
              <span>
                <Text weight="medium">{a.location}</Text>
                {` · ${applianceTypeLabels[a.type]}`}
                {a.make || a.model ? ` · ${[a.make, a.model].filter(Boolean).join(" ")}` : ""}
                {` · ${flueTypeLabels[a.flueType]} flue`}
                {a.landlordOwned ? null : (
                  <Badge ml="2" color="gray" variant="soft" highContrast>
                    Tenant's own
                  </Badge>
                )}
              </span>
              <ApplianceDialog propertyId={property.id} appliance={a} onSaved={onSaved} />
            </li>
          ))}
        </ul>
      )}
      <Flex mt="3">
        <ApplianceDialog propertyId={property.id} onSaved={onSaved} />
      </Flex>
      <Heading as="h4" size="2" mt="4" mb="1">
        Certificates and service sheets
      </Heading>
      {documents ? <PropertyDocuments documents={documents} /> : null}
      <Flex mt="3" gap="2" wrap="wrap">
        <StartDocument kind="gas-safety-record" propertyId={property.id} />
        <StartDocument kind="service-sheet" propertyId={property.id} />
      </Flex>
    </article>
  );
}
