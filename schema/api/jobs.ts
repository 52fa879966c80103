import type { JobBuildingRegs } from "./installations";
import { listQuerySchema } from "./lists";
import { z } from "./z";

/**
 * A job (docs/decisions/023-the-job.md): the thread one piece of work hangs on, for one customer at
 * one property: its quote, its visits with their paperwork, its invoices and their payments. Its
 * state is read from them, in the order the work goes (worker/services/jobs/job-state.ts).
 */
export const jobStates = [
  "enquiry",
  "quoted",
  "accepted",
  "scheduled",
  "in progress",
  "done",
  "invoiced",
  "paid",
  "cancelled",
] as const;
export type JobState = (typeof jobStates)[number];

/** What the owner's next step is read from, besides the state. */
export type NextStepFacts = {
  /** The job's quote's status (as the customer sees it: "expired" once past its date), if it has one. */
  quoteStatus: string | null;
  /** The first visit still to do, if any: its agreed time, or null while it has none. */
  nextVisitStart: string | null | undefined;
  draftInvoiceId: number | null;
  /** The job fitted a notifiable installation whose Building Regulations notification is not recorded yet. */
  notificationOwed?: boolean;
  /** Its visits are done but it fitted a boiler whose Benchmark commissioning checklist is not issued. */
  benchmarkOwed?: boolean;
};

/** What the owner does next, in the screen's words. */
export function jobNextStep(state: JobState, facts: NextStepFacts): string {
  switch (state) {
    case "enquiry":
      return "Price it and send the quote";
    case "quoted":
      return "Wait for the customer's answer, or follow the quote up";
    case "accepted":
      return "Book a time for the visit";
    case "scheduled":
      return facts.nextVisitStart ? "Carry out the visit" : "Agree a time for the visit";
    case "in progress":
      return facts.benchmarkOwed && facts.nextVisitStart === undefined
        ? "Issue the Benchmark commissioning checklist for the boiler fitted"
        : "Finish the job sheet";
    case "done":
      if (facts.draftInvoiceId) return "Issue the draft invoice";
      return facts.notificationOwed ? "Record the Building Regulations notification, then invoice the job" : "Invoice the job";
    case "invoiced":
      return "Wait for payment, or chase it";
    case "paid":
      return "Nothing: paid in full";
    case "cancelled":
      return facts.quoteStatus === "declined"
        ? "Nothing: the customer declined the quote"
        : facts.quoteStatus === "expired"
          ? "Nothing: the quote expired"
          : "Nothing: the customer cancelled";
  }
}

/** One thing that happened on the job, oldest first on its screen. */
export type JobEvent = {
  kind: "enquiry" | "quote" | "deposit" | "visit" | "document" | "invoice" | "payment" | "credit";
  at: string;
  title: string;
  detail: string | null;
  status: string | null;
  /** Where the back office opens it (under /admin), when it has a screen. */
  href: string | null;
};

export type JobSummary = {
  id: number;
  title: string;
  state: JobState;
  customerId: number | null;
  customerName: string | null;
  propertyId: number | null;
  place: string | null;
  createdAt: string;
};

/** GET /api/admin/jobs/:id. */
export type AdminJob = JobSummary & {
  next: string;
  events: JobEvent[];
  /** The job's draft invoice (made and not yet issued), if any. */
  draftInvoiceId: number | null;
  /** Whether "Invoice the job" can make a draft now (every visit done, no invoice yet, its notification recorded). */
  canInvoice: boolean;
  /** The Building Regulations notification the job owes, when it fitted a boiler, a cylinder or a gas fire. */
  buildingRegs: JobBuildingRegs | null;
  /** While a boiler's Benchmark checklist is owed: the visit it is started at (the job's last) and a draft already started. */
  benchmarkStart: { visitId: number; draftId: number | null } | null;
};

/** GET /api/admin/jobs: every job, newest first, searched and filtered by state. */
export const jobListQuerySchema = listQuerySchema({ max: 100, defaultLimit: 50 }).extend({
  state: z.enum(jobStates, { error: "Unknown state" }).optional(),
});
