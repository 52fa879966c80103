import { Badge, Button } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Fact, useOffer } from "../../lib/facts";
import { CheckList } from "../site/check-list";
import { ChevronRightIcon } from "../site/icons";
import { SectionHeading } from "../site/section-heading";

type Card = {
  title: string;
  /** The badge on the picture; "offer": the live offer's title, shown only while it runs. */
  tag: string | "offer";
  href: string;
  image: string;
  price: ReactNode;
  text: string;
  points: string[];
  cta: string;
};

const cards: Card[] = [
  {
    title: "Boiler Service",
    tag: "offer",
    href: "/service/boiler-service",
    image: "/images/site/gallery-service.svg",
    price: (
      <>
        From <Fact name="service.from" />
      </>
    ),
    text: "A full annual service by a Gas Safe engineer keeps your boiler safe, efficient and under warranty.",
    points: ["Safety and flue gas checks", "Clean, test and adjust", "Written service report"],
    cta: "Book a boiler service",
  },
  {
    title: "Plumber Services",
    tag: "Save 25%",
    href: "/service/plumbing",
    image: "/images/site/gallery-bathroom.svg",
    price: "No call-out charge",
    text: "Leaks, taps, toilets, radiators and full bathroom installs, done properly by local plumbers.",
    points: ["Leak detection and repair", "Taps, toilets and showers", "Radiators and pipework"],
    cta: "See plumbing services",
  },
];

/** Landing section 3 (anchor "services"). */
export function ServiceCards() {
  const offer = useOffer();
  return (
    <section id="services" className="section" aria-labelledby="services-title">
      <div className="container">
        <SectionHeading
          id="services-title"
          eyebrow="Our services"
          title="Heating and plumbing, sorted"
          lead="From a yearly boiler service to a dripping tap, one local team you can rely on."
        />
        <div className="service-cards">
          {cards.map((card) => (
            <article key={card.href} className="card service-card">
              <div className="service-card__media">
                <img src={card.image} alt="" width={800} height={600} loading="lazy" decoding="async" />
                {card.tag !== "offer" ? (
                  <Badge size="3" variant="solid" className="service-card__tag">
                    {card.tag}
                  </Badge>
                ) : offer ? (
                  <Badge size="3" variant="solid" className="service-card__tag" data-offer="">
                    <Fact name="offer.title" />
                  </Badge>
                ) : null}
              </div>
              <div className="service-card__body">
                <h3 className="service-card__title">{card.title}</h3>
                <p className="service-card__price">{card.price}</p>
                <p className="service-card__text">{card.text}</p>
                <CheckList items={card.points} />
                <Button asChild size="3" className="service-card__cta">
                  <Link href={card.href}>
                    {card.cta} <ChevronRightIcon size={18} />
                  </Link>
                </Button>
              </div>
            </article>
          ))}
        </div>
        <p className="service-cards__more">
          Also: <Link href="/service/repairs">Home repairs</Link> · <Link href="/boiler-pricing">New boiler prices</Link> ·{" "}
          <Link href="/service/gas-electricity">Gas &amp; electricity tariffs</Link>
        </p>
      </div>
    </section>
  );
}
