import { Badge } from "@radix-ui/themes";
import { boilerService } from "../../schema/business";
import { formatPounds } from "../../schema/format";
import { CallButton } from "../components/site/call-button";
import { CheckList } from "../components/site/check-list";
import { CtaBand } from "../components/site/cta-band";
import { FlameIcon } from "../components/site/icons";
import { PageHero } from "../components/site/page-hero";
import { SectionHeading } from "../components/site/section-heading";

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

const offers = [
  {
    name: "Summer Offer",
    price: formatPounds(boilerService.summerOfferPence),
    note: (
      <>
        Normally <s>{formatPounds(boilerService.summerNormallyPence)}</s>, {boilerService.summerDiscountPercent}% off until{" "}
        {boilerService.summerOfferUntil}
      </>
    ),
    featured: true,
  },
  {
    name: "One-off Service",
    price: formatPounds(boilerService.oneOffPence),
    note: "A single full annual service",
    featured: false,
  },
  {
    name: "Annual Plan",
    price: formatPounds(boilerService.annualPlanPence),
    note: "Per year: yearly service with a reminder, booked for you",
    featured: false,
  },
];

/** /service/boiler-service: summer-sale banner, checklist and pricing. */
export default function BoilerService() {
  return (
    <>
      <PageHero
        image="/images/site/gallery-service.svg"
        banner={
          <p className="sale-banner">
            <FlameIcon size={18} /> <strong>Summer Sale:</strong> boiler service {formatPounds(boilerService.summerOfferPence)}{" "}
            (normally {formatPounds(boilerService.summerNormallyPence)}), save {boilerService.summerDiscountPercent}% until{" "}
            {boilerService.summerOfferUntil}
          </p>
        }
        eyebrow="Boiler service"
        title="Annual boiler servicing from a Gas Safe engineer"
        lead="A yearly service keeps your boiler safe, efficient and within its warranty, and catches small faults before they become breakdowns."
      >
        <CallButton size="4">Book: call now</CallButton>
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
      </section>

      <section className="section section--muted" aria-labelledby="service-pricing-title">
        <div className="container">
          <SectionHeading id="service-pricing-title" eyebrow="Pricing" title="Simple, fixed service prices" />
          <ul className="offers">
            {offers.map((offer) => (
              <li key={offer.name} className={offer.featured ? "card offer offer--featured" : "card offer"}>
                {offer.featured ? (
                  <Badge size="3" variant="solid" className="offer__badge">
                    Summer Sale
                  </Badge>
                ) : null}
                <h3 className="offer__name">{offer.name}</h3>
                <p className="offer__price">{offer.price}</p>
                <p className="offer__note">{offer.note}</p>
                <CallButton variant={offer.featured ? "solid" : "outline"} className="offer__cta">
                  Call to book
                </CallButton>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand
        title="Boiler due a service?"
        text="Call to book a date that suits you. Most services are booked within the week."
      />
    </>
  );
}
