import { Heading, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { AdminSummary } from "../../../../schema/api/home";
import { formatDate } from "../../../../schema/london-time-text";
import { daysLeftText } from "./building-regs-words";

/**
 * The home screen's Building Regulations notifications the owner has not recorded from day 21 after
 * the work completed: amber to the deadline, red past it (reg. 20(3): 30 days). Each opens its job.
 */
export function NotificationsDue({ due }: { due: AdminSummary["notificationsDue"] }) {
  if (due.count === 0) return null;
  const overdue = due.jobs.some((j) => j.tone === "red");
  return (
    <section aria-labelledby="notifications-heading" className="admin-card admin-panel admin-quotes-month">
      <Heading as="h2" size="4" id="notifications-heading" color={overdue ? "red" : "amber"}>
        {due.count === 1 ? "1 Building Regulations notification" : `${due.count} Building Regulations notifications`} to make
      </Heading>
      <Text as="p" size="2" mt="1">
        Notify through Gas Safe Register within 30 days of completion, then record the reference on the job.
      </Text>
      <ul className="admin-quotes-accepted">
        {due.jobs.map((j) => (
          <li key={j.jobId} data-tone={j.tone}>
            <Link href={`/jobs/${j.jobId}`}>
              {j.title}
              {j.customerName ? ` for ${j.customerName}` : ""}
            </Link>{" "}
            ·{" "}
            <Text color={j.tone === "red" ? "red" : "amber"} weight="medium">
              {daysLeftText(j.daysLeft)}
            </Text>{" "}
            (by {formatDate(j.deadline)})
          </li>
        ))}
      </ul>
    </section>
  );
}
