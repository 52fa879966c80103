import type { ReactNode } from "react";
import { company } from "../../../schema/business";
import { AwardIcon, ClockIcon, PoundIcon, ShieldIcon } from "../site/icons";
import { SectionHeading } from "../site/section-heading";

const reasons: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <ShieldIcon size={26} />,
    title: "Qualified & Insured",
    text: "Gas Safe registered engineers with full public liability insurance, so every job is done safely and legally.",
  },
  {
    icon: <ClockIcon size={26} />,
    title: "Fast Response",
    text: `Same-day appointments across central Manchester and an emergency response within ${company.emergencyResponseHours} hours, day or night.`,
  },
  {
    icon: <PoundIcon size={26} />,
    title: "Transparent Pricing",
    text: "Free quotes, fixed prices agreed before we start and no call-out charges. No surprises on the bill.",
  },
  {
    icon: <AwardIcon size={26} />,
    title: "Quality Workmanship",
    text: `Tidy, careful work with a ${company.warrantyMonths}-month warranty on our labour and manufacturer warranties on parts.`,
  },
];

/** Landing section 5. */
export function WhyChooseUs() {
  return (
    <section className="section section--muted" aria-labelledby="why-title">
      <div className="container">
        <SectionHeading
          id="why-title"
          eyebrow="Why choose us"
          title="The local engineers people recommend"
          lead="We're a small, family-run team, and we treat every home like our own."
        />
        <ul className="reasons">
          {reasons.map((reason) => (
            <li key={reason.title} className="card reason">
              <span className="icon-chip">{reason.icon}</span>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
