import { company } from "../../../schema/business";
import { DAY_NAMES, londonWallTime, MONTH_NAMES } from "../../../schema/london-time";
import { factsNow } from "../settings/business-facts";

/**
 * The words of every text, each signed with the firm's name and its 24/7 line, and each within
 * two parts (settings.sms.maxSegments; test/sms-wording.test.ts holds them to it). Plain GSM-7
 * characters only (no curly quotes or dashes), or a text costs more than twice as much.
 */
const signed = (text: string) => `${text} ${company.shortName}, 24/7 line ${factsNow().emergencyPhone}`;

/** "Tue 2 Dec at 10:00", London time. */
export function visitWhen(startsAt: string): string {
  const wall = londonWallTime(startsAt);
  const [, month, day] = wall.date.split("-").map(Number);
  const weekday = DAY_NAMES[new Date(`${wall.date}T12:00:00Z`).getUTCDay()]!.slice(0, 3);
  return `${weekday} ${day} ${MONTH_NAMES[month! - 1]!.slice(0, 3)} at ${wall.time}`;
}

export const smsWording = {
  visitReminder: (what: string, startsAt: string, day: "today" | "tomorrow" = "tomorrow") =>
    signed(`Reminder: your ${what} visit is ${day}, ${visitWhen(startsAt)}. Reply C to confirm or R to move it.`),
  bookingConfirmed: (what: string, startsAt: string) =>
    signed(`Booked: your ${what} visit on ${visitWhen(startsAt)}. Reply R to move it.`),
  visitMoved: (what: string, startsAt: string) => signed(`Moved: your ${what} visit is now on ${visitWhen(startsAt)}.`),
  visitCancelled: (what: string, startsAt: string) => signed(`Cancelled: your ${what} visit on ${visitWhen(startsAt)}.`),
  onMyWay: (engineer: string, minutes: number, around: string) =>
    signed(`${engineer} is on the way to you and should arrive in about ${minutes} minutes (around ${around}).`),
  confirmed: (startsAt: string) => signed(`Thank you, your visit on ${visitWhen(startsAt)} is confirmed.`),
  manageLink: (url: string) => signed(`To move or cancel your visit: ${url}`),
  callToMove: () => signed(`To move your visit please call us on ${factsNow().phone}.`),
  optedOut: () => `${company.shortName}: you will get no more texts from us. Reply START to have them again.`,
  optedIn: () => `${company.shortName}: you will get our texts again. Reply STOP to stop them.`,
};
