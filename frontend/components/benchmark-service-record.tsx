import type { BenchmarkServiceEntry } from "../../schema/api/benchmark-records";
import { formatDate } from "../../schema/london-time-text";

/**
 * A boiler's service record under its Benchmark checklist: each later service visit's entry (its
 * service sheet), oldest first, as the back office's checklist screen and the customer's account
 * show it. Plain markup, so both styles hold it.
 */
export function BenchmarkServiceRecord({ entries, className }: { entries: BenchmarkServiceEntry[]; className?: string }) {
  if (entries.length === 0) return <p className={className}>No service recorded since it was commissioned.</p>;
  return (
    <ol className={className} aria-label="Service record">
      {entries.map((e) => (
        <li key={e.sheetId}>
          <strong>
            {formatDate(e.serviceDate)}, {e.number}
          </strong>
          : {e.engineerName ?? "-"}
          {e.engineerLicence ? ` (Gas Safe ${e.engineerLicence})` : ""}. CO {e.coPpm ?? "-"} ppm, CO2 {e.co2Percent ?? "-"}%,
          ratio {e.coCo2Ratio ?? "-"}. Parts: {e.partsUsed ?? "none"}. Next due{" "}
          {e.nextServiceDate ? formatDate(e.nextServiceDate) : "-"}.
        </li>
      ))}
    </ol>
  );
}
