import { Badge, Box, Checkbox, Flex, Grid, Heading, Text, TextArea } from "@radix-ui/themes";
import {
  type ApplianceCheck,
  applianceDescription,
  CHECK_RESULTS,
  type CheckResult,
  CLASSIFICATIONS,
  type Classification,
  checkResultLabels,
  classificationLabels,
  FLUE_TESTED_TYPES,
  flueLabel,
  needsWarningNotice,
} from "../../../../schema/api/gas-safety";
import type { AdminAppliance } from "../../../../schema/api/properties";
import type { FieldErrors } from "../../../lib/use-form";
import { FieldError } from "../form-field";
import { ChoiceField, fromYesNo, ReadingField, toYesNo, yesNo } from "./choice-field";
import { WarningNoticeFields } from "./warning-details";

const results = CHECK_RESULTS.map((r) => [r, checkResultLabels[r]] as const);
const classifications = [["none", "None"], ...CLASSIFICATIONS.map((c) => [c, c] as const)] as const;

/** A blank line for an appliance added to the record (a tenant's own is checked by sight). */
export const blankCheck = (a: AdminAppliance): ApplianceCheck => ({
  applianceId: a.id,
  visualOnly: !a.landlordOwned,
  operatingPressureMbar: null,
  heatInputKw: null,
  safetyDevices: null,
  ventilation: null,
  flueVisual: null,
  flueFlow: null,
  spillage: null,
  coPpm: null,
  co2Percent: null,
  coCo2Ratio: null,
  safeToUse: null,
  classification: null,
  defect: null,
  remedialAction: null,
  warning: null,
});

/**
 * One appliance of the property on the record: included or not, then the reg. 26(9) checks (by
 * sight only for a tenant's own), the readings, whether it is safe, and for an unsafe one its
 * classification and the warning notice's details. `errors` are this appliance's, keyed by field.
 */
export function ApplianceCheckCard({
  appliance,
  check,
  errors,
  onChange,
  disabled,
}: {
  appliance: AdminAppliance;
  check: ApplianceCheck | null;
  errors: FieldErrors;
  onChange: (check: ApplianceCheck | null) => void;
  disabled: boolean;
}) {
  const id = (field: string) => `gsr-appliance-${appliance.id}-${field}`;
  const name = `${applianceDescription(appliance)}, ${appliance.location}`;
  const set = <K extends keyof ApplianceCheck>(key: K, value: ApplianceCheck[K]) => check && onChange({ ...check, [key]: value });
  const result = (key: "safetyDevices" | "ventilation" | "flueVisual" | "flueFlow" | "spillage", label: string) =>
    check && (
      <ChoiceField<CheckResult>
        id={id(key)}
        label={label}
        value={check[key]}
        options={results}
        onChange={(v) => set(key, v)}
        error={errors[key]}
        disabled={disabled}
      />
    );
  const reading = (
    key: "operatingPressureMbar" | "heatInputKw" | "coPpm" | "co2Percent" | "coCo2Ratio",
    label: string,
    unit?: string,
  ) =>
    check && (
      <ReadingField
        id={id(key)}
        label={label}
        unit={unit}
        value={check[key]}
        onChange={(v) => set(key, v)}
        error={errors[key]}
        disabled={disabled}
      />
    );
  const flueTested = FLUE_TESTED_TYPES.includes(appliance.flueType);
  return (
    <article className="admin-card gsr-appliance" aria-label={`Appliance: ${name}`}>
      <Flex justify="between" align="start" gap="2" wrap="wrap">
        <div>
          <Heading as="h3" size="3">
            {applianceDescription(appliance)}
          </Heading>
          <Text as="p" size="2" color="gray">
            {appliance.location} · {flueLabel(appliance.flueType)} flue
            {appliance.serial ? ` · Serial ${appliance.serial}` : ""}
            {appliance.landlordOwned ? null : (
              <Badge ml="2" color="gray" variant="soft" highContrast>
                Tenant's own
              </Badge>
            )}
          </Text>
        </div>
      </Flex>
      <Text as="label" size="3" className="gsr-check-row">
        <Checkbox
          size="3"
          checked={check !== null}
          disabled={disabled}
          onCheckedChange={(on) => onChange(on === true ? blankCheck(appliance) : null)}
        />
        Checked on this visit
      </Text>
      {errors.applianceId ? <FieldError id={id("applianceId")} error={errors.applianceId} /> : null}
      {check ? (
        <Grid gap="4" mt="3">
          <Text as="label" size="3" className="gsr-check-row">
            <Checkbox
              size="3"
              checked={check.visualOnly}
              disabled={disabled}
              onCheckedChange={(on) => set("visualOnly", on === true)}
            />
            Visual check only
          </Text>
          {check.visualOnly ? null : (
            <>
              <Grid columns={{ initial: "1", xs: "2" }} gap="3">
                {reading("operatingPressureMbar", "Operating pressure", "mbar")}
                {reading("heatInputKw", "Heat input", "kW")}
              </Grid>
              {result("safetyDevices", "Safety devices")}
              {result("ventilation", "Ventilation")}
              {result("flueVisual", "Flue visual condition")}
              {result("flueFlow", flueTested ? "Flue flow test" : "Flue flow test (if done)")}
              {result("spillage", flueTested ? "Spillage test" : "Spillage test (if done)")}
              <Box>
                <Text as="p" size="2" color="gray" mb="2">
                  Combustion readings, where taken
                </Text>
                <Grid columns={{ initial: "3" }} gap="2">
                  {reading("coPpm", "CO", "ppm")}
                  {reading("co2Percent", "CO2", "%")}
                  {reading("coCo2Ratio", "Ratio")}
                </Grid>
              </Box>
            </>
          )}
          <ChoiceField
            id={id("safeToUse")}
            label="Safe to use"
            value={toYesNo(check.safeToUse)}
            options={yesNo}
            onChange={(v) => set("safeToUse", fromYesNo(v))}
            error={errors.safeToUse}
            disabled={disabled}
          />
          <ChoiceField<Classification | "none">
            id={id("classification")}
            label="Unsafe situation"
            value={check.classification ?? (check.safeToUse === null ? null : "none")}
            options={classifications}
            onChange={(v) => set("classification", v === "none" ? null : v)}
            error={errors.classification}
            disabled={disabled}
          />
          {check.classification ? (
            <Text as="p" size="2" color={check.classification === "NCS" ? "gray" : "red"}>
              {classificationLabels[check.classification]}
              {needsWarningNotice(check.classification)
                ? ": a warning notice is issued with the record."
                : ": recorded as advice."}
            </Text>
          ) : null}
          {check.classification || check.defect ? (
            <>
              <TextBlock
                id={id("defect")}
                label="Defect found"
                value={check.defect}
                onChange={(v) => set("defect", v)}
                error={errors.defect}
                disabled={disabled}
              />
              <TextBlock
                id={id("remedialAction")}
                label="Remedial action"
                value={check.remedialAction}
                onChange={(v) => set("remedialAction", v)}
                error={errors.remedialAction}
                disabled={disabled}
              />
            </>
          ) : null}
          {needsWarningNotice(check.classification) ? (
            <WarningNoticeFields check={check} errors={errors} id={id} disabled={disabled} onChange={(w) => set("warning", w)} />
          ) : null}
        </Grid>
      ) : null}
    </article>
  );
}

export function TextBlock({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
  rows = 2,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  disabled?: boolean;
  rows?: number;
}) {
  return (
    <div className="gsr-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextArea
        id={id}
        size="3"
        mt="1"
        rows={rows}
        value={value ?? ""}
        disabled={disabled}
        maxLength={1000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
