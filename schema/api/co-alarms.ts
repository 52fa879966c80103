import type { ErrorDetail } from "./errors";
import { yesNoField } from "./fields";
import { z } from "./z";

/**
 * The carbon monoxide alarm check on a gas safety record: for each room with a gas appliance on the
 * record, whether an alarm is fitted, and if so whether it was tested and, tested, whether it works.
 * A room is the appliance's location as the property lists it, matched without regard to case or
 * spaces, so a boiler and a cooker in the kitchen make one room. The form keeps the answers in the
 * rooms' order, so `coAlarms.<n>` is the n-th room here and on the form alike.
 */
export const coAlarmSchema = z.object({
  room: z
    .string({ error: "The room must be text" })
    .trim()
    .min(1, "Name the room")
    .max(120, "The room's name is too long (at most 120 characters)"),
  fitted: yesNoField("CO alarm fitted"),
  tested: yesNoField("CO alarm tested"),
  working: yesNoField("CO alarm working"),
});
export type CoAlarmCheck = z.output<typeof coAlarmSchema>;

export const MAX_CO_ALARM_ROOMS = 30;
export const coAlarmsField = z
  .array(coAlarmSchema, { error: "The CO alarms must be a list" })
  .max(MAX_CO_ALARM_ROOMS, `At most ${MAX_CO_ALARM_ROOMS} rooms`);

const sameRoom = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The rooms of the appliances on the record, in the record's order, each once. */
export function roomsWithAppliances(
  checks: readonly { applianceId: number }[],
  appliances: readonly { id: number; location: string }[],
): string[] {
  const rooms: string[] = [];
  for (const check of checks) {
    const location = appliances.find((a) => a.id === check.applianceId)?.location.trim();
    if (location && !rooms.some((room) => sameRoom(room, location))) rooms.push(location);
  }
  return rooms;
}

export const blankCoAlarm = (room: string): CoAlarmCheck => ({ room, fitted: null, tested: null, working: null });

/** The answers for these rooms, in their order: a room not answered yet is blank, one no longer on the record is gone. */
export const coAlarmsFor = (rooms: readonly string[], answers: readonly CoAlarmCheck[]): CoAlarmCheck[] =>
  rooms.map((room) => {
    const answer = answers.find((a) => sameRoom(a.room, room));
    return answer ? { ...answer, room } : blankCoAlarm(room);
  });

/** Each room's unanswered questions, at `coAlarms.<n>.<field>`. */
export function coAlarmProblems(rooms: readonly string[], answers: readonly CoAlarmCheck[]): ErrorDetail[] {
  return coAlarmsFor(rooms, answers).flatMap((a, i) => {
    const at = (field: string) => `coAlarms.${i}.${field}`;
    if (a.fitted === null) return [{ path: at("fitted"), message: `Say whether a CO alarm is fitted in the ${a.room}` }];
    if (!a.fitted) return [];
    if (a.tested === null) return [{ path: at("tested"), message: "Say whether the alarm was tested" }];
    if (a.tested && a.working === null) return [{ path: at("working"), message: "Say whether the alarm works" }];
    return [];
  });
}

/** Yes, No, or not asked (not fitted, not tested), as the record's PDF prints each answer. */
export function coAlarmRow(a: CoAlarmCheck): [string, string, string, string] {
  const yes = (v: boolean | null) => (v === null ? "-" : v ? "Yes" : "No");
  if (!a.fitted) return [a.room, yes(a.fitted), "-", "-"];
  return [a.room, "Yes", yes(a.tested), a.tested ? yes(a.working) : "Not tested"];
}
