import { Badge } from "@radix-ui/themes";
import { boilerPackages, company } from "../../schema/business";
import { CallButton } from "../components/site/call-button";
import { CheckList } from "../components/site/check-list";
import { CtaBand } from "../components/site/cta-band";
import { PageHero } from "../components/site/page-hero";
import { SectionHeading } from "../components/site/section-heading";
import { Fact } from "../lib/facts";

/** What each package adds; prices, warranties and the "most popular" flag come from schema/business.ts. */
const packageFeatures: Record<(typeof boilerPackages)[number]["id"], string[]> = {
  basic: [
    "Reliable A-rated combi boiler",
    "Standard programmable controls",
    "Magnetic system filter",
    "Gas Safe installation and registration",
  ],
  standard: [
    "Premium-brand combi or system boiler",
    "Smart thermostat with app control",
    "Magnetic filter and chemical powerflush",
    "Gas Safe installation and registration",
  ],
  premium: [
    "Top-of-range high-efficiency boiler",
    "Smart thermostat with room-by-room control",
    "Full system powerflush and new radiator valves",
    "Priority annual service for the first year",
  ],
};

const included = [
  "Free home survey and fixed written quote",
  "Removal and recycling of your old boiler",
  "Flush, inhibitor and filter to protect the new boiler",
  "Building regulations and manufacturer registration",
  `${company.warrantyMonths}-month workmanship warranty on top of the manufacturer's`,
  "Finance options available on request",
];

/** /boiler-pricing: the three new-boiler packages. */
export default function BoilerPricing() {
  return (
    <>
      <PageHero
        image="/images/site/gallery-combi.svg"
        eyebrow="New boiler installation"
        title="Fixed-price new boilers, fitted by Gas Safe engineers"
        lead="Three clear packages with everything included: no hidden extras, long warranties and installation in as little as a day."
      >
        <CallButton size="4">
          Call <Fact name="phone" /> to book
        </CallButton>
      </PageHero>

      <section className="section section--muted" aria-labelledby="packages-title">
        <div className="container">
          <SectionHeading
            id="packages-title"
            eyebrow="Packages"
            title="Choose your boiler package"
            lead="Prices include the boiler, fitting, flue, controls and registration."
          />
          <ul className="packages">
            {boilerPackages.map((pkg) => {
              return (
                <li key={pkg.id} className={pkg.popular ? "card package package--popular" : "card package"}>
                  {pkg.popular ? (
                    <Badge size="3" variant="solid" className="package__popular">
                      Most Popular
                    </Badge>
                  ) : null}
                  <h3 id={`package-${pkg.id}`} className="package__name">
                    {pkg.name}
                  </h3>
                  <p className="package__price">
                    <span className="visually-hidden">Price </span>
                    <Fact name={`package.${pkg.id}.price`} />
                  </p>
                  <p className="package__was fact-optional">
                    Was{" "}
                    <s>
                      <Fact name={`package.${pkg.id}.was`} />
                    </s>
                  </p>
                  <p className="package__save fact-optional">
                    Save <Fact name={`package.${pkg.id}.save`} />
                  </p>
                  <ul className="package__guarantees">
                    <li>
                      <strong>{pkg.warrantyYears} years</strong> manufacturer warranty
                    </li>
                    <li>
                      <strong>
                        {pkg.workmanshipYears} {pkg.workmanshipYears === 1 ? "year" : "years"}
                      </strong>{" "}
                      workmanship guarantee
                    </li>
                  </ul>
                  <CheckList items={packageFeatures[pkg.id]} className="package__features" />
                  <CallButton size="4" variant={pkg.popular ? "solid" : "outline"} className="package__cta">
                    Call to book {pkg.name}
                  </CallButton>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="included-title">
        <div className="container split">
          <SectionHeading
            id="included-title"
            align="start"
            eyebrow="Every package"
            title="What's included as standard"
            lead="Not sure which package suits your home? We'll survey for free and recommend the right boiler, not the dearest one."
          />
          <CheckList items={included} className="split__list" />
        </div>
      </section>

      <CtaBand
        title="Ready for a warmer, cheaper-to-run home?"
        text="Call now for a free survey and a fixed price, or send us your details for a quote."
      />
    </>
  );
}
