import { Badge, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { memo, type ReactNode, startTransition, useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "wouter";
import type { Product } from "../../../schema/api/products";
import type { TodayAnswer } from "../../../schema/api/visits";
import { formatPence } from "../../../schema/format";
import { addDays, londonToday } from "../../../schema/london-time";
import { formatDate, formatDayAndMonth, formatTime } from "../../../schema/london-time-text";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { PageHeader } from "../../components/admin/page-header";
import { OnMyWay } from "../../components/admin/visits/on-my-way";
import { adminApi, adminPage, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { forgetPreloadedDay, preloadedDay } from "../../lib/admin/preloaded-day";
import {
  flushOutbox,
  type OutboxEntry,
  onOutboxChange,
  outboxEntries,
  rememberCatalogue,
  rememberDay,
  rememberedDay,
} from "../../lib/admin/sheet-outbox";
import { whenIdle } from "../../lib/idle";
import { telHref } from "../../lib/tel";

type SheetCode = typeof import("../../components/admin/visits/job-sheet");
type SheetProps = Parameters<SheetCode["JobSheet"]>[0];

/**
 * The job sheet's code (the form, the parts finder, the outbox's photos) loads when a sheet is
 * opened. The service worker fetched it when it installed (public/admin-sw.js), so it opens without
 * signal too; the day's screen does not run it just to have it kept.
 *
 * Not React.lazy: a lazy component throws its failure to the root, so a sheet tapped without signal
 * before the worker had the code (a first visit that lost signal at once) would blank the whole
 * screen. Here the failure is said on the card. The browser keeps a failed import's failure for the
 * page's life, so asking again means loading the page again: "Try Again" reloads (the day, and
 * anything waiting to sync, are kept on the phone).
 */
let sheetCode: SheetCode | null = null;

function OpenJobSheet(props: SheetProps) {
  const [code, setCode] = useState(sheetCode);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (code) return;
    let live = true;
    import("../../components/admin/visits/job-sheet").then(
      (loaded) => {
        sheetCode = loaded;
        if (live) setCode(loaded);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code]);
  if (code) return <code.JobSheet {...props} />;
  if (failed)
    return (
      <ErrorState
        message="The job sheet could not be opened: this phone needs signal once to fetch it."
        onRetry={() => location.reload()}
      />
    );
  return <LoadingState label="Opening the job sheet…" />;
}

const isDate = (s: string | null): s is string => s !== null && /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * /admin/today: the engineer's day on a phone. The visits in time order, each with the customer to
 * call, the address to open in the phone's maps, the appliances, what was done last time and what
 * is owed, and the job sheet; yesterday and tomorrow a tap away.
 */
type Loaded = { answer: TodayAnswer; offline: string | null };

/** The day from the server, kept on the phone; without signal, the copy kept last time. */
function useDay(date: string) {
  // The day the page's HTML asked for, when it is this one, is shown in the first render.
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const answer = preloadedDay(date);
    return answer && { answer, offline: null };
  });
  const [error, setError] = useState<unknown>(null);
  const keep = useCallback((answer: TodayAnswer) => {
    void rememberDay(answer);
    // The part names too, for the job sheet without signal.
    void rememberCatalogue(async () =>
      (await adminPage<Product>("/api/admin/products?limit=500")).items.map((p) => ({ id: p.id, name: p.name })),
    ).catch(() => undefined);
  }, []);
  const load = useCallback(async () => {
    try {
      const answer = await adminApi<TodayAnswer>(`/api/admin/today?date=${date}`);
      // The day's visits render in slices that yield to the browser.
      startTransition(() => {
        setLoaded({ answer, offline: null });
        setError(null);
      });
      keep(answer);
    } catch (e) {
      const kept = await rememberedDay(date).catch(() => null);
      if (kept) setLoaded({ answer: kept.answer, offline: kept.savedAt });
      else setError(e);
    }
  }, [date, keep]);
  useEffect(() => {
    const early = preloadedDay(date);
    forgetPreloadedDay();
    // Kept once the day is on screen and the browser idle: not part of the first render's work.
    if (early) return whenIdle(() => keep(early));
    setLoaded(null);
    void load();
  }, [date, load, keep]);
  return { loaded, error, reload: load };
}

const NO_ENTRIES: OutboxEntry[] = [];

/**
 * The phone's outbox, kept current. First read once the day is on screen and the browser idle (the
 * day does not wait on the phone's database); an empty outbox read again is the same state, so the
 * day is not rendered again for it.
 */
function useOutbox() {
  const [entries, setEntries] = useState(NO_ENTRIES);
  useEffect(() => {
    const show = (next: OutboxEntry[]) => setEntries(next.length ? next : NO_ENTRIES);
    const read = () => void outboxEntries().then(show, () => show([]));
    const cancel = whenIdle(() => {
      read();
      void flushOutbox();
    });
    const stop = onOutboxChange(read);
    return () => {
      cancel();
      stop();
    };
  }, []);
  return entries;
}

/** Each visit's entries, the same (empty) array for a visit with none, so its card need not render again. */
function entriesByVisit(entries: OutboxEntry[]) {
  const byVisit = new Map<number, OutboxEntry[]>();
  for (const entry of entries) byVisit.set(entry.visitId, [...(byVisit.get(entry.visitId) ?? []), entry]);
  return (visitId: number) => byVisit.get(visitId) ?? NO_ENTRIES;
}

export default function Today() {
  const [params] = useSearchParams();
  const date = isDate(params.get("date")) ? params.get("date")! : londonToday();
  const { loaded, error, reload } = useDay(date);
  const entries = useOutbox();
  const waiting = entries.filter((e) => e.state === "waiting").length;
  const entriesOf = entriesByVisit(entries);
  // Once this phone's syncs are through, the day is read again with their answers.
  const before = useRef(waiting);
  useEffect(() => {
    if (before.current > 0 && waiting === 0) void reload();
    before.current = waiting;
  }, [waiting, reload]);
  const day = (offset: number) => `/today?date=${addDays(date, offset)}`;
  // The owner's and the office's day has more than one engineer in it: each card names its own.
  // (A day this phone kept from before the team had engineers has none.)
  const showEngineers = new Set(loaded?.answer.visits.flatMap((v) => (v.engineers ?? []).map((e) => e.id))).size > 1;
  let body: ReactNode;
  if (loaded) {
    body =
      loaded.answer.visits.length === 0 ? (
        <EmptyState message="No visits on this day." />
      ) : (
        <ol className="admin-list admin-today" aria-label={`Visits on ${formatDate(date)}`}>
          {loaded.answer.visits.map((visit) => (
            <li key={visit.id}>
              <Visit visit={visit} entries={entriesOf(visit.id)} onReload={reload} showEngineers={showEngineers} />
            </li>
          ))}
        </ol>
      );
  } else if (error) {
    body = isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load the day, and this phone has no copy of it.")} onRetry={reload} />
    );
  } else body = <LoadingState label="Loading the day…" />;
  return (
    <>
      <PageHeader
        title={date === londonToday() ? "Today" : formatDayAndMonth(`${date}T12:00:00Z`)}
        subtitle={date === londonToday() ? formatDayAndMonth(`${date}T12:00:00Z`) : undefined}
        actions={
          <Flex gap="2">
            <Button asChild variant="soft" color="gray">
              <Link href={day(-1)}>Previous day</Link>
            </Button>
            <Button asChild variant="soft" color="gray">
              <Link href={day(1)}>Next day</Link>
            </Button>
          </Flex>
        }
      />
      {loaded?.offline || waiting ? (
        <Text as="p" size="2" role="status" mb="3" className="admin-sync-status">
          {loaded?.offline ? `No signal: the day as this phone kept it at ${formatTime(loaded.offline)}. ` : ""}
          {waiting ? `${waiting} ${waiting === 1 ? "change" : "changes"} waiting to sync.` : ""}
        </Text>
      ) : null}
      {body}
    </>
  );
}

