import { Callout, Grid, Select, Text, TextField } from "@radix-ui/themes";
import {
  boilerTypeLabels,
  efficiencyMeasureLabels,
  filterLabels,
  fittedLabels,
  gasRateUnitLabels,
  heatingControlLabels,
  hotWaterControlLabels,
} from "../../../../schema/api/benchmark-choices";
import { OUT_OF_RANGE_NEEDS_REASON, outOfRange, RATES, rateReadings } from "../../../../schema/api/benchmark-problems";
import type { AdminBenchmarkRecord } from "../../../../schema/api/benchmark-records";
import { applianceDescription } from "../../../../schema/api/gas-safety";
import { londonToday } from "../../../../schema/london-time";
import { invalidProps } from "../../../lib/use-form";
import { Field } from "../form-field";
import { type Builders, type FieldKit, Section } from "./benchmark-fields";

/** The checklist's sections as the current Benchmark orders them, each a card of its fields. */

export function BoilerSection({ record, kit, f }: { record: AdminBenchmarkRecord; kit: FieldKit; f: Builders }) {
  const { values, errors, set } = kit;
  const appliances = record.property?.appliances ?? [];
  const regs = record.buildingRegs;
  // The boiler's make, model and serial from its appliance where the form has none yet (as the server does).
  const chooseBoiler = (applianceId: number) => {
    const a = appliances.find((x) => x.id === applianceId);
    set("applianceId", applianceId);
    if (a?.make && !values.boilerMake) set("boilerMake", a.make);
    if (a?.model && !values.boilerModel) set("boilerModel", a.model);
    if (a?.serial && !values.boilerSerial) set("boilerSerial", a.serial);
  };
  return (
    <Section id="boiler" title="The boiler">
      <Field id="bm-commissionedOn" label="Date of commissioning" error={errors.commissionedOn}>
        <TextField.Root
          id="bm-commissionedOn"
          size="3"
          type="date"
          value={values.commissionedOn}
          max={londonToday()}
          onChange={(e) => e.target.value && set("commissionedOn", e.target.value)}
          {...invalidProps("bm-commissionedOn", errors.commissionedOn)}
        />
      </Field>
      <Field id="bm-applianceId" label="Boiler at the property" error={errors.applianceId}>
        <Select.Root
          value={values.applianceId ? String(values.applianceId) : undefined}
          onValueChange={(v) => chooseBoiler(Number(v))}
        >
          <Select.Trigger
            id="bm-applianceId"
            className="admin-select"
            placeholder="Choose the boiler"
            {...invalidProps("bm-applianceId", errors.applianceId)}
          />
          <Select.Content position="popper">
            {appliances.map((a) => (
              <Select.Item key={a.id} value={String(a.id)}>
                {applianceDescription(a)}, {a.location}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Field>
      {f.text("boilerMake", "Make")}
      {f.text("boilerModel", "Model")}
      {f.text("boilerSerial", "Serial number")}
      {f.choice("boilerType", "Boiler type", boilerTypeLabels)}
      <Text as="p" size="2" color="gray">
        Installed by {record.installer.company}, Gas Safe registration {record.installer.gasSafeNumber}.
      </Text>
      {f.text("commissioningEngineerName", "Commissioning engineer, if not the installer")}
      {values.commissioningEngineerName
        ? f.text("commissioningEngineerLicence", "Commissioning engineer's licence number")
        : null}
      {f.text(
        "buildingRegsNumber",
        "Building Regulations notification number",
        regs?.reference ? `Recorded for the job: ${regs.reference}. Left empty, the checklist prints that.` : "When known.",
      )}
    </Section>
  );
}

export function ControlsSection({ f }: { f: Builders }) {
  return (
    <Section id="controls" title="Controls">
      {f.menu("heatingControl", "Time and temperature control to heating", heatingControlLabels)}
      {f.menu("hotWaterControl", "Time and temperature control to hot water", hotWaterControlLabels)}
      {f.choice("heatingZoneValves", "Heating zone valves", fittedLabels)}
      {f.choice("hotWaterZoneValves", "Hot water zone valves", fittedLabels)}
      {f.choice("trvs", "Thermostatic radiator valves", fittedLabels)}
      {f.choice("automaticBypass", "Automatic bypass", fittedLabels)}
      {f.yesNo("boilerInterlock", "Boiler interlock provided")}
      {f.menu("efficiencyMeasure", "Energy-efficiency measure", efficiencyMeasureLabels)}
    </Section>
  );
}

export function HeatingSection({ kit, f }: { kit: FieldKit; f: Builders }) {
  const unit = kit.values.gasRateUnit ? gasRateUnitLabels[kit.values.gasRateUnit] : undefined;
  return (
    <>
      <Section id="heating" title="Central heating mode">
        {f.choice("gasRateUnit", "Gas rate measured in", gasRateUnitLabels)}
        {f.reading("gasRate", "Gas rate", unit)}
        <Grid columns="2" gap="3">
          {f.reading("burnerPressureMbar", "Burner pressure", "mbar")}
          {f.reading("inletPressureMbar", "Gas inlet pressure", "mbar")}
        </Grid>
        <Grid columns="2" gap="3">
          {f.reading("flowTempC", "Flow temperature", "°C")}
          {f.reading("returnTempC", "Return temperature", "°C")}
        </Grid>
      </Section>
      <Section id="cleaning" title="System cleaning">
        {f.text("cleanedStandard", "Cleaned and flushed to")}
        {f.text("cleanserName", "Cleanser")}
        {f.reading("cleanserLitres", "Cleanser quantity", "litres")}
        {f.text("inhibitorName", "Inhibitor")}
        {f.reading("inhibitorLitres", "Inhibitor quantity", "litres")}
        {f.choice("filter", "Filter fitted", filterLabels)}
      </Section>
      {kit.values.boilerType === "combination" ? (
        <Section id="dhw" title="Domestic hot water mode">
          {f.reading("dhwGasRate", "Hot water gas rate", unit)}
          {f.reading("dhwInletPressureMbar", "Hot water gas inlet pressure", "mbar")}
          <Grid columns="2" gap="3">
            {f.reading("coldInletTempC", "Cold water inlet", "°C")}
            {f.reading("hotOutletTempC", "Hot water outlet", "°C")}
          </Grid>
          {f.reading("dhwFlowLpm", "Hot water flow rate", "litres/min")}
        </Section>
      ) : null}
      <Section id="condensate" title="Condensate">
        {f.yesNo("condensateToManufacturer", "Condensate disposal as the manufacturer's instructions")}
      </Section>
    </>
  );
}

export function CombustionSection({ kit, f }: { kit: FieldKit; f: Builders }) {
  const outside = outOfRange(kit.values);
  return (
    <Section id="combustion" title="Combustion readings">
      {RATES.map(([rate, words]) => {
        const ratio = rateReadings(kit.values, rate).ratio;
        return (
          <Grid key={rate} columns="3" gap="2" align="end">
            {f.reading(rate === "max" ? "maxCoPpm" : "minCoPpm", `CO at ${words}`, "ppm")}
            {f.reading(rate === "max" ? "maxCo2Percent" : "minCo2Percent", `CO2 at ${words}`, "%")}
            <Text as="p" size="2" aria-label={`CO/CO2 ratio at ${words}`}>
              Ratio <strong>{ratio ?? "-"}</strong>
            </Text>
          </Grid>
        );
      })}
      <Text as="p" size="2" color="gray">
        The manufacturer's limits, from the boiler's instructions:
      </Text>
      <Grid columns="2" gap="3">
        {f.reading("limitCoPpm", "Maximum CO", "ppm")}
        {f.reading("limitRatio", "Maximum ratio")}
        {f.reading("limitCo2Low", "Lowest CO2", "%")}
        {f.reading("limitCo2High", "Highest CO2", "%")}
      </Grid>
      {outside.length > 0 ? (
        <>
          <Callout.Root color="red" role="status">
            <Callout.Text>
              Outside the manufacturer's limits: {outside.join("; ")}. {OUT_OF_RANGE_NEEDS_REASON.split(":")[1]?.trim()}.
            </Callout.Text>
          </Callout.Root>
          {f.block("outOfRangeReason", "Why the readings are left so")}
        </>
      ) : null}
    </Section>
  );
}
