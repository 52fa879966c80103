import { Flex, Select } from "@radix-ui/themes";
import { useState } from "react";
import { londonToday } from "../../../schema/london-time";
import { PageHeader } from "../../components/admin/page-header";
import { GasDueSection } from "../../components/admin/reports/gas-due-report";
import { MarginSection } from "../../components/admin/reports/margin-report";
import { OwedSection } from "../../components/admin/reports/owed-report";
import { QuotesSection } from "../../components/admin/reports/quotes-report";
import { TakingsSection } from "../../components/admin/reports/takings-report";
import { VatSection } from "../../components/admin/reports/vat-report";

const LAST_12 = "last-12";

/**
 * /admin/reports: the business's numbers (issue 45), each with its CSV: takings and sales, and
 * quotes won, over the last twelve months or a calendar year; money owed as it stands today; VAT by
 * the owner's VAT quarters (the last four, or those ending in the year).
 */
export default function Reports() {
  const year = Number(londonToday().slice(0, 4));
  const [period, setPeriod] = useState(LAST_12);
  const query = period === LAST_12 ? "" : `?from=${period}-01&to=${period}-12`;
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle="The business's numbers, each with its CSV"
        actions={
          <Select.Root value={period} onValueChange={setPeriod}>
            <Select.Trigger aria-label="Which months" />
            <Select.Content>
              <Select.Item value={LAST_12}>Last 12 months</Select.Item>
              {[0, 1, 2, 3, 4].map((back) => (
                <Select.Item key={back} value={String(year - back)}>
                  {year - back}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        }
      />
      <Flex direction="column" gap="6">
        <TakingsSection query={query} />
        <QuotesSection query={query} />
        <OwedSection />
        <GasDueSection />
        <VatSection query={query} />
        <MarginSection query={query} />
      </Flex>
    </>
  );
}
