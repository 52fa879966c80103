import { Flex, Heading } from "@radix-ui/themes";
import type { TakingsMonth, TakingsReport } from "../../../../schema/api/reports";
import { formatPence } from "../../../../schema/format";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { ErrorState, LoadingState } from "../admin-states";
import { ExportButton } from "../export-button";

export const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString("en-GB", { month: "short", year: "2-digit", timeZone: "UTC" });

/**
 * Takings by month (cash basis, by how it was paid) beside what was invoiced (net, VAT, gross, less
 * credit notes) over the report's months, as a chart and a table, with its CSV.
 */
export function TakingsSection({ query }: { query: string }) {
  const takings = useAdminData<TakingsReport>(`/api/admin/reports/takings${query}`);
  return (
    <section aria-labelledby="takings-heading">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="5" id="takings-heading">
          Takings and sales
        </Heading>
        <ExportButton path={`/api/admin/reports/takings.csv${query}`} fileName="takings" />
      </Flex>
      {takings.data ? (
        <Takings report={takings.data} />
      ) : takings.error ? (
        isUnauthorized(takings.error) ? null : (
          <ErrorState message={errorMessage(takings.error, "Failed to load the takings.")} onRetry={takings.refresh} />
        )
      ) : (
        <LoadingState label="Adding up the takings…" />
      )}
    </section>
  );
}

function Takings({ report }: { report: TakingsReport }) {
  return (
    <>
      <TakingsChart months={report.months} />
      <div className="admin-report-scroll">
        <table className="admin-report-table">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Taken</th>
              <th scope="col">Invoiced</th>
              <th scope="col">of which VAT</th>
            </tr>
          </thead>
          <tbody>
            {report.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month)}</th>
                <td>{formatPence(m.takings.total)}</td>
                <td>{formatPence(m.invoiced.grossPence - m.credited.grossPence)}</td>
                <td>{formatPence(m.invoiced.vatPence - m.credited.vatPence)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">In all</th>
              <td>{formatPence(report.totals.takings.total)}</td>
              <td>{formatPence(report.totals.invoiced.grossPence - report.totals.credited.grossPence)}</td>
              <td>{formatPence(report.totals.invoiced.vatPence - report.totals.credited.vatPence)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/** Each month's takings as a bar (drawn here: a dozen rectangles need no charting library). */
function TakingsChart({ months }: { months: TakingsMonth[] }) {
  const most = Math.max(1, ...months.map((m) => m.takings.total));
  const width = 24;
  const gap = 8;
  const height = 120;
  return (
    <svg
      className="admin-report-chart"
      viewBox={`0 0 ${months.length * (width + gap)} ${height + 18}`}
      role="img"
      aria-label={`Takings by month: ${months.map((m) => `${monthName(m.month)} ${formatPence(m.takings.total)}`).join(", ")}`}
    >
      {months.map((m, i) => {
        const h = Math.max(0, Math.round((m.takings.total / most) * height));
        return (
          <g key={m.month}>
            <rect x={i * (width + gap)} y={height - h} width={width} height={h} rx="3" className="admin-report-bar" />
            <text x={i * (width + gap) + width / 2} y={height + 14} textAnchor="middle" className="admin-report-label">
              {monthName(m.month).slice(0, 3)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
