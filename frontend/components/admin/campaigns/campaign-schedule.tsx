import "./campaigns.css";
import { Text, TextField } from "@radix-ui/themes";
import { sendCampaignSchema } from "../../../../schema/api/campaigns";
import { formatUkLong, tomorrowMorning, ukLocalToIso } from "./uk-time";

/** When the campaign goes: now, or at `at`, a UK wall-clock time ("yyyy-mm-ddThh:mm"). */
export type CampaignSchedule = { mode: "now" | "later"; at: string };
export const sendNow: CampaignSchedule = { mode: "now", at: "" };

/** The `sendAt` of the request: undefined to send now; "" when the time cannot be read (the schema refuses it). */
export const sendAtOf = (schedule: CampaignSchedule): string | undefined =>
  schedule.mode === "now" ? undefined : (ukLocalToIso(schedule.at) ?? "");

/** What the shared schema says is wrong with a send time (in the past, too far ahead, unreadable), if anything. */
export function sendAtProblem(sendAt: string | undefined): string | undefined {
  const result = sendCampaignSchema.shape.sendAt.safeParse(sendAt);
  return result.success ? undefined : result.error.issues[0]?.message;
}

type Props = {
  value: CampaignSchedule;
  onChange: (value: CampaignSchedule) => void;
  /** The server's or the last send attempt's message; a time already past shows its own as it is picked. */
  error?: string;
};

const choices = [
  { mode: "now", label: "Send now", hint: "Goes out straight away" },
  { mode: "later", label: "Schedule", hint: "Pick a date and time" },
] as const;

/** "Send now" or "Schedule" with a date and time picker in UK time (the API gets ISO UTC). */
export function CampaignScheduleField({ value, onChange, error: sendError }: Props) {
  const sendAt = sendAtOf(value);
  // No `min` on the picker: the browser would block the send with its own message in its own date format.
  const error = sendError ?? (value.mode === "later" && value.at ? sendAtProblem(sendAt) : undefined);
  const describedBy = error ? "campaign-send-at-error" : "campaign-send-at-hint";

  return (
    <fieldset className="campaign-schedule">
      <legend className="campaign-schedule__legend">When to send</legend>
      <div className="campaign-schedule__choices">
        {choices.map((choice) => (
          <label key={choice.mode} className="campaign-schedule__choice">
            <input
              type="radio"
              name="campaign-when"
              value={choice.mode}
              checked={value.mode === choice.mode}
              onChange={() => onChange({ mode: choice.mode, at: value.at || tomorrowMorning() })}
            />
            <span>
              <span className="campaign-schedule__label">{choice.label}</span>
              <span className="campaign-schedule__hint">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {value.mode === "later" ? (
        <div className="campaign-schedule__time">
          <Text as="label" htmlFor="campaign-send-at" size="2" weight="medium">
            Date and time (UK time)
          </Text>
          <TextField.Root
            id="campaign-send-at"
            type="datetime-local"
            mt="1"
            required
            value={value.at}
            onChange={(e) => onChange({ ...value, at: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          {error ? (
            <Text as="p" size="1" color="red" mt="1" id="campaign-send-at-error">
              {error}
            </Text>
          ) : (
            <Text as="p" size="1" color="gray" mt="1" id="campaign-send-at-hint">
              {sendAt ? `Sends on ${formatUkLong(sendAt)} (UK time).` : "Choose the day and time to send it."}
            </Text>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
