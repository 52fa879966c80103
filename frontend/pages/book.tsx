import { PageHero } from "../components/site/page-hero";

/** PLACEHOLDER: being built (issue 21). */
export default function Book() {
  return <PageHero eyebrow="Northside" title="Book a Visit Online" lead="Coming together." />;
}
