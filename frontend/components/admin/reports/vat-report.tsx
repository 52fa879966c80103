import { Card, Flex, Grid, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import { vatStaggerLabels } from "../../../../schema/api/billing";
import type { Money } from "../../../../schema/api/reports";
import { quarterName, VAT_KINDS, type VatKind, type VatQuarter, type VatReport } from "../../../../schema/api/reports-vat";
import { formatPence } from "../../../../schema/format";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { EmptyState, ErrorState, LoadingState } from "../admin-states";
import { ExportButton } from "../export-button";

const rateNames: Record<VatKind, string> = { "20": "20%", "5": "5%", "0": "0% (zero-rated)", outside: "No VAT charged" };

/**
 * VAT by the owner's VAT quarters: for each, the sales by rate (net, VAT, gross) less credit notes,
 * and the two figures to check against the return (box 1, VAT due on sales; box 6, sales before
 * VAT), with its CSV.
 */
export function VatSection({ query }: { query: string }) {
  const report = useAdminData<VatReport>(`/api/admin/reports/vat${query}`);
  return (
    <section aria-labelledby="vat-heading">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="5" id="vat-heading">
          VAT by quarter
        </Heading>
        <ExportButton path={`/api/admin/reports/vat.csv${query}`} fileName="vat" />
      </Flex>
      {report.data ? (
        <Vat report={report.data} />
      ) : report.error ? (
        isUnauthorized(report.error) ? null : (
          <ErrorState message={errorMessage(report.error, "Failed to load the VAT.")} onRetry={report.refresh} />
        )
      ) : (
        <LoadingState label="Adding up the VAT…" />
      )}
    </section>
  );
}

function Vat({ report }: { report: VatReport }) {
  return (
    <>
      <Text as="p" size="2" color="gray" mb="3">
        {vatStaggerLabels[report.stagger]} (
        <RadixLink asChild>
          <Link href="/settings#billing-vat">change in Billing</Link>
        </RadixLink>
        ). Invoices count on their tax point: the day issued, or the day of the work when issued more than 14 days after it.
        Credit notes count on their own date.
      </Text>
      {report.quarters.length === 0 ? (
        <EmptyState message="No VAT quarter ends in these months." />
      ) : (
        <Grid columns={{ initial: "1", md: "2" }} gap="3">
          {report.quarters.map((q) => (
            <QuarterCard key={q.from} quarter={q} />
          ))}
        </Grid>
      )}
    </>
  );
}

function QuarterCard({ quarter }: { quarter: VatQuarter }) {
  const name = quarterName(quarter);
  // The three rates always (a return asks for each); sales without VAT only when there were some.
  const kinds = VAT_KINDS.filter((k) => k !== "outside" || quarter.sales.outside.grossPence !== 0);
  const credited = VAT_KINDS.reduce((sum, k) => sum + quarter.credits[k].grossPence, 0);
  return (
    <Card asChild>
      <article aria-label={`VAT ${name}`}>
        <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="2">
          <Heading as="h3" size="3">
            {name}
          </Heading>
          <Text size="2">
            VAT due <Text weight="bold">{formatPence(quarter.box1Pence)}</Text>
          </Text>
        </Flex>
        <div className="admin-report-scroll">
          <table className="admin-report-table admin-vat-table">
            <thead>
              <tr>
                <th scope="col">Rate</th>
                <th scope="col">Net</th>
                <th scope="col">VAT</th>
                <th scope="col">Gross</th>
              </tr>
            </thead>
            <tbody>
              {kinds.map((k) => (
                <MoneyRow key={k} label={rateNames[k]} money={quarter.sales[k]} />
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Box 1, VAT due</th>
                <td />
                <td>{formatPence(quarter.box1Pence)}</td>
                <td />
              </tr>
              <tr>
                <th scope="row">Box 6, sales</th>
                <td>{formatPence(quarter.box6Pence)}</td>
                <td />
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
        {credited !== 0 ? (
          <Text as="p" size="1" color="gray" mt="2">
            After credit notes of {formatPence(credited)} dated in the quarter.
          </Text>
        ) : null}
      </article>
    </Card>
  );
}

function MoneyRow({ label, money }: { label: string; money: Money }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{formatPence(money.netPence)}</td>
      <td>{formatPence(money.vatPence)}</td>
      <td>{formatPence(money.grossPence)}</td>
    </tr>
  );
}
