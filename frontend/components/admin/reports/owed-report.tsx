import { Box, Card, Flex, Grid, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import { type OwedCustomer, type OwedReport, owedAges } from "../../../../schema/api/reports";
import { formatPence } from "../../../../schema/format";
import { formatDate } from "../../../../schema/london-time-text";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { EmptyState, ErrorState, LoadingState } from "../admin-states";
import { ExportButton } from "../export-button";

const ageLabels = { "0-30": "0 to 30 days", "31-60": "31 to 60 days", "61-90": "61 to 90 days", "over 90": "Over 90 days" };

/**
 * Money owed: what issued invoices still ask for, aged since they were issued, by customer (the most
 * owed first), each invoice one tap away, with its CSV.
 */
export function OwedSection() {
  const owed = useAdminData<OwedReport>("/api/admin/reports/owed");
  return (
    <section aria-labelledby="owed-heading">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="5" id="owed-heading">
          Money owed
        </Heading>
        <ExportButton path="/api/admin/reports/owed.csv" fileName="money-owed" />
      </Flex>
      {owed.data ? (
        <Owed report={owed.data} />
      ) : owed.error ? (
        isUnauthorized(owed.error) ? null : (
          <ErrorState message={errorMessage(owed.error, "Failed to load the money owed.")} onRetry={owed.refresh} />
        )
      ) : (
        <LoadingState label="Adding up what is owed…" />
      )}
    </section>
  );
}

function Owed({ report }: { report: OwedReport }) {
  if (report.customers.length === 0) return <EmptyState message="Nothing is owed: every issued invoice is paid." />;
  return (
    <>
      <Grid columns={{ initial: "2", sm: "5" }} gap="3" mb="4" role="list" aria-label="Money owed by age">
        {owedAges.map((age) => (
          <Card key={age} role="listitem">
            <Text as="p" size="2" color="gray">
              {ageLabels[age]}
            </Text>
            <Text as="p" size="5" weight="bold">
              {formatPence(report.totals[age])}
            </Text>
          </Card>
        ))}
        <Card role="listitem">
          <Text as="p" size="2" color="gray">
            In all
          </Text>
          <Text as="p" size="5" weight="bold">
            {formatPence(report.totals.total)}
          </Text>
        </Card>
      </Grid>
      <div className="admin-list">
        {report.customers.map((customer) => (
          <CustomerOwing key={customer.customerId ?? "none"} customer={customer} />
        ))}
      </div>
    </>
  );
}

const ageText = (days: number) => (days === 0 ? "today" : days === 1 ? "yesterday" : `${days} days ago`);

function CustomerOwing({ customer }: { customer: OwedCustomer }) {
  const ages = owedAges.filter((age) => customer.totals[age] > 0);
  return (
    <article className="admin-card" aria-label={`${customer.name} owes ${formatPence(customer.totals.total)}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Box>
          <Heading as="h3" size="3">
            {customer.customerId ? (
              <Link href={`/customers/${customer.customerId}`} className="admin-heading-link">
                {customer.name}
              </Link>
            ) : (
              customer.name
            )}
          </Heading>
          <Text as="p" size="2" color="gray">
            {ages.map((age) => `${formatPence(customer.totals[age])} ${ageLabels[age].toLowerCase()}`).join(" · ")}
          </Text>
        </Box>
        <Text size="4" weight="bold">
          {formatPence(customer.totals.total)}
        </Text>
      </Flex>
      <ul className="admin-owed-invoices">
        {customer.invoices.map((invoice) => (
          <li key={invoice.id}>
            <RadixLink asChild weight="medium">
              <Link href={`/invoices/${invoice.id}`}>{invoice.number}</Link>
            </RadixLink>
            <Text size="2" color="gray">
              {" "}
              issued {formatDate(invoice.issueDate)}, {ageText(invoice.ageDays)}
            </Text>
            <Text size="2" weight="medium">
              {" "}
              {formatPence(invoice.balancePence)}
            </Text>
          </li>
        ))}
      </ul>
    </article>
  );
}
