import { Flex } from "@radix-ui/themes";
import { PageHeader } from "../../components/admin/page-header";
import { OwedSection } from "../../components/admin/reports/owed-report";
import { TakingsSection } from "../../components/admin/reports/takings-report";

/** /admin/reports: the business's numbers (issue 45), each with its CSV. */
export default function Reports() {
  return (
    <>
      <PageHeader title="Reports" subtitle="The business's numbers, each with its CSV" />
      <Flex direction="column" gap="6">
        <TakingsSection />
        <OwedSection />
      </Flex>
    </>
  );
}
