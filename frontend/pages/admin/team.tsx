import { Button, Checkbox, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { StatusChange, TeamMember } from "../../../schema/api/team";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { FormDialog } from "../../components/admin/customers/form-dialog";
import { PageHeader } from "../../components/admin/page-header";
import { MemberCard } from "../../components/admin/team/member-card";
import { MemberForm } from "../../components/admin/team/member-form";
import { useTeam } from "../../hooks/admin/use-team";
import { toastFailure } from "../../lib/admin/form-toasts";
import { notify } from "../../lib/toast";

const done: Record<StatusChange, { title: string; says: string }> = {
  suspend: { title: "Suspended", says: "is signed out everywhere and cannot sign in" },
  reinstate: { title: "Reinstated", says: "can sign in again" },
  remove: { title: "Removed", says: "can no longer sign in" },
};

/**
 * The owner's Team screen: everyone who signs in to the back office, as cards, with an invitation
 * by e-mail, edits, and suspending, reinstating or removing someone (each asked first).
 */
export default function Team() {
  const [showRemoved, setShowRemoved] = useState(false);
  const { people, error, refresh, invite, edit, resendInvitation, change } = useTeam(showRemoved);

  async function changed(person: TeamMember, what: StatusChange) {
    try {
      await change(person.id, what);
      notify({ title: done[what].title, description: `${person.name} ${done[what].says}.`, variant: "success" });
    } catch (e) {
      toastFailure("Not changed", "Please try again.")(e);
    }
    await refresh();
  }

  async function resent(person: TeamMember) {
    try {
      await resendInvitation(person.id);
      notify({
        title: "Invitation sent",
        description: `A new link is on its way to ${person.email}; the old one no longer works.`,
        variant: "success",
      });
    } catch (e) {
      toastFailure("Invitation not sent", "Please try again.")(e);
    }
    await refresh();
  }

  const inviteButton = (
    <FormDialog title="Invite someone" trigger={<Button>Invite someone</Button>}>
      {(close) => (
        <MemberForm
          save={invite}
          onSaved={async (person) => {
            close();
            notify({
              title: "Invitation sent",
              description: `${person.name} gets an e-mail with a link to choose a password. Their username is ${person.username}.`,
              variant: "success",
            });
            await refresh();
          }}
        />
      )}
    </FormDialog>
  );

  return (
    <>
      <PageHeader title="Team" subtitle="Everyone who signs in to the back office, and what they do." actions={inviteButton} />
      <Text as="label" size="2" className="admin-check" mb="4">
        <Checkbox checked={showRemoved} onCheckedChange={(v) => setShowRemoved(v === true)} />
        Show people who were removed
      </Text>
      {error ? (
        <ErrorState message="Couldn't load the team." onRetry={refresh} />
      ) : !people ? (
        <LoadingState label="Loading the team…" />
      ) : (
        <Flex direction="column" gap="3" className="admin-list">
          {people.map((person) => (
            <MemberCard
              key={person.id}
              person={person}
              save={(input) => edit(person.id, input)}
              onChanged={refresh}
              change={(what) => changed(person, what)}
              resend={() => resent(person)}
            />
          ))}
        </Flex>
      )}
    </>
  );
}
