import { Button, Card, Flex, Heading, Select, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link } from "wouter";
import type { Slot } from "../../../../schema/api/bookings";
import type { AdminQuote } from "../../../../schema/api/quotes";
import type { AdminServiceRecord } from "../../../../schema/api/records";
import { cancelUntil } from "../../../../schema/consumer-contracts";
import { addDays, londonDateOf, londonToday } from "../../../../schema/london-time";
import { formatFullDate, formatShortDay, formatTime, formatVisitTime } from "../../../../schema/london-time-text";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";

const lengths = [
  { minutes: 60, label: "1 hour" },
  { minutes: 120, label: "2 hours" },
  { minutes: 240, label: "Half a day" },
  { minutes: 480, label: "A day" },
] as const;
const SHOWN = 8;

/**
 * The accepted quote's job: until its visit has a time, the diary's next free slots for a visit of
 * the chosen length (from tomorrow when the customer asked to start early, else from the day after
 * the 14 days to cancel), one tap to book it and e-mail the customer the time.
 */
export function JobBooking({ quote }: { quote: AdminQuote }) {
  const visitId = quote.visitId!;
  const job = useAdminData<AdminServiceRecord>(`/api/admin/service-records/${visitId}`);
  const [minutes, setMinutes] = useState<number>(480);
  const [busy, setBusy] = useState(false);
  const acceptance = quote.acceptance!;
  const from = acceptance.startEarly ? addDays(londonToday(), 1) : addDays(cancelUntil(acceptance.acceptedAt), 1);
  const unbooked = job.data && !job.data.visitStart && job.data.status !== "completed";
  const slots = useAdminData<Slot[]>(
    unbooked ? `/api/admin/service-records/free-times?minutes=${minutes}&from=${from}&days=31` : "",
  );

  async function book(slot: Slot) {
    setBusy(true);
    try {
      await adminApi<AdminServiceRecord>(`/api/admin/service-records/${visitId}`, {
        method: "PATCH",
        json: {
          serviceDate: londonDateOf(slot.start),
          visitStart: slot.start,
          visitEnd: slot.end,
          status: "scheduled",
          notifyCustomer: Boolean(quote.customerEmail),
        },
      });
      notify({
        title: "Job booked",
        description: `${formatVisitTime(slot.start)}${quote.customerEmail ? ": the customer is e-mailed the time" : ""}.`,
      });
      await job.refresh();
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Error", description: errorMessage(e, "Could not book the job"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  if (job.error) return null;
  return (
    <Card asChild className="admin-panel" mb="4">
      <section aria-labelledby="job-booking-title">
        <Heading as="h2" size="4" id="job-booking-title">
          The job
        </Heading>
        {!job.data ? (
          <Text size="2">Loading the job…</Text>
        ) : job.data.visitStart ? (
          <Text as="p" size="2">
            Booked for {formatVisitTime(job.data.visitStart)}.{" "}
            <Link className="admin-muted-link" href={`/service-records?record=${visitId}`}>
              Open the visit
            </Link>
          </Text>
        ) : (
          <>
            <Text as="p" size="2" mb="2">
              Not booked yet. {acceptance.startEarly ? "The customer asked to start early: " : "The 14 days to cancel end "}
              {acceptance.startEarly
                ? "free times from tomorrow."
                : `on ${formatFullDate(cancelUntil(acceptance.acceptedAt))}: free times after that.`}
            </Text>
            <Flex gap="2" align="center" mb="2" wrap="wrap">
              <Text as="label" size="2" htmlFor="job-length">
                Length
              </Text>
              <Select.Root value={String(minutes)} onValueChange={(v) => setMinutes(Number(v))}>
                <Select.Trigger id="job-length" className="admin-select" />
                <Select.Content>
                  {lengths.map((l) => (
                    <Select.Item key={l.minutes} value={String(l.minutes)}>
                      {l.label}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
            {slots.error ? (
              <Text size="2" color="red">
                The free times could not be loaded.
              </Text>
            ) : !slots.data ? (
              <Text size="2">Finding free times…</Text>
            ) : slots.data.length === 0 ? (
              <Text size="2">
                No free times of that length in the next month: choose a shorter visit, or set a time on the visit.
              </Text>
            ) : (
              <ul className="admin-free-times" aria-label="The next free times">
                {slots.data.slice(0, SHOWN).map((slot) => (
                  <li key={slot.start}>
                    <Button type="button" size="2" variant="soft" disabled={busy} onClick={() => book(slot)}>
                      {formatShortDay(slot.start)}, {formatTime(slot.start)}–{formatTime(slot.end)}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <Text as="p" size="2" mt="2">
              <Link className="admin-muted-link" href={`/service-records?record=${visitId}`}>
                Or open the visit to set another time
              </Link>
            </Text>
          </>
        )}
      </section>
    </Card>
  );
}
