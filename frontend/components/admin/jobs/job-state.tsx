import type { JobState } from "../../../../schema/api/jobs";
import { StatusBadge, type StatusTone } from "../status-badge";

/** A job's state as a badge: work to do in the theme's colour, waiting on the customer (an answer, the money) outlined, paid green. */
const tones: Record<JobState, StatusTone> = {
  enquiry: "outline",
  quoted: "outline",
  accepted: "default",
  scheduled: "default",
  "in progress": "default",
  done: "secondary",
  invoiced: "outline",
  paid: "success",
  cancelled: "secondary",
};

export const jobStateLabels: Record<JobState, string> = {
  enquiry: "Enquiry",
  quoted: "Quoted",
  accepted: "Accepted",
  scheduled: "Scheduled",
  "in progress": "In progress",
  done: "Done",
  invoiced: "Invoiced",
  paid: "Paid",
  cancelled: "Cancelled",
};

export const JobStateBadge = ({ state }: { state: JobState }) => (
  <StatusBadge status={state} tones={tones} label={jobStateLabels[state]} />
);
