import { PageHeader } from "../../components/admin/page-header";

/** PLACEHOLDER: being built (issue 21). */
export default function Calendar() {
  return <PageHeader title="Calendar" />;
}
