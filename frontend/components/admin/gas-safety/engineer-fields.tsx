import { Text, TextField } from "@radix-ui/themes";
import type { EngineerFields } from "../../../../schema/api/gas-safety";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { invalidProps } from "../../../lib/use-form";
import { Field } from "../form-field";

type Issuer = Pick<EngineerFields, "engineerName" | "engineerLicence">;

/**
 * Whose name and licence the paper will carry when the signed-in person has a Gas Safe licence on
 * their profile: issuing puts theirs on it whatever the draft says (worker/services/gas-safety/
 * issuer.ts), so the form shows them fixed. Null for the owner of a business of one without a
 * licence on the profile, who types them as before.
 */
export function useIssuer(): Issuer | null {
  const me = useAdminMe();
  return me?.gasSafeLicence ? { engineerName: me.name, engineerLicence: me.gasSafeLicence } : null;
}

/** The engineer's name and licence number: fixed to the issuer's, or typed in. */
export function EngineerNameAndLicence({
  idPrefix,
  paper,
  issuer,
  values,
  errors,
  onChange,
}: {
  /** "gsr" or "ss": the fields' ids, as the form's summary links to them. */
  idPrefix: string;
  /** "record" or "sheet", as the note says it. */
  paper: string;
  issuer: Issuer | null;
  values: Issuer;
  errors: Partial<Record<keyof Issuer, string>>;
  onChange: (key: keyof Issuer, value: string | null) => void;
}) {
  const nameId = `${idPrefix}-engineerName`;
  const licenceId = `${idPrefix}-engineerLicence`;
  if (issuer) {
    const note = `${idPrefix}-issuer-note`;
    const fixed = (id: string, value: string | null) => ({
      id,
      size: "3" as const,
      value: value ?? "",
      readOnly: true,
      variant: "soft" as const,
      color: "gray" as const,
      "aria-describedby": note,
    });
    return (
      <>
        <Field id={nameId} label="Engineer's name">
          <TextField.Root {...fixed(nameId, issuer.engineerName)} />
        </Field>
        <Field id={licenceId} label="Gas Safe licence number">
          <TextField.Root {...fixed(licenceId, issuer.engineerLicence)} />
        </Field>
        <Text as="p" size="2" color="gray" id={note}>
          The {paper} is issued under your name and Gas Safe licence number, as they are on your profile.
        </Text>
      </>
    );
  }
  const text = (key: keyof Issuer, id: string) => ({
    id,
    size: "3" as const,
    value: values[key] ?? "",
    onChange: (e: { target: { value: string } }) => onChange(key, e.target.value === "" ? null : e.target.value),
    ...invalidProps(id, errors[key]),
  });
  return (
    <>
      <Field id={nameId} label="Engineer's name" error={errors.engineerName}>
        <TextField.Root {...text("engineerName", nameId)} autoComplete="name" maxLength={120} />
      </Field>
      <Field
        id={licenceId}
        label="Gas Safe licence number"
        error={errors.engineerLicence}
        hint="The 7 digits on the engineer's Gas Safe card."
      >
        <TextField.Root {...text("engineerLicence", licenceId)} inputMode="numeric" autoComplete="off" maxLength={7} />
      </Field>
    </>
  );
}