/** A visit's card; memoized, so the day's other changes (an outbox entry of another visit) pass it by. */
const Visit = memo(function Visit({ visit, entries, onReload, showEngineers }: SheetProps & { showEngineers?: boolean }) {
  // A sheet opens on a tap, so the day shows (and answers) before any form is built; one with
  // changes waiting on this phone opens by itself, to show what is waiting and what failed.
  const [open, setOpen] = useState(false);
  const waiting = entries.length > 0;
  useEffect(() => {
    if (waiting) setOpen(true);
  }, [waiting]);
  const phone = visit.customer?.phone;
  return (
    <article className="admin-card" aria-label={`Visit: ${visit.serviceType}${visit.customer ? `, ${visit.customer.name}` : ""}`}>
      <Flex justify="between" align="start" gap="2" wrap="wrap">
        <div>
          <Text as="p" size="2" color="gray">
            {visit.start && visit.end ? `${formatTime(visit.start)}–${formatTime(visit.end)}` : "Time to be agreed"}
          </Text>
          <Heading as="h2" size="4">
            {visit.serviceType}
            {visit.customer ? ` · ${visit.customer.name}` : ""}
          </Heading>
          {showEngineers || (visit.engineers?.length ?? 0) > 1 ? (
            <Text as="p" size="2" color="gray" data-testid="visit-engineers">
              {(visit.engineers ?? []).map((e) => e.name).join(" and ")}
            </Text>
          ) : null}
        </div>
        <Badge
          variant="soft"
          highContrast
          color={visit.status === "completed" ? "green" : visit.status === "in-progress" ? "amber" : "gray"}
        >
          {visit.status === "in-progress" ? "On site" : visit.status === "completed" ? "Done" : "Booked"}
        </Badge>
      </Flex>
      <Flex direction="column" gap="1" mt="2">
        {visit.address ? (
          <Text size="2">
            <a href={visit.mapsUrl!} target="_blank" rel="noopener">
              {visit.address}
            </a>
          </Text>
        ) : null}
        {visit.tenant ? (
          <Text size="2">
            Tenant{visit.tenant.name ? ` ${visit.tenant.name}` : ""}
            {visit.tenant.phone ? (
              <>
                {": "}
                <a href={telHref(visit.tenant.phone)}>Call {visit.tenant.phone}</a>
              </>
            ) : null}
          </Text>
        ) : null}
        {phone ? (
          <Text size="2">
            {visit.tenant ? "Landlord: " : null}
            <a href={telHref(phone)}>Call {phone}</a>
          </Text>
        ) : null}
        {visit.appliances.length ? (
          <Text size="2">
            {visit.appliances.map((a) => `${a.location}: ${[a.make, a.model].filter(Boolean).join(" ") || a.type}`).join(" · ")}
          </Text>
        ) : null}
        {visit.lastVisit ? (
          <Text size="2" color="gray">
            Last visit {formatDate(visit.lastVisit.date)} ({visit.lastVisit.serviceType})
            {visit.lastVisit.notes ? `: ${visit.lastVisit.notes}` : ""}
          </Text>
        ) : null}
        {visit.owedPence > 0 ? (
          <Text size="2" color="red" weight="medium">
            Owes {formatPence(visit.owedPence)} on invoices
          </Text>
        ) : null}
        {visit.description ? <Text size="2">{visit.description}</Text> : null}
        {visit.status === "scheduled" ? <OnMyWay visitId={visit.id} start={visit.start} /> : null}
      </Flex>
      {open ? (
        <OpenJobSheet key={visit.version} visit={visit} entries={entries} onReload={onReload} />
      ) : (
        <Flex justify="end" mt="3">
          <Button onClick={() => setOpen(true)}>
            {visit.status === "in-progress"
              ? "Continue the job sheet"
              : visit.sheet
                ? "Open the job sheet"
                : "Start the job sheet"}
          </Button>
        </Flex>
      )}
    </article>
  );
});
