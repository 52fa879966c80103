import type { ReactNode } from "react";
import { company } from "../../schema/business";
import { settings } from "../../schema/settings";
import { PageHero } from "../components/site/page-hero";
import { FactLink } from "../lib/facts";

/**
 * /review-policy: how reviews are asked for, as the Digital Markets, Competition and Consumers Act
 * 2024 (Schedule 20) and the CMA's guidance on fake reviews expect a business to say: everyone is
 * invited alike, nobody is paid or filtered, and anyone can report a review they doubt. The rules
 * it states are the ones worker/services/reviews/ keeps (settings.reviews).
 */
const sections: { id: string; title: string; body: ReactNode }[] = [
  {
    id: "who",
    title: "Every customer is invited",
    body: (
      <p>
        After every job that is finished and paid for, we invite the customer to review us: every customer, whatever we think they
        might say, and whether the job went smoothly or not. Each job gets one invitation, and nobody is asked more than once in{" "}
        {settings.reviews.daysBetween} days.
      </p>
    ),
  },
  {
    id: "same",
    title: "The same message and link for everyone",
    body: (
      <p>
        Everyone gets the same message, by e-mail or text as they chose, with the same link to our public reviews page. We never
        ask for a rating first, never send unhappy customers somewhere else, and never treat a complaint differently: a complaint
        is answered as a complaint, and its customer is invited to review us like everyone else.
      </p>
    ),
  },
  {
    id: "not-paid",
    title: "No reviews are paid for or filtered",
    body: (
      <p>
        We offer nothing for a review: no discount, no prize draw, no gift. We never write reviews ourselves, never buy them,
        never ask friends or staff to post them, and never hide or remove a review because it is critical. The reviews on this
        site are real ones, shown with where and when they were given.
      </p>
    ),
  },
  {
    id: "report",
    title: "Reporting a review",
    body: (
      <p>
        If you think a review of {company.name} is fake, paid for or misleading, tell us on <FactLink to="phone" /> or at{" "}
        <FactLink to="email" /> and we will look into it. You can also report it to the site it is on, or to the Competition and
        Markets Authority.
      </p>
    ),
  },
  {
    id: "opt-out",
    title: "Not being asked",
    body: (
      <p>
        You will not be invited if you have told us you want no messages from us: reply STOP to any of our texts, or follow the
        link in one of our reminder e-mails.
      </p>
    ),
  },
];

export default function ReviewPolicy() {
  return (
    <>
      <PageHero
        eyebrow="Review policy"
        title="How we ask for reviews"
        lead="Every customer is invited to review us after a paid job, in the same words and with the same link. No review is paid for, filtered or written by us."
      />
      <section className="section privacy terms" aria-label="Review policy">
        <div className="container">
          <div className="privacy__body">
            {sections.map((section) => (
              <section key={section.id} aria-labelledby={`reviews-${section.id}`}>
                <h2 id={`reviews-${section.id}`} className="privacy__title">
                  {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
