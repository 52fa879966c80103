import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { qualificationLabels, roleLabels, type StatusChange, statusLabels, type TeamMember } from "../../../../schema/api/team";
import { formatDate } from "../../../../schema/london-time-text";
import { ConfirmButton } from "../confirm-button";
import { FormDialog } from "../customers/form-dialog";
import { StatusBadge } from "../status-badge";
import { MemberForm } from "./member-form";

const tones = { active: "success", invited: "secondary", suspended: "destructive", removed: "outline" } as const;

/** What each change asks before it happens, and its button. */
const confirmations: Record<StatusChange, { label: string; title: (name: string) => string; description: string }> = {
  suspend: {
    label: "Suspend",
    title: (name) => `Suspend ${name}?`,
    description:
      "They are signed out everywhere at once and cannot sign in until you reinstate them. Everything they did is kept.",
  },
  reinstate: {
    label: "Reinstate",
    title: (name) => `Reinstate ${name}?`,
    description: "They can sign in again with their username and password.",
  },
  remove: {
    label: "Remove",
    title: (name) => `Remove ${name}?`,
    description:
      "They are signed out everywhere and can never sign in again. Their name stays on the work they did, and their username stays taken.",
  },
};

/** The changes that apply to someone in each status (the owner has none). */
const changesFor = {
  active: ["suspend", "remove"],
  invited: ["remove"],
  suspended: ["reinstate", "remove"],
  removed: [],
} as const;

/** One person: name, role, licence, qualifications, status, and the owner's actions on them. */
export function MemberCard({
  person,
  save,
  onChanged,
  change,
  resend,
}: {
  person: TeamMember;
  save: (input: unknown) => Promise<TeamMember>;
  onChanged: () => unknown;
  change: (change: StatusChange) => unknown;
  resend: () => unknown;
}) {
  const headingId = `member-${person.id}-name`;
  const changes = person.isOwner ? [] : changesFor[person.status];
  return (
    <article className="admin-card" aria-labelledby={headingId}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4" id={headingId}>
            {person.name}
          </Heading>
          <Text as="p" size="2" color="gray">
            {roleLabels[person.role]} · {person.username}
          </Text>
        </div>
        <StatusBadge status={person.status} tones={tones} label={statusLabels[person.status]} />
      </Flex>
      <dl className="admin-fields">
        {person.email ? (
          <div>
            <dt>E-mail</dt>
            <dd className="admin-wrap-anywhere">{person.email}</dd>
          </div>
        ) : null}
        {person.phone ? (
          <div>
            <dt>Phone</dt>
            <dd>{person.phone}</dd>
          </div>
        ) : null}
        {person.role !== "office" ? (
          <div>
            <dt>Gas Safe licence</dt>
            <dd>{person.gasSafeLicence ?? "None"}</dd>
          </div>
        ) : null}
        {person.qualifications.length > 0 ? (
          <div>
            <dt>Qualified for</dt>
            <dd>{person.qualifications.map((q) => qualificationLabels[q]).join(", ")}</dd>
          </div>
        ) : null}
        {person.role === "engineer" ? (
          <div>
            <dt>Prices</dt>
            <dd>{person.seesPrices ? "Sees prices" : "No prices"}</dd>
          </div>
        ) : null}
        {person.inviteExpiresAt ? (
          <div>
            <dt>Invitation</dt>
            <dd>Link works until {formatDate(person.inviteExpiresAt)}</dd>
          </div>
        ) : null}
      </dl>
      {person.status === "removed" ? null : (
        <Flex gap="2" wrap="wrap" mt="3">
          <FormDialog
            title={`Edit ${person.name}`}
            trigger={
              <Button variant="soft" aria-label={`Edit ${person.name}`}>
                Edit
              </Button>
            }
          >
            {(close) => (
              <MemberForm
                person={person}
                save={save}
                onSaved={async () => {
                  close();
                  await onChanged();
                }}
              />
            )}
          </FormDialog>
          {person.status === "invited" ? (
            <Button variant="soft" color="gray" onClick={() => resend()}>
              Send a new link
            </Button>
          ) : null}
          {changes.map((c) => (
            <ConfirmButton
              key={c}
              variant="soft"
              destructive={c !== "reinstate"}
              title={confirmations[c].title(person.name)}
              description={confirmations[c].description}
              confirmLabel={confirmations[c].label}
              onConfirm={() => change(c)}
            >
              {confirmations[c].label}
            </ConfirmButton>
          ))}
        </Flex>
      )}
    </article>
  );
}
