import { Grid, Heading, Text } from "@radix-ui/themes";
import { type CoAlarmCheck, coAlarmsFor } from "../../../../schema/api/co-alarms";
import type { FieldErrors } from "../../../lib/use-form";
import { ChoiceField, fromYesNo, toYesNo, yesNo } from "./choice-field";

/**
 * The CO alarm check of each room with a gas appliance on the record: fitted, then tested, then
 * working, each asked only when the answer before makes it a question. Room n here is `coAlarms.n`
 * in the record's checks (schema/api/co-alarms.ts).
 */
export function CoAlarmChecks({
  rooms,
  answers,
  errors,
  onChange,
  disabled,
}: {
  rooms: string[];
  answers: CoAlarmCheck[];
  errors: FieldErrors;
  onChange: (answers: CoAlarmCheck[], room: number) => void;
  disabled: boolean;
}) {
  const list = coAlarmsFor(rooms, answers);
  const setRoom = (n: number, change: Partial<CoAlarmCheck>) =>
    onChange(
      list.map((a, i) => (i === n ? { ...a, ...change } : a)),
      n,
    );
  return (
    <section className="admin-card admin-panel gsr-section" aria-labelledby="gsr-co-heading">
      <Heading as="h2" size="4" id="gsr-co-heading" mb="1">
        Carbon monoxide alarms
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        Each room with a gas appliance on this record.
      </Text>
      {rooms.length === 0 ? (
        <Text as="p" size="2" color="gray">
          Tick the appliances checked: their rooms are listed here.
        </Text>
      ) : (
        <Grid gap="3">
          {list.map((a, i) => {
            const id = (field: string) => `gsr-coAlarms-${i}-${field}`;
            const error = (field: string) => errors[`coAlarms.${i}.${field}`];
            return (
              <article key={a.room} className="admin-card gsr-co-room" aria-label={`CO alarm: ${a.room}`}>
                <Heading as="h3" size="3" mb="2">
                  {a.room}
                </Heading>
                <Grid gap="3">
                  <ChoiceField
                    id={id("fitted")}
                    label="CO alarm fitted"
                    value={toYesNo(a.fitted)}
                    options={yesNo}
                    onChange={(v) => setRoom(i, { fitted: fromYesNo(v), ...(v === "no" ? { tested: null, working: null } : {}) })}
                    error={error("fitted")}
                    disabled={disabled}
                  />
                  {a.fitted ? (
                    <ChoiceField
                      id={id("tested")}
                      label="Alarm tested"
                      value={toYesNo(a.tested)}
                      options={yesNo}
                      onChange={(v) => setRoom(i, { tested: fromYesNo(v), ...(v === "no" ? { working: null } : {}) })}
                      error={error("tested")}
                      disabled={disabled}
                    />
                  ) : null}
                  {a.fitted && a.tested ? (
                    <ChoiceField
                      id={id("working")}
                      label="Alarm working"
                      value={toYesNo(a.working)}
                      options={yesNo}
                      onChange={(v) => setRoom(i, { working: fromYesNo(v) })}
                      error={error("working")}
                      disabled={disabled}
                    />
                  ) : null}
                </Grid>
              </article>
            );
          })}
        </Grid>
      )}
    </section>
  );
}
