import { SectionHeading } from "../site/section-heading";
import { Stars } from "../site/stars";

const testimonials = [
  {
    quote:
      "Our boiler packed up on a Sunday night in January. Dave's team were here first thing Monday, had the part fitted by lunchtime and the price was exactly what they quoted.",
    name: "Sarah M.",
    place: "Stretford",
    job: "Emergency boiler repair",
  },
  {
    quote:
      "Had a new combi fitted to replace our old back boiler. Clear advice, no hard sell, and they left the place cleaner than they found it. Heating bills are noticeably lower already.",
    name: "James T.",
    place: "Sale",
    job: "New boiler installation",
  },
  {
    quote:
      "Booked the summer service offer and a dripping radiator valve sorted in the same visit. Friendly, on time and really knowledgeable. We'll be using them every year.",
    name: "Priya K.",
    place: "Altrincham",
    job: "Boiler service and plumbing",
  },
] as const;

/** Landing section 6: three static customer testimonials with 5-star ratings. */
export function Testimonials() {
  return (
    <section className="section" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="What our customers say" />
        <ul className="testimonials">
          {testimonials.map((t) => (
            <li key={t.name} className="card testimonial">
              <figure>
                <Stars value={5} />
                <blockquote>
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial__avatar" aria-hidden="true">
                    {t.name.charAt(0)}
                  </span>
                  <span className="testimonial__who">
                    <strong>{t.name}</strong>
                    <span className="testimonial__meta">
                      {t.place} · {t.job}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
