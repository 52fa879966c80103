import { Button } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { company, emergencyLine, gasEmergency } from "../../../schema/business";
import { Fact, FactLink, OpeningHours } from "../../lib/facts";
import { AlertIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "../site/icons";
import { SectionHeading } from "../site/section-heading";
import { MapEmbed } from "./map-embed";

function ContactItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="contact-item">
      <span className="icon-chip icon-chip--navy">{icon}</span>
      <div>
        <h3>{title}</h3>
        {children}
      </div>
    </li>
  );
}

/** Landing section 9 (anchor "contact"). */
export function ContactSection() {
  return (
    <section id="contact" className="section section--muted" aria-labelledby="contact-title">
      <div className="container">
        <SectionHeading
          id="contact-title"
          eyebrow="Contact"
          title="Get in touch"
          lead="Call, email or drop by. We're always happy to give honest advice."
        />
        <div className="contact">
          <ul className="card contact__details">
            <ContactItem icon={<MapPinIcon size={24} />} title="Address">
              <address>
                <Fact name="address" />
              </address>
            </ContactItem>
            <ContactItem icon={<PhoneIcon size={24} />} title="Phone">
              <FactLink to="phone" />
            </ContactItem>
            <ContactItem icon={<MailIcon size={24} />} title="Email">
              <FactLink to="email" />
            </ContactItem>
            <ContactItem icon={<ClockIcon size={24} />} title="Opening hours">
              <OpeningHours className="contact__hours">
                <div>
                  <dt>Emergencies</dt>
                  <dd>{emergencyLine}</dd>
                </div>
              </OpeningHours>
            </ContactItem>
          </ul>
          <MapEmbed />
        </div>
        <aside className="emergency-banner" aria-labelledby="emergency-title">
          <span className="emergency-banner__icon" aria-hidden="true">
            <AlertIcon size={30} />
          </span>
          <div>
            <h3 id="emergency-title">Heating or plumbing emergency?</h3>
            <p className="emergency-banner__text">
              Our {emergencyLine} is always answered. We aim to be with you within {company.emergencyResponseHours} hours. If you
              smell gas, call the National Gas Emergency Service on{" "}
              <a href={`tel:${gasEmergency.number.replace(/\s/g, "")}`}>{gasEmergency.number}</a> first.
            </p>
          </div>
          <Button asChild size="4" variant="surface" color="gray" className="emergency-banner__cta">
            <FactLink to="emergencyPhone">
              <PhoneIcon size={20} /> <Fact name="emergencyPhone" />
            </FactLink>
          </Button>
        </aside>
      </div>
    </section>
  );
}
