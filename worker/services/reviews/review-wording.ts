import { html } from "hono/html";
import { company } from "../../../schema/business";
import { action, mailParts, say } from "../mail/layout";
import type { MailMessage } from "../mail/types";

/**
 * The review request: the same words and the same link for every customer, whatever anyone
 * expects them to say (the CMA's guidance: invite all, filter none, pay none). No name in it, so
 * it cannot differ by customer; the policy page says how reviews are asked for.
 */
export const REVIEW_INVITATION = `Thank you for choosing ${company.shortName}. We ask every customer for an honest review, good or bad:`;

export const reviewText = (reviewUrl: string, policyUrl: string) => `${REVIEW_INVITATION} ${reviewUrl} How we ask: ${policyUrl}`;

export function reviewMail(to: string, reviewUrl: string, policyUrl: string): MailMessage {
  return {
    kind: "other",
    to,
    subject: `${company.shortName}: would you review us?`,
    ...mailParts(
      "Would you review us?",
      [
        say(REVIEW_INVITATION),
        action(reviewUrl, "Write a review", "Write a review:"),
        say(
          "We invite every customer after a paid job, in these same words. We offer nothing for a review and never filter them.",
        ),
      ],
      {
        text: `How we ask for reviews: ${policyUrl}`,
        html: html`How we ask for reviews: <a href="${policyUrl}">${policyUrl}</a>`,
      },
    ),
  };
}
