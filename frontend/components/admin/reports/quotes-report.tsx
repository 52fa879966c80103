import { Flex, Heading } from "@radix-ui/themes";
import type { QuotesReport } from "../../../../schema/api/reports";
import { formatPence } from "../../../../schema/format";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { ErrorState, LoadingState } from "../admin-states";
import { ExportButton } from "../export-button";
import { monthName } from "./takings-report";

const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 100)}%`);
const pounds = (pence: number | null) => (pence === null ? "–" : formatPence(pence));

/** Quotes by the month they were sent: how many, how many won, the conversion and the average won. */
export function QuotesSection({ query }: { query: string }) {
  const report = useAdminData<QuotesReport>(`/api/admin/reports/quotes${query}`);
  return (
    <section aria-labelledby="quotes-heading">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="5" id="quotes-heading">
          Quotes won
        </Heading>
        <ExportButton path={`/api/admin/reports/quotes.csv${query}`} fileName="quotes" />
      </Flex>
      {report.data ? (
        <div className="admin-report-scroll">
          <table className="admin-report-table" aria-labelledby="quotes-heading">
            <thead>
              <tr>
                <th scope="col">Sent in</th>
                <th scope="col">Sent</th>
                <th scope="col">Won</th>
                <th scope="col">Rate</th>
                <th scope="col">Average won</th>
              </tr>
            </thead>
            <tbody>
              {report.data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthName(m.month)}</th>
                  <td>{m.sent}</td>
                  <td>{m.accepted}</td>
                  <td>{percent(m.conversion)}</td>
                  <td>{pounds(m.averageAcceptedPence)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">In all</th>
                <td>{report.data.totals.sent}</td>
                <td>{report.data.totals.accepted}</td>
                <td>{percent(report.data.totals.conversion)}</td>
                <td>{pounds(report.data.totals.averageAcceptedPence)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : report.error ? (
        isUnauthorized(report.error) ? null : (
          <ErrorState message={errorMessage(report.error, "Failed to load the quotes.")} onRetry={report.refresh} />
        )
      ) : (
        <LoadingState label="Counting the quotes…" />
      )}
    </section>
  );
}
