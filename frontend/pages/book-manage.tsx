import { PageHero } from "../components/site/page-hero";

/** PLACEHOLDER: being built (issue 21). */
export default function BookManage() {
  return <PageHero eyebrow="Northside" title="Your Booking" lead="Coming together." />;
}
