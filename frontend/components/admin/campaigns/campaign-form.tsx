import { Button, Card, Flex, Grid, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { campaignDraftSchema } from "../../../../schema/api/campaigns";
import type { BusinessFacts } from "../../../../schema/facts";
import { sendCampaignTest } from "../../../hooks/admin/use-campaigns";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { Field } from "../form-field";
import { type AudienceChoice, audienceOf, CampaignAudienceField } from "./campaign-audience";
import { CampaignPreview } from "./campaign-preview";
import { type CampaignSchedule, CampaignScheduleField } from "./campaign-schedule";
import { type CampaignDraftForm, campaignTemplates } from "./campaign-templates";

type Props = {
  draft: CampaignDraftForm;
  onChange: (draft: CampaignDraftForm) => void;
  schedule: CampaignSchedule;
  onScheduleChange: (schedule: CampaignSchedule) => void;
  scheduleError?: string;
  audience: AudienceChoice;
  onAudienceChange: (audience: AudienceChoice) => void;
  selectedCount: number;
  sending: boolean;
  onSend: () => void;
  /** The company's facts (Settings) for the templates' buttons and the preview's footer. */
  facts: BusinessFacts;
};

/** "Send me a test": the campaign as subscribers will get it, to the owner's own address first. */
function SendTestButton({ draft }: { draft: CampaignDraftForm }) {
  const [busy, setBusy] = useState(false);
  async function sendTest() {
    const checked = campaignDraftSchema.safeParse(draft);
    if (!checked.success) {
      notify({ title: "Not ready to send", description: checked.error.issues[0]?.message, variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      const { to } = await sendCampaignTest(draft);
      notify({
        title: "Test sent",
        description: `The campaign is on its way to ${to}. Check it before sending to everyone.`,
        variant: "success",
      });
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Test not sent", description: errorMessage(e, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" size="3" variant="soft" loading={busy} onClick={sendTest}>
      Send me a test
    </Button>
  );
}

/** Quick templates, the campaign draft and its live preview. */
export function CampaignForm({
  draft,
  onChange,
  schedule,
  onScheduleChange,
  scheduleError,
  audience,
  onAudienceChange,
  selectedCount,
  sending,
  onSend,
  facts,
}: Props) {
  const set = (key: keyof CampaignDraftForm) => (e: { target: { value: string } }) =>
    onChange({ ...draft, [key]: e.target.value });

  const ready = audience.segment === "picked" ? selectedCount > 0 : audienceOf(audience) !== undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSend();
  }

  return (
    <Flex direction="column" gap="5">
      <section aria-labelledby="templates-heading">
        <Heading as="h2" size="4" id="templates-heading" mb="3">
          Quick templates
        </Heading>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          {campaignTemplates(facts).map((t) => (
            <Card key={t.id} asChild className="admin-template">
              <button type="button" onClick={() => onChange({ ...t.draft })}>
                <Text as="div" weight="bold" size="3">
                  <span className="admin-visually-hidden">Use template: </span>
                  {t.name}
                </Text>
                <Text as="div" size="2" color="gray" mt="1">
                  {t.summary}
                </Text>
                <Text as="div" size="1" mt="2" className="admin-template-cta">
                  Button: {t.draft.ctaText}
                </Text>
              </button>
            </Card>
          ))}
        </Grid>
      </section>

      <Grid columns={{ initial: "1", md: "2" }} gap="5">
        <form onSubmit={submit} aria-labelledby="campaign-heading">
          <Card size="3">
            <Heading as="h2" size="4" id="campaign-heading" mb="4">
              Campaign
            </Heading>
            <Flex direction="column" gap="4">
              <Field id="campaign-subject" label="Subject">
                <TextField.Root id="campaign-subject" value={draft.subject} onChange={set("subject")} required maxLength={200} />
              </Field>
              <Field id="campaign-title" label="Title">
                <TextField.Root id="campaign-title" value={draft.title} onChange={set("title")} required maxLength={200} />
              </Field>
              <Field
                id="campaign-content"
                label="Content"
                hint="Write as you would an e-mail: a blank line starts a new paragraph, a line starting with '- ' is a list item, **two stars** make bold."
              >
                <TextArea
                  id="campaign-content"
                  value={draft.content}
                  onChange={set("content")}
                  required
                  rows={7}
                  aria-describedby="campaign-content-hint"
                />
              </Field>
              <Field id="campaign-offer" label="Offer (optional)">
                <TextField.Root id="campaign-offer" value={draft.offer} onChange={set("offer")} maxLength={500} />
              </Field>
              <Grid columns={{ initial: "1", sm: "2" }} gap="4">
                <Field id="campaign-cta-text" label="Button text">
                  <TextField.Root id="campaign-cta-text" value={draft.ctaText} onChange={set("ctaText")} maxLength={60} />
                </Field>
                <Field id="campaign-cta-link" label="Button link">
                  <TextField.Root id="campaign-cta-link" value={draft.ctaLink} onChange={set("ctaLink")} maxLength={500} />
                </Field>
              </Grid>
              <CampaignAudienceField value={audience} onChange={onAudienceChange} pickedCount={selectedCount} />
              <CampaignScheduleField value={schedule} onChange={onScheduleChange} error={scheduleError} />
              <Flex align="center" justify="end" gap="3" wrap="wrap">
                <SendTestButton draft={draft} />
                <Button type="submit" size="3" disabled={!ready} loading={sending}>
                  {schedule.mode === "later" ? "Schedule Campaign" : "Send Campaign"}
                </Button>
              </Flex>
            </Flex>
          </Card>
        </form>
        <section aria-labelledby="preview-heading">
          <Heading as="h2" size="4" id="preview-heading" mb="3">
            Preview
          </Heading>
          <CampaignPreview draft={draft} />
        </section>
      </Grid>
    </Flex>
  );
}
