import { Checkbox, Grid, Text, TextField } from "@radix-ui/themes";
import type { ApplianceCheck } from "../../../../schema/api/gas-safety";
import {
  blankWarning,
  RESPONSIBLE_SIGNATURE_MAX_CHARS,
  WARNING_ACTIONS,
  type WarningAction,
  type WarningDetails,
  warningActionLabels,
  warningOf,
} from "../../../../schema/api/warning-notices";
import type { FieldErrors } from "../../../lib/use-form";
import { SignatureField } from "../../signature/signature-field";
import { FieldError } from "../form-field";
import { ChoiceField } from "./choice-field";

/**
 * The warning notice of an ID or AR appliance, as the engineer fills it on the record: every action
 * taken, the responsible person's permission, and who was told, signing on the phone (as the
 * customer signs the job sheet) or refusing to.
 */
export function WarningNoticeFields({
  check,
  errors,
  id,
  disabled,
  onChange,
}: {
  check: ApplianceCheck;
  errors: FieldErrors;
  id: (field: string) => string;
  disabled: boolean;
  onChange: (warning: WarningDetails) => void;
}) {
  // A draft kept on this phone by an older form has one action, not the list.
  const warning = warningOf(check.warning) ?? blankWarning();
  const change = (next: Partial<WarningDetails>) => onChange({ ...warning, ...next });
  const toggle = (action: WarningAction, on: boolean) =>
    change({
      actionsTaken: WARNING_ACTIONS.filter((a) => (a === action ? on : warning.actionsTaken.includes(a))),
    });
  const actionsId = id("warning.actionsTaken");
  const actionsError = errors["warning.actionsTaken"];
  const nameId = id("warning.responsiblePerson");
  const nameError = errors["warning.responsiblePerson"];
  return (
    <Grid gap="4" className="gsr-warning">
      <fieldset
        className="gsr-field gsr-ticks"
        id={actionsId}
        disabled={disabled}
        aria-invalid={actionsError ? true : undefined}
        aria-describedby={actionsError ? `${actionsId}-error` : undefined}
      >
        <legend>What was done (tick every one)</legend>
        {WARNING_ACTIONS.map((action) => (
          <Text as="label" size="3" className="gsr-check-row" key={action}>
            <Checkbox
              size="3"
              checked={warning.actionsTaken.includes(action)}
              onCheckedChange={(on) => toggle(action, on === true)}
            />
            {warningActionLabels[action]}
          </Text>
        ))}
        <FieldError id={actionsId} error={actionsError} />
      </fieldset>
      <ChoiceField
        id={id("warning.permission")}
        label="Responsible person's permission"
        value={warning.permission}
        options={[
          ["given", "Given"],
          ["refused", "Refused"],
        ]}
        onChange={(v) => change({ permission: v })}
        error={errors["warning.permission"]}
        disabled={disabled}
      />
      {warning.permission === "refused" ? (
        <div>
          <Text as="label" size="3" className="gsr-check-row">
            <Checkbox
              size="3"
              checked={warning.emergencyServiceInformed === true}
              disabled={disabled}
              onCheckedChange={(on) => change({ emergencyServiceInformed: on === true })}
              aria-invalid={errors["warning.emergencyServiceInformed"] ? true : undefined}
            />
            Gas emergency service told (0800 111 999)
          </Text>
          <FieldError id={id("warning.emergencyServiceInformed")} error={errors["warning.emergencyServiceInformed"]} />
        </div>
      ) : null}
      <div className="gsr-field">
        <Text as="label" htmlFor={nameId} size="2" weight="medium">
          Responsible person told (name)
        </Text>
        <TextField.Root
          id={nameId}
          size="3"
          mt="1"
          autoComplete="off"
          maxLength={120}
          value={warning.responsiblePerson ?? ""}
          disabled={disabled}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
          onChange={(e) => change({ responsiblePerson: e.target.value === "" ? null : e.target.value })}
        />
        <FieldError id={nameId} error={nameError} />
      </div>
      {warning.refusedToSign ? null : (
        <SignatureField
          id={id("warning.responsibleSignature")}
          label="Responsible person's signature"
          value={warning.responsibleSignature}
          onChange={(v) => change({ responsibleSignature: v })}
          error={errors["warning.responsibleSignature"]}
          disabled={disabled}
          maxChars={RESPONSIBLE_SIGNATURE_MAX_CHARS}
        />
      )}
      <div>
        <Text as="label" size="3" className="gsr-check-row">
          <Checkbox
            size="3"
            checked={warning.refusedToSign === true}
            disabled={disabled}
            onCheckedChange={(on) => change({ refusedToSign: on === true, responsibleSignature: null })}
          />
          Refused to sign
        </Text>
        {warning.refusedToSign ? (
          <FieldError id={id("warning.responsibleSignature")} error={errors["warning.responsibleSignature"]} />
        ) : null}
      </div>
    </Grid>
  );
}
