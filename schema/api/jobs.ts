/**
 * A job (docs/decisions/023-the-job.md): the thread one piece of work hangs on, for one customer at
 * one property: its quote, its visits with their paperwork, its invoices and their payments. Its
 * state is read from them, in the order the work goes.
 */
export const jobStates = ["accepted", "scheduled", "in progress", "done", "invoiced", "paid", "cancelled"] as const;
export type JobState = (typeof jobStates)[number];

/** What the state is read from: the facts of the job's quote, visits and invoices. */
export type JobFacts = {
  quote: { status: string } | null;
  visits: { status: string; visitStart: string | null; serviceDate: string }[];
  /** Issued and void invoices count; drafts do not. */
  invoices: { status: string; paidAt: string | null; balancePence: number }[];
};

/**
 * The job's state: cancelled with its quote; while a visit is still to do, in progress (one is under
 * way) or scheduled (accepted, while a quote's visit has no time yet); with every visit done, paid
 * when every issued invoice is, invoiced once one is, else done. A visit added after the invoice (a
 * return visit) puts the job back to work until it is done.
 */
export function jobState({ quote, visits, invoices }: JobFacts): JobState {
  if (quote?.status === "cancelled") return "cancelled";
  if (visits.some((v) => v.status === "in-progress")) return "in progress";
  if (visits.some((v) => v.status !== "completed"))
    return quote && !visits.some((v) => v.visitStart !== null) ? "accepted" : "scheduled";
  const issued = invoices.filter((i) => i.status === "issued");
  if (issued.length > 0) return issued.every((i) => i.paidAt !== null) ? "paid" : "invoiced";
  return "done";
}

/** What the owner does next, in the screen's words. */
export function jobNextStep(state: JobState, facts: JobFacts & { draftInvoiceId: number | null }): string {
  switch (state) {
    case "accepted":
      return "Book a time for the visit";
    case "scheduled": {
      const next = facts.visits.find((v) => v.status !== "completed");
      return next?.visitStart ? "Carry out the visit" : "Agree a time for the visit";
    }
    case "in progress":
      return "Finish the job sheet";
    case "done":
      return facts.draftInvoiceId ? "Issue the draft invoice" : "Invoice the job";
    case "invoiced":
      return "Wait for payment, or chase it";
    case "paid":
      return "Nothing: paid in full";
    case "cancelled":
      return "Nothing: the customer cancelled";
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
  /** Whether "Invoice the job" can make a draft now (every visit done, no invoice yet). */
  canInvoice: boolean;
};
