import type { ReactNode } from "react";
import type { AdminSummary } from "../../../schema/api/home";
import { formatDayAndMonth } from "../../../schema/london-time-text";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { FindCustomer } from "../../components/admin/customers/find-customer";
import { PageHeader } from "../../components/admin/page-header";
import { StatTile } from "../../components/admin/stat-tile";
import { useAdminSummary } from "../../hooks/admin/use-summary";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";

/**
 * Each count and the list it opens, filtered where the list can be (the products and orders screens
 * read `lowStock` and `status`; the reminders screen opens on those due).
 */
const tiles: { key: keyof AdminSummary; label: string; href: string; hint: string; tone: "navy" | "orange" | "green" | "red" }[] =
  [
    { key: "newQuotes", label: "New quotes", href: "/quotes?state=new", hint: "Not read yet", tone: "orange" },
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

export default function Home() {
  const { summary, error, refresh } = useAdminSummary();
  let body: ReactNode;
  if (summary) {
    body = (
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
