import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { consentMethodLabels, type Testimonial } from "../../../../schema/api/testimonials";
import { formatDate } from "../../../../schema/london-time-text";
import { ConfirmButton } from "../confirm-button";
import { FormDialog } from "../customers/form-dialog";
import { StatusBadge } from "../status-badge";
import { TestimonialForm } from "./testimonial-form";

const tones = { shown: "success", hidden: "outline", "no-consent": "secondary" } as const;

function stateOf(t: Testimonial) {
  if (t.isShown) return { status: "shown", label: "On the site" };
  if (!t.consentOn) return { status: "no-consent", label: "No consent yet" };
  return { status: "hidden", label: "Not shown" };
}

/** One testimonial: the words, who, where and when, the consent, and the owner's actions on it. */
export function TestimonialCard({
  testimonial: t,
  onChanged,
  setPublished,
  remove,
}: {
  testimonial: Testimonial;
  onChanged: () => unknown;
  setPublished: (isPublished: boolean) => unknown;
  remove: () => unknown;
}) {
  const headingId = `testimonial-${t.id}-name`;
  const state = stateOf(t);
  return (
    <article className="admin-card" aria-labelledby={headingId}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4" id={headingId}>
            {t.shownName}
          </Heading>
          <Text as="p" size="2" color="gray">
            {t.source} · given {formatDate(t.givenOn)}
          </Text>
        </div>
        <StatusBadge status={state.status} tones={tones} label={state.label} />
      </Flex>
      <blockquote className="admin-testimonial-words">
        <Text as="p" size="3">
          {t.words}
        </Text>
      </blockquote>
      <dl className="admin-fields">
        <div>
          <dt>Consent</dt>
          <dd>
            {t.consentOn && t.consentMethod
              ? `${consentMethodLabels[t.consentMethod]}, ${formatDate(t.consentOn)}`
              : "Not recorded"}
          </dd>
        </div>
        {t.sourceUrl ? (
          <div>
            <dt>Link</dt>
            <dd className="admin-wrap-anywhere">
              <a href={t.sourceUrl} target="_blank" rel="noopener noreferrer">
                {t.sourceUrl}
              </a>
            </dd>
          </div>
        ) : null}
        {t.customerEmail ? (
          <div>
            <dt>E-mail</dt>
            <dd className="admin-wrap-anywhere">{t.customerEmail}</dd>
          </div>
        ) : null}
      </dl>
      <Flex gap="2" wrap="wrap" mt="3">
        <FormDialog
          title={`Edit ${t.shownName}'s testimonial`}
          trigger={
            <Button variant="soft" aria-label={`Edit ${t.shownName}'s testimonial`}>
              Edit
            </Button>
          }
        >
          {(close) => (
            <TestimonialForm
              testimonial={t}
              onSaved={async () => {
                close();
                await onChanged();
              }}
            />
          )}
        </FormDialog>
        {t.isPublished ? (
          <Button variant="soft" color="gray" onClick={() => setPublished(false)}>
            Unpublish
          </Button>
        ) : t.consentOn ? (
          <Button variant="soft" onClick={() => setPublished(true)}>
            Publish
          </Button>
        ) : null}
        <ConfirmButton
          variant="soft"
          title={`Delete ${t.shownName}'s testimonial?`}
          description="It leaves the site at once and cannot be brought back."
          confirmLabel="Delete"
          onConfirm={() => remove()}
        >
          Delete
        </ConfirmButton>
      </Flex>
    </article>
  );
}
