import { Select, Text, TextField } from "@radix-ui/themes";
import type { Audience, AudienceCount, CampaignSegment } from "../../../../schema/api/campaigns";
import { settings } from "../../../../schema/settings";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { useDebounced } from "../../../hooks/use-debounced";
import { Field } from "../form-field";

/** Who the campaign goes to: the subscribers picked by hand, or an audience the server selects. */
export type AudienceChoice = { segment: "picked" | CampaignSegment; since: string; source: string };
export const pickedAudience: AudienceChoice = { segment: "picked", since: "", source: "" };

const segmentLabels: Record<AudienceChoice["segment"], string> = {
  picked: "Subscribers picked on the Subscribers tab",
  all: "Every active subscriber",
  since: "Signed up since a day",
  source: "Signed up on a page of the site",
  "service-due": "Customers with a service due",
  buyers: "Customers who bought from the store",
};

const segmentHints: Partial<Record<AudienceChoice["segment"], string>> = {
  "service-due": `Subscribers whose latest visit names a next service within ${settings.campaigns.serviceDueDays} days of today.`,
  buyers: "Subscribers who have paid for a store order.",
};

/** The request's audience, or undefined while it is hand-picked or not complete (a day or a page still to choose). */
export function audienceOf(choice: AudienceChoice): Audience | undefined {
  switch (choice.segment) {
    case "picked":
      return undefined;
    case "since":
      return choice.since ? { segment: "since", since: choice.since } : undefined;
    case "source":
      return choice.source ? { segment: "source", source: choice.source } : undefined;
    default:
      return { segment: choice.segment };
  }
}

/** How many the audience holds now (the server counts it as a send would), asked for once the choice settles. */
function useAudienceCount(choice: AudienceChoice) {
  const audience = useDebounced(audienceOf(choice), 250);
  const params = new URLSearchParams(audience ?? { segment: "all" });
  const { data, error } = useAdminData<AudienceCount>(`/api/admin/campaigns/audience?${params}`);
  return { count: audience ? data?.count : undefined, sources: data?.sources ?? [], error };
}

const people = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "person" : "people"}`;

type Props = {
  value: AudienceChoice;
  onChange: (value: AudienceChoice) => void;
  /** How many are picked on the Subscribers tab. */
  pickedCount: number;
};

/** The audience select, its day or page, and how many the campaign will go to. */
export function CampaignAudienceField({ value, onChange, pickedCount }: Props) {
  const { count, sources, error } = useAudienceCount(value);
  let summary: string;
  let short = false;
  if (value.segment === "picked") {
    short = pickedCount === 0;
    summary = short
      ? "Select recipients on the Subscribers tab."
      : `${pickedCount} ${pickedCount === 1 ? "recipient" : "recipients"} selected`;
  } else if (!audienceOf(value)) {
    short = true;
    summary = value.segment === "since" ? "Choose the day." : "Choose the page.";
  } else if (error) summary = "The audience could not be counted; it is counted again when you send.";
  else if (count === undefined) summary = "Counting…";
  else {
    short = count === 0;
    summary = count === 0 ? "Nobody in this audience is an active subscriber yet." : `This will go to ${people(count)}.`;
  }
  return (
    <>
      <Field id="campaign-audience" label="Send to" hint={segmentHints[value.segment]}>
        <Select.Root
          value={value.segment}
          onValueChange={(segment) => onChange({ ...value, segment: segment as AudienceChoice["segment"] })}
        >
          <Select.Trigger id="campaign-audience" className="admin-select" aria-describedby="campaign-audience-count" />
          <Select.Content position="popper">
            {Object.entries(segmentLabels).map(([segment, label]) => (
              <Select.Item key={segment} value={segment}>
                {label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Field>
      {value.segment === "since" ? (
        <Field id="campaign-audience-since" label="Signed up on or after">
          <TextField.Root
            id="campaign-audience-since"
            type="date"
            value={value.since}
            onChange={(e) => onChange({ ...value, since: e.target.value })}
          />
        </Field>
      ) : null}
      {value.segment === "source" ? (
        <Field id="campaign-audience-source" label="Signed up on">
          <Select.Root value={value.source} onValueChange={(source) => onChange({ ...value, source })}>
            <Select.Trigger id="campaign-audience-source" className="admin-select" placeholder="Choose a page" />
            <Select.Content position="popper">
              {sources.map((s) => (
                <Select.Item key={s.source} value={s.source}>
                  {`${s.source} (${s.count.toLocaleString("en-GB")})`}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Field>
      ) : null}
      <Text id="campaign-audience-count" size="2" color={short ? "red" : "gray"} role="status">
        {summary}
      </Text>
    </>
  );
}
