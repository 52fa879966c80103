import { addDays, daysBetween } from "../london-time";
import type { BuildingRegsRecord } from "./building-regs";

/**
 * The Building Regulations notification a job owes (issue 47): a job whose accepted quote fits a
 * notifiable installation must be notified through Gas Safe Register within 30 days of completion
 * (Building Regulations 2010 reg. 20(3)), so the occupier and the local authority get the compliance
 * certificate. The installations a quote line can be marked as, the deadline's colours and the
 * answers' shapes; no zod here, so the customer's account page can name them without carrying it
 * (the request contract is ./building-regs.ts).
 */
export const installationKinds = ["boiler", "cylinder", "gas-fire"] as const;
export type InstallationKind = (typeof installationKinds)[number];

export const installationLabels: Record<InstallationKind, string> = {
  boiler: "Boiler",
  cylinder: "Unvented hot water cylinder",
  "gas-fire": "Gas fire",
};

/** As a sentence names it: "This job fitted a boiler and a gas fire". */
export const installationNouns: Record<InstallationKind, string> = {
  boiler: "a boiler",
  cylinder: "an unvented hot water cylinder",
  "gas-fire": "a gas fire",
};

/** Days from completion the law gives (reg. 20(3)), and the day the owner is warned from. */
export const NOTIFY_WITHIN_DAYS = 30;
export const WARN_FROM_DAY = 21;

export type NotificationTone = "neutral" | "amber" | "red";

/**
 * How urgent an unrecorded notification is on London day `today`, the work completed on
 * `completedOn` (both London dates, counted in calendar days whatever the clocks do): neutral up to
 * day 20, amber from day 21 to the deadline (day 30), red past it.
 */
export function notificationUrgency(completedOn: string, today: string) {
  const day = daysBetween(completedOn, today);
  const tone: NotificationTone = day > NOTIFY_WITHIN_DAYS ? "red" : day >= WARN_FROM_DAY ? "amber" : "neutral";
  return { day, daysLeft: NOTIFY_WITHIN_DAYS - day, tone };
}

/** The last London day completion on `completedOn` may be notified on. */
export const notificationDeadline = (completedOn: string) => addDays(completedOn, NOTIFY_WITHIN_DAYS);

export const notifiedByLabels = { us: "Notified through Gas Safe Register", other: "Notified by another party" } as const;

/** What the job's screen shows of the notification it owes (null on a job that owes none). */
export type JobBuildingRegs = {
  installations: InstallationKind[];
  /** The day the work completed (its last visit's), null while a visit is still to do. */
  completedOn: string | null;
  deadline: string | null;
  /** Not due while the work is not complete; to notify once it is; notified once recorded. */
  state: "not due" | "to notify" | "notified";
  /** How urgent, while it is to notify. */
  tone: NotificationTone | null;
  /** Days to the deadline (negative past it), while it is to notify. */
  daysLeft: number | null;
  record: (BuildingRegsRecord & { recordedAt: string }) | null;
  /** It fitted a boiler and no Benchmark commissioning checklist is issued at its visits: the job is not done. */
  benchmarkOwed: boolean;
};

/** Why a job that fitted a boiler is not done, nor invoiced as done, until its Benchmark is issued. */
export const BENCHMARK_OWED =
  "This job fitted a boiler: issue its Benchmark commissioning checklist at the fitting visit before invoicing it.";

/** One notification past day 20 and not recorded, on the home screen. */
export type NotificationDue = {
  jobId: number;
  title: string;
  customerName: string | null;
  completedOn: string;
  deadline: string;
  tone: "amber" | "red";
  daysLeft: number;
};

/** What the customer's account shows once the notification is known. */
export type AccountNotification = {
  title: string;
  installations: InstallationKind[];
  notifiedOn: string | null;
  reference: string | null;
  certificateNumber: string | null;
};
