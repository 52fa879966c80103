import { company } from "./business";
import { addDays, londonDateOf } from "./london-time";

/**
 * What a quote accepted online must tell the customer under the Consumer Contracts (Information,
 * Cancellation and Additional Charges) Regulations 2013: the right to cancel within 14 days, how,
 * what happens when they asked for the work to start sooner, and the model cancellation form of
 * Schedule 3. Versioned: an acceptance records the version it was shown.
 */
export const CANCELLATION_NOTICE_VERSION = "2026-11";
export const CANCELLATION_DAYS = 14;

/** The last day (London) the customer may cancel a contract made at `acceptedAt`. */
export const cancelUntil = (acceptedAt: string) => addDays(londonDateOf(acceptedAt), CANCELLATION_DAYS);

export const cancellationNotice = (facts: { phone: string; email: string; address: string }) => [
  `Your right to cancel: you may cancel this contract within ${CANCELLATION_DAYS} days without giving any reason. The cancellation period ends ${CANCELLATION_DAYS} days after the day the contract is made (the day you accept this quote); for goods we supply with the work, ${CANCELLATION_DAYS} days after the day the goods come into your possession.`,
  `To cancel, tell us clearly before the period ends: use the cancellation link in your confirmation e-mail, e-mail ${facts.email}, call ${facts.phone}, or write to ${company.name}, ${facts.address}. You may use the model cancellation form below, but you do not have to.`,
  "If you cancel, we refund every payment you made, including the deposit, without undue delay and within 14 days of the day you tell us, by the same means you paid.",
  `If you asked us to start the work within the cancellation period and then cancel, you pay for the work done up to the moment you tell us, in proportion to the whole contract. Once the work is complete at your request, you can no longer cancel.`,
];

export const modelCancellationForm = (facts: { email: string; address: string }) => [
  "Model cancellation form (complete and return this form only if you wish to cancel the contract)",
  `To ${company.name}, ${facts.address}, ${facts.email}:`,
  "I/We hereby give notice that I/We cancel my/our contract for the supply of the following service / goods:",
  "Ordered on / received on:",
  "Name of consumer(s):",
  "Address of consumer(s):",
  "Signature of consumer(s) (only if this form is notified on paper):",
  "Date:",
];

/** The early start the customer asks for, in the words they tick. */
export const EARLY_START_WORDS = `Please start the work within the ${CANCELLATION_DAYS}-day cancellation period. I understand that if I then cancel, I pay for the work done until I tell you, and that I lose the right to cancel once the work is complete.`;
