import type { ReactNode } from "react";
import { CallButton } from "../components/site/call-button";
import { CheckList } from "../components/site/check-list";
import { CtaBand } from "../components/site/cta-band";
import { LeafIcon, LockIcon, TrendIcon } from "../components/site/icons";
import { PageHero } from "../components/site/page-hero";
import { SectionHeading } from "../components/site/section-heading";

const tariffs: { icon: ReactNode; name: string; summary: string; points: string[] }[] = [
  {
    icon: <LockIcon size={26} />,
    name: "Fixed Tariff",
    summary: "Lock in your unit rates and standing charges so your bills stay predictable.",
    points: ["Prices fixed for 12 or 24 months", "Protection from price rises", "Ideal for budgeting households"],
  },
  {
    icon: <LeafIcon size={26} />,
    name: "Green Tariff",
    summary: "Electricity backed by renewable sources, paired with carbon-offset gas.",
    points: ["100% renewable electricity", "Carbon-offset gas options", "Pairs well with an efficient new boiler"],
  },
  {
    icon: <TrendIcon size={26} />,
    name: "Variable Tariff",
    summary: "Flexible rates that follow the market, with no exit fees if you want to switch.",
    points: ["No exit fees", "Benefit when prices fall", "Switch to a fixed deal at any time"],
  },
];

/** /service/gas-electricity: fixed, green and variable tariff cards, all contacting by phone. */
export default function GasElectricity() {
  return (
    <>
      <PageHero
        image="/images/site/gallery-thermostat.svg"
        eyebrow="Gas & electricity"
        title="Find the right energy tariff for your home"
        lead="We'll talk you through fixed, green and variable tariffs and how a more efficient boiler can cut your bills further."
      >
        <CallButton size="4" />
      </PageHero>

      <section className="section section--muted" aria-labelledby="tariffs-title">
        <div className="container">
          <SectionHeading
            id="tariffs-title"
            eyebrow="Tariffs"
            title="Compare tariff types"
            lead="Rates change often, so we quote on the phone with today's prices for your postcode and usage."
          />
          <ul className="tariffs">
            {tariffs.map((tariff) => (
              <li key={tariff.name} className="card tariff">
                <span className="icon-chip">{tariff.icon}</span>
                <h3 className="tariff__name">{tariff.name}</h3>
                <p className="tariff__summary">{tariff.summary}</p>
                <CheckList items={tariff.points} />
                <CallButton className="tariff__cta">Call about {tariff.name.toLowerCase()}s</CallButton>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand title="Want lower heating bills?" text="Call us for tariff advice and a free check of your boiler's efficiency." />
    </>
  );
}
