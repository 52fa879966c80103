import { Badge, Box, Button, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { useCallback, useState } from "react";
import { Link } from "wouter";
import { bookableServiceRecordTypes } from "../../../../schema/api/bookings";
import {
  GAS_DUE_DAYS,
  type GasDueLandlord,
  type GasDueProperty,
  type GasDueReport,
} from "../../../../schema/api/reports-gas-due";
import { formatDate } from "../../../../schema/london-time-text";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { EmptyState, ErrorState, LoadingState } from "../admin-states";
import { ExportButton } from "../export-button";
import { LoadMore } from "../load-more";
import { newRecord, type RecordDraft, RecordEditor } from "../service-records/record-editor";
import { emptyRecordForm } from "../service-records/record-form-state";
import "./gas-due-report.css";

const count = (n: number) => n.toLocaleString("en-GB");
const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/**
 * Gas safety due: each property whose latest record's deadline is within 90 days or past, by
 * landlord, the overdue first. "Book" opens the back office's own visit form (the one a job's "Add a
 * visit" and the customer's "Add Record" open), filled with the landlord, the property and the gas
 * safety check; once saved, the property shows the visit booked.
 */
export function GasDueSection() {
  const report = useAdminData<GasDueReport>("/api/admin/reports/gas-due");
  const [draft, setDraft] = useState<RecordDraft | null>(null);
  const book = (landlord: GasDueLandlord, property: GasDueProperty) =>
    setDraft(
      newRecord(
        {
          ...emptyRecordForm(),
          customer: { kind: "picked", customer: { id: landlord.customerId, name: landlord.name, email: landlord.email } },
          propertyId: property.propertyId,
          serviceType: bookableServiceRecordTypes["gas-safety"],
        },
        `Gas safety check at ${property.address}, due ${formatDate(property.dueDate)}`,
      ),
    );
  return (
    <section aria-labelledby="gas-due-heading">
      <RecordEditor
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          report.refresh();
        }}
      />
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="5" id="gas-due-heading">
          Gas safety due
        </Heading>
        <ExportButton path="/api/admin/reports/gas-due.csv" fileName="gas-safety-due" />
      </Flex>
      {report.data ? (
        <GasDue report={report.data} onBook={book} />
      ) : report.error ? (
        isUnauthorized(report.error) ? null : (
          <ErrorState
            message={errorMessage(report.error, "Failed to load the gas safety checks due.")}
            onRetry={report.refresh}
          />
        )
      ) : (
        <LoadingState label="Finding the checks due…" />
      )}
    </section>
  );
}

type Book = (landlord: GasDueLandlord, property: GasDueProperty) => void;

/** Landlords drawn at a time: a busy firm's quarter holds thousands of properties, too many for a phone at once. */
const PAGE = 50;

function GasDue({ report, onBook }: { report: GasDueReport; onBook: Book }) {
  const [shown, setShown] = useState(PAGE);
  const showMore = useCallback(() => setShown((n) => n + PAGE), []);
  if (report.landlords.length === 0)
    return (
      <EmptyState
        message={`No gas safety check is overdue or due in the next ${GAS_DUE_DAYS} days${
          report.lapsed > 0 ? ` (${count(report.lapsed)} lapsed more than a year ago)` : ""
        }.`}
      />
    );
  return (
    <>
      <Text as="p" size="2" color="gray" mb="3">
        {report.overdue > 0 ? `${count(report.overdue)} overdue · ` : ""}
        {`${count(report.due)} due by ${formatDate(report.until)}`}
        {report.lapsed > 0 ? ` · ${count(report.lapsed)} lapsed more than a year ago, not listed (on each customer's page)` : ""}
      </Text>
      <div className="admin-list">
        {report.landlords.slice(0, shown).map((landlord) => (
          <LandlordDue key={landlord.customerId} landlord={landlord} onBook={onBook} />
        ))}
      </div>
      <LoadMore
        hasMore={shown < report.landlords.length}
        loading={false}
        onMore={showMore}
        shown={Math.min(shown, report.landlords.length)}
        total={report.landlords.length}
      />
    </>
  );
}

function LandlordDue({ landlord, onBook }: { landlord: GasDueLandlord; onBook: Book }) {
  const overdue = landlord.properties.filter((p) => p.isOverdue).length;
  return (
    <article className="admin-card" aria-label={`${landlord.name}: gas safety due`}>
      <Heading as="h3" size="3">
        <Link href={`/customers/${landlord.customerId}`} className="admin-heading-link">
          {landlord.name}
        </Link>
      </Heading>
      <Text as="p" size="2" color="gray">
        {`${landlord.properties.length} ${landlord.properties.length === 1 ? "property" : "properties"}`}
        {overdue > 0 ? `, ${overdue} overdue` : ""}
      </Text>
      <ul className="admin-gas-due">
        {landlord.properties.map((property) => (
          <PropertyDue key={property.propertyId} property={property} onBook={() => onBook(landlord, property)} />
        ))}
      </ul>
    </article>
  );
}

function PropertyDue({ property: p, onBook }: { property: GasDueProperty; onBook: () => void }) {
  const place = p.postcode && !p.address.includes(p.postcode) ? `${p.address}, ${p.postcode}` : p.address;
  return (
    <li aria-label={place}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Box minWidth="0">
          <Text as="p" weight="medium">
            {place}
          </Text>
          <Text as="p" size="2" color="gray">
            {p.tenantName ? `Tenant ${p.tenantName} · ` : ""}
            <RadixLink asChild>
              <Link href={`/gas-safety-records/${p.recordId}`}>{p.recordNumber}</Link>
            </RadixLink>
            {` of ${formatDate(p.checkDate)}`}
          </Text>
          <Text as="p" size="2">
            {`Due ${formatDate(p.dueDate)} `}
            {p.isOverdue ? (
              <Badge color="red" variant="soft" highContrast>
                Overdue by {days(-p.daysLeft)}
              </Badge>
            ) : (
              <Text color="gray">{p.daysLeft === 0 ? "today" : `in ${days(p.daysLeft)}`}</Text>
            )}
          </Text>
        </Box>
        {p.booked ? (
          <Badge color={p.booked.date > p.dueDate ? "amber" : "green"} variant="soft" highContrast size="2">
            {`Booked ${formatDate(p.booked.date)}`}
            {p.booked.date > p.dueDate ? ", after the due date" : ""}
          </Badge>
        ) : (
          <Button variant="soft" onClick={onBook} aria-label={`Book the gas safety check at ${place}`}>
            Book
          </Button>
        )}
      </Flex>
    </li>
  );
}
