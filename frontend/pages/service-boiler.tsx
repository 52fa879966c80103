import { Badge } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { BookButton, CallButton } from "../components/site/call-button";
import { CheckList } from "../components/site/check-list";
import { CtaBand } from "../components/site/cta-band";
import { FlameIcon } from "../components/site/icons";
import { PageHero } from "../components/site/page-hero";
import { SectionHeading } from "../components/site/section-heading";
import { Fact, useOffer } from "../lib/facts";

const checklist = [
  "Visual inspection of the boiler, pipework and flue",
  "Flue gas analysis to check safe, efficient combustion",
  "Gas pressure and flow rate tests",
  "Clean and inspect the burner, heat exchanger and condensate trap",
  "Check all safety devices, seals and controls",
  "Test system pressure, expansion vessel and radiators",
  "Carbon monoxide check and advice",
  "Written service report and Gas Safe record",
];

type Price = { name: string; price: ReactNode; note: ReactNode; plan?: boolean };

const prices: Price[] = [
  { name: "One-off Service", price: <Fact name="service.oneOff" />, note: "A single full annual service" },
  {
    name: "Annual Plan",
    price: <Fact name="service.annualPlan" />,
    note: "Per year: yearly service with a reminder, booked for you",
    plan: true,
  },
];

/** /service/boiler-service: summer-sale banner, checklist and pricing. */
export default function BoilerService() {
  const offer = useOffer();
  return (
    <>
      <PageHero
        image="/images/site/gallery-service.svg"
        banner={
          offer ? (
            <p className="sale-banner" data-offer="">
              <FlameIcon size={18} />
              <span>
                <strong>
                  <Fact name="offer.title" />:
                </strong>{" "}
                boiler service <Fact name="offer.price" />
                <span className="fact-optional">
                  {" "}
                  (normally <Fact name="offer.was" />, save <Fact name="offer.percent" />)
                </span>{" "}
                until <Fact name="offer.until" />
              </span>
            </p>
          ) : null
        }
        eyebrow="Boiler service"
        title="Annual boiler servicing from a Gas Safe engineer"
        lead="A yearly service keeps your boiler safe, efficient and within its warranty, and catches small faults before they become breakdowns."
      >
        <BookButton service="annual-service" size="4" variant="solid">
          Book online
        </BookButton>
        <CallButton size="4" variant="surface" className="page-hero__alt">
          Or call <Fact name="phone" />
        </CallButton>
      </PageHero>

      <section className="section" aria-labelledby="checklist-title">
        <div className="container split">
          <SectionHeading
            id="checklist-title"
            align="start"
            eyebrow="What we check"
            title="Our boiler service checklist"
            lead="Every service follows the manufacturer's instructions and takes about an hour."
          />
          <CheckList items={checklist} className="split__list" />
        </div>
        <div className="container">
          <aside className="card landlord-note" aria-labelledby="landlord-title">
            <div>
              <h3 id="landlord-title">Landlord? Gas safety certificates too</h3>
              <p>
                We carry out the yearly gas safety check (CP12) that every rented home needs, and leave you the certificate on the
                day.
              </p>
            </div>
            <BookButton service="gas-safety">Book a gas safety check</BookButton>
          </aside>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="service-pricing-title">
        <div className="container">
          <SectionHeading id="service-pricing-title" eyebrow="Pricing" title="Simple, fixed service prices" />
          <ul className="offers">
            {offer ? (
              <li className="card offer offer--featured" data-offer="">
                <Badge size="3" variant="solid" className="offer__badge">
                  <Fact name="offer.title" />
                </Badge>
                <h3 className="offer__name">Boiler Service Offer</h3>
                <p className="offer__price">
                  <Fact name="offer.price" />
                </p>
                <p className="offer__note">
                  <Fact name="offer.text" />
                  <span className="fact-optional">
                    {" "}
                    Normally{" "}
                    <s>
                      <Fact name="offer.was" />
                    </s>
                    .
                  </span>{" "}
                  Until <Fact name="offer.until" />.
                </p>
                <BookButton service="annual-service" variant="solid" className="offer__cta">
                  Book online
                </BookButton>
              </li>
            ) : null}
            {prices.map((price) => (
              <li key={price.name} className="card offer">
                <h3 className="offer__name">{price.name}</h3>
                <p className="offer__price">{price.price}</p>
                <p className="offer__note">{price.note}</p>
                {price.plan ? (
                  <CallButton variant="outline" className="offer__cta">
                    Call to join
                  </CallButton>
                ) : (
                  <BookButton service="annual-service" className="offer__cta">
                    Book online
                  </BookButton>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand
        title="Boiler due a service?"
        text="Book online or call for a date that suits you. Most services are booked within the week."
      />
    </>
  );
}
