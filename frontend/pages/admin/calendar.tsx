import { Button, Code, Flex, Heading, Select, Text } from "@radix-ui/themes";
import { useState } from "react";
import { londonToday, mondayOf } from "../../../schema/london-time";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { AvailabilityForm } from "../../components/admin/calendar/availability-form";
import { EngineerDiary } from "../../components/admin/calendar/engineer-diary";
import { WeekView } from "../../components/admin/calendar/week-view";
import { ConfirmButton } from "../../components/admin/confirm-button";
import { PageHeader } from "../../components/admin/page-header";
import { useCalendarSettings } from "../../hooks/admin/use-calendar";
import { useEngineers } from "../../hooks/admin/use-engineers";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { errorMessage } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";
import "../../components/admin/calendar/calendar.css";

/** /admin/calendar: the week's visits, the availability online booking uses, and the private calendar feed. */
export default function Calendar() {
  const today = londonToday();
  const [filters, setFilters] = useUrlFilters(["week", "engineer"] as const);
  const engineers = useEngineers();
  const engineer = Number(filters.engineer) || undefined;
  const monday = /^\d{4}-\d{2}-\d{2}$/.test(filters.week) ? mondayOf(filters.week) : mondayOf(today);
  const calendar = useCalendarSettings();
  const [rotating, setRotating] = useState(false);

  const rotate = async () => {
    setRotating(true);
    try {
      await calendar.rotate();
      await calendar.refresh();
      notify({
        title: "New calendar link",
        description: "Subscribe your phone to the new address; the old one no longer works.",
        variant: "success",
      });
    } catch (e) {
      notify({ title: "Not changed", description: errorMessage(e, "Please try again."), variant: "destructive" });
    } finally {
      setRotating(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Calendar"
        subtitle="Online bookings and scheduled visits, your availability, and the feed for your phone."
      />
      <Flex direction="column" gap="5">
        {(engineers.data?.length ?? 0) > 1 ? (
          <Flex align="center" gap="2">
            <Text as="label" size="2" weight="medium" htmlFor="diary-engineer">
              Engineer
            </Text>
            <Select.Root value={filters.engineer || "all"} onValueChange={(v) => setFilters({ engineer: v === "all" ? "" : v })}>
              <Select.Trigger id="diary-engineer" />
              <Select.Content position="popper">
                <Select.Item value="all">Everyone</Select.Item>
                {engineers.data!.map((e) => (
                  <Select.Item key={e.id} value={String(e.id)}>
                    {e.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        ) : null}
        <WeekView
          monday={monday}
          today={today}
          onWeek={(week) => setFilters({ week: week === mondayOf(today) ? "" : week })}
          blockedDays={calendar.data?.settings.blockedDays}
          engineers={engineers.data ?? []}
          engineer={engineer}
        />
        {engineers.data ? <EngineerDiary engineers={engineers.data} onSaved={engineers.refresh} /> : null}
        {calendar.error ? (
          <ErrorState message="Failed to load the availability." onRetry={calendar.refresh} />
        ) : !calendar.data ? (
          <LoadingState label="Loading the availability…" />
        ) : (
          <>
            <AvailabilityForm
              key={JSON.stringify(calendar.data.settings)}
              settings={calendar.data.settings}
              onSave={async (patch) => {
                await calendar.save(patch);
                await calendar.refresh();
              }}
            />
            <section aria-labelledby="calendar-feed" className="admin-card admin-panel">
              <Heading as="h2" size="4" id="calendar-feed" mb="2">
                Calendar feed for your phone
              </Heading>
              <Text as="p" size="2" color="gray" mb="3">
                Add this address as a subscribed calendar (iPhone: Settings › Calendar › Accounts › Add Subscribed Calendar;
                Google Calendar: From URL). Keep it private: anyone with it can see your visits.
              </Text>
              <Code className="calendar-feed-url" data-testid="feed-url">
                {calendar.data.feedUrl}
              </Code>
              <Flex gap="2" mt="3" wrap="wrap">
                <Button
                  variant="soft"
                  onClick={() =>
                    navigator.clipboard
                      ?.writeText(calendar.data!.feedUrl)
                      .then(() => notify({ title: "Copied", variant: "success" }))
                      .catch(() =>
                        notify({ title: "Copy failed", description: "Select the address and copy it.", variant: "destructive" }),
                      )
                  }
                >
                  Copy address
                </Button>
                <ConfirmButton
                  variant="soft"
                  color="red"
                  disabled={rotating}
                  title="Make a new calendar address?"
                  description="The old address stops working at once: calendars subscribed to it stop updating until you add the new one."
                  confirmLabel="Make a new address"
                  onConfirm={rotate}
                >
                  Rotate link
                </ConfirmButton>
              </Flex>
            </section>
          </>
        )}
      </Flex>
    </>
  );
}
