import { repairPriceBands } from "../../schema/business";
import { type RepairBand, repairBands } from "../../schema/facts";
import { BookButton, CallButton } from "../components/site/call-button";
import { CtaBand } from "../components/site/cta-band";
import { ShieldIcon, WrenchIcon } from "../components/site/icons";
import { PageHero } from "../components/site/page-hero";
import { PriceBands } from "../components/site/price-bands";
import { SectionHeading } from "../components/site/section-heading";
import { ServiceList } from "../components/site/service-list";
import { Fact } from "../lib/facts";

const services = [
  { icon: <WrenchIcon size={24} />, title: "Doors and locks", text: "Sticking doors, new handles, locks and hinges fitted." },
  {
    icon: <WrenchIcon size={24} />,
    title: "Shelves, curtains and fixtures",
    text: "Shelving, curtain poles, blinds, mirrors and TVs mounted securely.",
  },
  { icon: <WrenchIcon size={24} />, title: "Tiling and sealing", text: "Cracked tiles replaced, baths and showers re-sealed." },
  {
    icon: <WrenchIcon size={24} />,
    title: "Flat-pack assembly",
    text: "Furniture built and fixed to the wall where it should be.",
  },
  {
    icon: <ShieldIcon size={24} />,
    title: "Small carpentry jobs",
    text: "Skirting, boxing-in pipework, loft hatches and access panels.",
  },
  {
    icon: <ShieldIcon size={24} />,
    title: "Odd jobs list",
    text: "Save up the small jobs and we'll work through them in one visit.",
  },
];

const examples = [
  ["Fit a new lock or handle", "Re-seal a bath", "Hang a mirror or shelves"],
  ["Replace an internal door", "Box in pipework", "Tile a splashback"],
  ["Kitchen or bathroom updates", "Several jobs in one day", "Larger carpentry work"],
] as const;

/** /service/repairs: home repairs with their price bands. */
export default function Repairs() {
  // The labels are the site's; the prices are the owner's (/admin/settings).
  const bands = repairBands.map((band: RepairBand, i) => ({
    label: repairPriceBands[i]?.label ?? band,
    range: <Fact name={`repair.${band}`} />,
    examples: examples[i] ?? [],
  }));
  return (
    <>
      <PageHero
        image="/images/site/gallery-radiators.svg"
        eyebrow="Home repairs"
        title="Reliable home repairs, done right first time"
        lead="The jobs on your list, handled by tradespeople who turn up when they say and tidy up afterwards."
      >
        <CallButton size="4" />
        <BookButton service="boiler-repair" size="4" variant="surface" className="page-hero__alt">
          Book a boiler repair online
        </BookButton>
      </PageHero>

      <section className="section" aria-labelledby="repair-services-title">
        <div className="container">
          <SectionHeading id="repair-services-title" eyebrow="What we do" title="Home repair services" />
          <ServiceList items={services} />
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="repair-prices-title">
        <div className="container">
          <SectionHeading
            id="repair-prices-title"
            eyebrow="Prices"
            title="Repair price bands"
            lead="A fixed price is agreed before any work starts."
          />
          <PriceBands bands={bands} titleId="repair-prices-title" />
        </div>
      </section>

      <CtaBand title="Got a list of jobs?" text="Call us with your list and we'll give you a fixed price for the lot." />
    </>
  );
}
