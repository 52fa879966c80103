import { plumbingPriceBands } from "../../schema/business";
import { CallButton } from "../components/site/call-button";
import { CtaBand } from "../components/site/cta-band";
import { DropletIcon, FlameIcon, WrenchIcon } from "../components/site/icons";
import { PageHero } from "../components/site/page-hero";
import { PriceBands } from "../components/site/price-bands";
import { SectionHeading } from "../components/site/section-heading";
import { ServiceList } from "../components/site/service-list";

const services = [
  {
    icon: <DropletIcon size={24} />,
    title: "Leaks and burst pipes",
    text: "Found fast and fixed properly, with minimal disruption.",
  },
  {
    icon: <WrenchIcon size={24} />,
    title: "Taps, toilets and showers",
    text: "Repairs, replacements and new installs, from washers to power showers.",
  },
  {
    icon: <FlameIcon size={24} />,
    title: "Radiators and valves",
    text: "New radiators, thermostatic valves, bleeding and balancing.",
  },
  {
    icon: <DropletIcon size={24} />,
    title: "Bathroom installations",
    text: "Complete bathroom refits, planned and plumbed by one team.",
  },
  {
    icon: <WrenchIcon size={24} />,
    title: "Pipework and appliances",
    text: "New pipe runs, outside taps, washing machines and dishwashers.",
  },
  {
    icon: <DropletIcon size={24} />,
    title: "Water pressure problems",
    text: "Low pressure diagnosed, stopcocks and pressure valves replaced.",
  },
];

const examples = [
  ["Dripping taps and washers", "Toilet repairs", "Radiator valve swaps"],
  ["New radiators", "Shower installation", "Outside taps and pipe runs"],
  ["Full bathroom installations", "Re-piping", "Unvented cylinders"],
] as const;

/** /service/plumbing: service list, price bands and call buttons. */
export default function Plumbing() {
  const bands = plumbingPriceBands.map((band, i) => ({ ...band, examples: examples[i] ?? [] }));
  return (
    <>
      <PageHero
        image="/images/site/gallery-bathroom.svg"
        eyebrow="Plumber services"
        title="Local plumbers you can trust"
        lead="From a dripping tap to a complete bathroom, our plumbers turn up on time, explain the work and leave your home tidy. No call-out charge."
      >
        <CallButton size="4" />
        <CallButton size="4" variant="surface" emergency className="page-hero__secondary">
          Emergency? Call now
        </CallButton>
      </PageHero>

      <section className="section" aria-labelledby="plumbing-services-title">
        <div className="container">
          <SectionHeading id="plumbing-services-title" eyebrow="What we do" title="Plumbing services" />
          <ServiceList items={services} />
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="plumbing-prices-title">
        <div className="container">
          <SectionHeading
            id="plumbing-prices-title"
            eyebrow="Prices"
            title="Clear price bands"
            lead="Every job gets a fixed quote before we start. These bands show what most jobs cost."
          />
          <PriceBands bands={bands} titleId="plumbing-prices-title" />
        </div>
      </section>

      <CtaBand title="Need a plumber today?" text="Call us now and we'll usually be with you the same day." />
    </>
  );
}
