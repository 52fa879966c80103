import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { AdminSummary, UrgentRequest } from "../../../schema/api/home";
import { formatPence } from "../../../schema/format";
import { formatDateTime, formatDayAndMonth } from "../../../schema/london-time-text";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { FindCustomer } from "../../components/admin/customers/find-customer";
import { NotificationsDue } from "../../components/admin/jobs/notifications-due";
import { PageHeader } from "../../components/admin/page-header";
import { StatTile } from "../../components/admin/stat-tile";
import { useAdminSummary } from "../../hooks/admin/use-summary";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { telHref } from "../../lib/tel";

/**
 * Each count and the list it opens, filtered where the list can be (the products and orders screens
 * read `lowStock` and `status`; the reminders screen opens on those due).
 */
type Count = Exclude<
  keyof AdminSummary,
  "urgent" | "quotesThisMonth" | "acceptedQuotes" | "invoices" | "erasureRequests" | "notificationsDue"
>;

const tiles: { key: Count; label: string; href: string; hint: string; tone: "navy" | "orange" | "green" | "red" }[] = [
  {
    key: "urgentEnquiries",
    label: "Urgent enquiries",
    href: "/quotes?state=all",
    hint: "Danger words, not replied to",
    tone: "red",
  },
  { key: "newEnquiries", label: "New enquiries", href: "/quotes?state=new", hint: "Not read yet", tone: "orange" },
  {
    key: "ordersToConfirm",
    label: "Orders to confirm",
    href: "/orders?status=new",
    hint: "New, paid or by order form",
    tone: "orange",
  },
  { key: "ordersToDispatch", label: "Orders to dispatch", href: "/orders?status=confirmed", hint: "Confirmed", tone: "navy" },
  {
    key: "visitsThisWeek",
    label: "Visits this week",
    href: "/calendar",
    hint: "Scheduled, Monday to Sunday",
    tone: "green",
  },
  {
    key: "remindersDue",
    label: "Service reminders due",
    href: "/reminders",
    hint: "Due within 30 days, as listed in Reminders",
    tone: "navy",
  },
  {
    key: "lowStockProducts",
    label: "Low-stock products",
    href: "/products?lowStock=1",
    hint: "At or below their threshold",
    tone: "red",
  },
  {
    key: "failedCampaignSends",
    label: "Failed campaign sends",
    href: "/email-subscribers?tab=campaigns",
    hint: "Failed or unknown, last 30 days",
    tone: "red",
  },
];

/** Requests that said something dangerous, first on the screen, each with why and a call button. */
function UrgentRequests({ urgent }: { urgent: UrgentRequest[] }) {
  if (urgent.length === 0) return null;
  return (
    <section aria-labelledby="urgent-heading" className="admin-urgent">
      <Heading as="h2" size="4" id="urgent-heading" color="red">
        Urgent: call these first
      </Heading>
      <ul>
        {urgent.map((r) => (
          <li key={r.id}>
            <Flex justify="between" align="center" gap="3" wrap="wrap">
              <div>
                <Text as="div" weight="bold">
                  {r.reason}
                </Text>
                <Text as="div" size="2">
                  <Link href={`/quotes?state=all&q=${encodeURIComponent(r.phone || r.name)}`}>{r.name}</Link> ·{" "}
                  {formatDateTime(r.createdAt)}
                </Text>
              </div>
              {r.phone ? (
                <Button asChild color="red">
                  <a href={telHref(r.phone)}>Call {r.phone}</a>
                </Button>
              ) : null}
            </Flex>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Quotes this month, and the ones just accepted (each a job to book). */
function QuotesThisMonth({ summary }: { summary: AdminSummary }) {
  const m = summary.quotesThisMonth;
  if (m.sent === 0 && summary.acceptedQuotes.length === 0) return null;
  return (
    <section aria-labelledby="quotes-month-heading" className="admin-card admin-panel admin-quotes-month">
      <Heading as="h2" size="4" id="quotes-month-heading">
        <Link href="/estimates">Quotes this month</Link>
      </Heading>
      <Text as="p" size="2" mt="1">
        {m.sent} sent · {m.viewed} opened · {m.accepted} accepted · {formatPence(m.acceptedPence)} accepted
      </Text>
      {summary.acceptedQuotes.length ? (
        <ul className="admin-quotes-accepted">
          {summary.acceptedQuotes.map((q) => (
            <li key={q.id}>
              <Link href={`/estimates/${q.id}`}>
                Accepted: {q.number} by {q.customerName}
              </Link>{" "}
              · {formatPence(q.grossPence)} · {formatDateTime(q.acceptedAt)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Customers asking for their account to be deleted: the law gives a month to answer. */
function ErasureRequestsWaiting({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <section aria-labelledby="erasure-heading" className="admin-card admin-panel admin-quotes-month">
      <Heading as="h2" size="4" id="erasure-heading" color="red">
        <Link href="/customers#deletion-requests">
          {count === 1 ? "1 customer asks" : `${count} customers ask`} for their account to be deleted
        </Link>
      </Heading>
      <Text as="p" size="2" mt="1">
        Answer within a month: erase or refuse on the Customers screen.
      </Text>
    </section>
  );
}

/** What customers owe on issued invoices, and what of it is overdue (the list's Overdue tab). */
function MoneyOwed({ owed }: { owed: AdminSummary["invoices"] }) {
  if (owed.owedPence === 0) return null;
  return (
    <section aria-labelledby="owed-heading" className="admin-card admin-panel admin-quotes-month">
      <Heading as="h2" size="4" id="owed-heading">
        <Link href="/invoices?status=unpaid">Owed to you: {formatPence(owed.owedPence)}</Link>
      </Heading>
      <Text as="p" size="2" mt="1" color={owed.overdue ? "red" : undefined}>
        {owed.overdue ? (
          <Link href="/invoices?status=overdue">
            {owed.overdue} {owed.overdue === 1 ? "invoice" : "invoices"} overdue · {formatPence(owed.overduePence)}
          </Link>
        ) : (
          "Nothing overdue."
        )}
      </Text>
    </section>
  );
}

export default function Home() {
  const { summary, error, refresh } = useAdminSummary();
  let body: ReactNode;
  if (summary) {
    body = (
      <>
        <UrgentRequests urgent={summary.urgent} />
        <ErasureRequestsWaiting count={summary.erasureRequests} />
        <NotificationsDue due={summary.notificationsDue} />
        <MoneyOwed owed={summary.invoices} />
        <QuotesThisMonth summary={summary} />
        <nav aria-label="What needs you today" className="admin-home-tiles">
          {tiles.map((t) => (
            <StatTile
              key={t.key}
              label={t.label}
              value={summary[t.key]}
              hint={t.hint}
              tone={summary[t.key] === 0 ? "navy" : t.tone}
              href={t.href}
            />
          ))}
        </nav>
      </>
    );
  } else if (error) {
    body = isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load today's counts.")} onRetry={refresh} />
    );
  } else {
    body = <LoadingState label="Loading today's counts…" />;
  }
  return (
    <>
      <PageHeader title="Today" subtitle={formatDayAndMonth(new Date())} />
      <FindCustomer />
      {body}
    </>
  );
}
