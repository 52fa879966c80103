import { Checkbox, Flex, Select, Text, TextField } from "@radix-ui/themes";
import type { FormEvent } from "react";
import {
  qualificationLabels,
  qualifications,
  roleLabels,
  type TeamMember,
  type TeamMemberRole,
  type TeamQualification,
  teamEditSchema,
  teamInviteSchema,
} from "../../../../schema/api/team";
import { toastFailure, toastInvalid } from "../../../lib/admin/form-toasts";
import { invalidProps, useForm } from "../../../lib/use-form";
import { CheckField, DialogForm } from "../customers/form-dialog";
import { Field } from "../form-field";

type Values = {
  name: string;
  email: string;
  phone: string;
  username: string;
  role: TeamMemberRole;
  gasSafeLicence: string;
  qualifications: TeamQualification[];
  seesPrices: boolean;
};

const blank: Values = {
  name: "",
  email: "",
  phone: "",
  username: "",
  role: "engineer",
  gasSafeLicence: "",
  qualifications: ["gas-domestic"],
  seesPrices: false,
};

const valuesOf = (person: TeamMember): Values => ({
  name: person.name,
  email: person.email ?? "",
  phone: person.phone ?? "",
  username: person.username,
  role: person.role,
  gasSafeLicence: person.gasSafeLicence ?? "",
  qualifications: person.qualifications,
  seesPrices: person.seesPrices,
});

/**
 * Inviting someone (no `person`) or editing them: name, e-mail, phone, role, and for an engineer
 * (or the owner) their Gas Safe licence, the work they do and whether they see prices. Checked
 * with the API's own schema; the username is chosen only when inviting.
 */
export function MemberForm({
  person,
  save,
  onSaved,
}: {
  person?: TeamMember;
  save: (input: unknown) => Promise<TeamMember>;
  onSaved: (saved: TeamMember) => unknown;
}) {
  const editing = person !== undefined;
  const form = useForm<Values>({
    initial: person ? valuesOf(person) : blank,
    schema: editing ? teamEditSchema : teamInviteSchema,
    idPrefix: editing ? `member-${person.id}` : "invite",
    input: ({ username, ...values }) => (editing ? values : { ...values, username }),
  });
  const { values, errors } = form;
  const doesWork = values.role !== "office";

  async function submit(event: FormEvent) {
    event.preventDefault();
    await form.submit(
      async (_data, input) => {
        await onSaved(await save(input));
      },
      { onInvalid: toastInvalid, onError: toastFailure(editing ? "Not saved" : "Invitation not sent", "Please try again.") },
    );
  }

  const toggle = (q: TeamQualification, on: boolean) =>
    form.set("qualifications", on ? [...values.qualifications, q] : values.qualifications.filter((v) => v !== q));

  return (
    <DialogForm busy={form.busy} onSubmit={submit} submitLabel={editing ? "Save" : "Send invitation"}>
      <Flex direction="column" gap="3">
        <Field id={form.id("name")} label="Name" error={errors.name}>
          <TextField.Root {...form.text("name")} autoComplete="off" size="3" />
        </Field>
        <Field id={form.id("email")} label="E-mail" error={errors.email}>
          <TextField.Root {...form.text("email")} type="email" inputMode="email" autoComplete="off" size="3" />
        </Field>
        <Field id={form.id("phone")} label="Phone (optional)" error={errors.phone}>
          <TextField.Root {...form.text("phone")} type="tel" inputMode="tel" autoComplete="off" size="3" />
        </Field>
        {editing ? null : (
          <Field
            id={form.id("username")}
            label="Username (optional)"
            hint="Empty: made from their e-mail address. 3 to 40 of a-z, 0-9, dot, underscore or dash."
            error={errors.username}
          >
            <TextField.Root {...form.text("username")} autoCapitalize="none" autoComplete="off" size="3" />
          </Field>
        )}
        {person?.isOwner ? null : (
          <Field id={form.id("role")} label="Role" error={errors.role}>
            <Select.Root value={values.role} onValueChange={(v) => form.set("role", v as TeamMemberRole)}>
              <Select.Trigger id={form.id("role")} className="admin-select" {...invalidProps(form.id("role"), errors.role)} />
              <Select.Content position="popper">
                {(["engineer", "office"] as const).map((role) => (
                  <Select.Item key={role} value={role}>
                    {roleLabels[role]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
        )}
        {doesWork ? (
          <>
            <fieldset className="admin-fieldset">
              <legend className="admin-legend">Qualified for</legend>
              <Flex gap="3" wrap="wrap">
                {qualifications.map((q) => (
                  <Text as="label" size="2" key={q} className="admin-check">
                    <Checkbox checked={values.qualifications.includes(q)} onCheckedChange={(on) => toggle(q, on === true)} />
                    {qualificationLabels[q]}
                  </Text>
                ))}
              </Flex>
            </fieldset>
            <Field
              id={form.id("gasSafeLicence")}
              label="Gas Safe licence number"
              hint="The 7 digits on their Gas Safe ID card: needed for gas work."
              error={errors.gasSafeLicence}
            >
              <TextField.Root {...form.text("gasSafeLicence")} inputMode="numeric" autoComplete="off" size="3" />
            </Field>
          </>
        ) : null}
        {values.role === "engineer" ? (
          <CheckField
            checked={values.seesPrices}
            onChange={(v) => form.set("seesPrices", v)}
            label="Sees prices"
            hint="Prices, totals and invoices on their screens. Office staff always see them."
          />
        ) : null}
      </Flex>
    </DialogForm>
  );
}
