import { company, coverageAreas } from "../../../schema/business";
import { Fact, FactLink } from "../../lib/facts";
import { CheckIcon, MapPinIcon, PhoneIcon } from "../site/icons";
import { SectionHeading } from "../site/section-heading";
import { EnquiryForm } from "./enquiry-form";

/** Landing section 8 (anchor "quote"): the coverage list beside the quote form. */
export function EnquirySection() {
  return (
    <section id="quote" className="section quote-section" aria-labelledby="quote-title">
      <div className="container quote-section__grid">
        <div className="quote-section__aside">
          <SectionHeading
            id="quote-title"
            align="start"
            eyebrow="Free quote"
            title="Get your free, no-obligation quote"
            lead={`Tell us what you need and we'll get back to you within ${company.enquiryResponseHours} hours during business hours with a clear, fixed price.`}
          />
          <h3 className="quote-section__areas-title">
            <MapPinIcon size={20} /> Areas we cover
          </h3>
          <ul className="quote-section__areas">
            {coverageAreas.map((area) => (
              <li key={area}>
                <CheckIcon size={18} /> {area}
              </li>
            ))}
          </ul>
          <div className="quote-section__call">
            <p className="quote-section__call-label">Prefer to talk? Call us now:</p>
            <FactLink to="phone" className="quote-section__call-number">
              <PhoneIcon size={22} /> <Fact name="phone" />
            </FactLink>
          </div>
        </div>
        <EnquiryForm />
      </div>
    </section>
  );
}
