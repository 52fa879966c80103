/**
 * The schedule picker's wall-clock time is UK time whatever the computer's own zone, since the
 * owner and the subscribers are in the UK; the API takes ISO UTC. `<input type="datetime-local">`
 * values are "yyyy-mm-ddThh:mm" with no zone.
 */
const UK = "Europe/London";

const ukParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The UK wall-clock time of an instant, as a datetime-local value. */
export function toUkLocal(date: Date): string {
  const part = Object.fromEntries(ukParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** How far the UK is ahead of UTC at an instant, in milliseconds: 0 (GMT) or one hour (BST). */
const ukOffsetMs = (ms: number) => Date.parse(`${toUkLocal(new Date(ms))}Z`) - (ms - (ms % 60_000));

/**
 * The instant a UK wall-clock time names, as ISO UTC; null for an unreadable value. A time the
 * clocks skip in March reads as the hour after; one they repeat in October as its second (GMT) pass.
 */
export function ukLocalToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const asUtc = Date.parse(`${local}Z`);
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guess can differ from the offset at the answer only around a change of the clocks.
  const guess = asUtc - ukOffsetMs(asUtc);
  return new Date(asUtc - ukOffsetMs(guess)).toISOString();
}

/** Tomorrow at 9:00 UK time: a sensible first suggestion for a send time. */
export function tomorrowMorning(now = new Date()): string {
  const tomorrow = toUkLocal(new Date(now.getTime() + 86_400_000));
  return `${tomorrow.slice(0, 10)}T09:00`;
}

const ukLong = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const ukClock = new Intl.DateTimeFormat("en-GB", { timeZone: UK, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "Tuesday 24 November 2026 at 09:00": a send time the owner can check at a glance. */
export const formatUkLong = (iso: string) => `${ukLong.format(new Date(iso))} at ${ukClock.format(new Date(iso))}`;
