import { Button, Flex, Grid, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminUnventedRecord } from "../../../../schema/api/unvented-records";
import {
  type NewUnventedService,
  UNVENTED_SERVICE_CHECKS,
  unventedServiceProblems,
  unventedServiceSchema,
} from "../../../../schema/api/unvented-services";
import { addMonths, londonToday } from "../../../../schema/london-time";
import { formatDate } from "../../../../schema/london-time-text";
import { adminApi } from "../../../lib/admin/admin-api";
import { toastFailure } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { useForm } from "../../../lib/use-form";
import { Field } from "../form-field";
import { ChoiceField, fromYesNo, ReadingField, toYesNo, yesNo } from "../gas-safety/choice-field";

/**
 * An issued cylinder record's annual services (its service record, as a Benchmark's): each year's
 * entry as it was recorded, and the form that appends this year's. Only someone holding the unvented
 * qualification may (the server checks it, and says so to anyone else).
 */
const blank = (): NewUnventedService => {
  const today = londonToday();
  return {
    servicedOn: today,
    nextDue: addMonths(today, 12),
    expansionVesselBar: null,
    prvSettingBar: null,
    expansionReliefChecked: null,
    tpReliefChecked: null,
    thermostatChecked: null,
    cutOutChecked: null,
    dischargeChecked: null,
    partsReplaced: null,
  };
};

function ServiceEntries({ record }: { record: AdminUnventedRecord }) {
  if (record.services.length === 0) return <Text color="gray">No annual service recorded yet.</Text>;
  return (
    <ol className="g3-services">
      {record.services.map((s) => (
        <li key={s.id}>
          <Text weight="medium">{formatDate(s.servicedOn)}</Text> by {s.engineerName}
          {s.engineerLicence ? ` (Gas Safe ${s.engineerLicence})` : ""}
          <br />
          <Text size="2" color="gray">
            Expansion vessel {s.expansionVesselBar} bar · pressure reducing valve {s.prvSettingBar} bar · safety devices checked
            {s.partsReplaced ? ` · parts: ${s.partsReplaced}` : ""} · next due {formatDate(s.nextDue)}
          </Text>
        </li>
      ))}
    </ol>
  );
}

function ServiceForm({ record, onSaved }: { record: AdminUnventedRecord; onSaved: () => unknown }) {
  const form = useForm<NewUnventedService>({ initial: blank, schema: unventedServiceSchema, idPrefix: "g3s" });
  const { values, errors, set, busy } = form;
  const save = () =>
    form.submit(
      async (data) => {
        await adminApi(`/api/admin/unvented-records/${record.id}/services`, { method: "POST", json: data });
        notify({ title: "Service recorded", description: "It is on the cylinder's service record.", variant: "success" });
        form.reset(blank());
        await onSaved();
      },
      {
        issues: (found) => [...found, ...unventedServiceProblems(values, record.commissionedOn, londonToday())],
        onError: toastFailure("Not recorded", "Please try again."),
      },
    );
  const date = (key: "servicedOn" | "nextDue", label: string) => (
    <Field id={`g3s-${key}`} label={label} error={errors[key]}>
      <TextField.Root id={`g3s-${key}`} size="3" type="date" value={values[key]} onChange={(e) => set(key, e.target.value)} />
    </Field>
  );
  return (
    <form
      aria-label="This year's service"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Grid gap="4" mt="4">
        <Heading as="h3" size="3">
          Record this year's service
        </Heading>
        {date("servicedOn", "Serviced on")}
        <ReadingField
          id="g3s-expansionVesselBar"
          label="Expansion vessel charge pressure"
          unit="bar"
          value={values.expansionVesselBar}
          onChange={(v) => set("expansionVesselBar", v)}
          error={errors.expansionVesselBar}
        />
        <ReadingField
          id="g3s-prvSettingBar"
          label="Pressure reducing valve setting"
          unit="bar"
          value={values.prvSettingBar}
          onChange={(v) => set("prvSettingBar", v)}
          error={errors.prvSettingBar}
        />
        {UNVENTED_SERVICE_CHECKS.map(([key, label]) => (
          <ChoiceField
            key={key}
            id={`g3s-${key}`}
            label={`${label} checked`}
            value={toYesNo(values[key])}
            options={yesNo}
            onChange={(v) => set(key, fromYesNo(v))}
            error={errors[key]}
          />
        ))}
        <Field id="g3s-partsReplaced" label="Parts replaced (if any)" error={errors.partsReplaced}>
          <TextArea
            id="g3s-partsReplaced"
            size="3"
            value={values.partsReplaced ?? ""}
            onChange={(e) => set("partsReplaced", e.target.value || null)}
          />
        </Field>
        {date("nextDue", "Next service due")}
        <Flex>
          <Button type="submit" size="3" disabled={busy}>
            Record the service
          </Button>
        </Flex>
      </Grid>
    </form>
  );
}

export function UnventedServices({ record, onChanged }: { record: AdminUnventedRecord; onChanged: () => unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="admin-card admin-panel gsr-section" aria-labelledby="g3-services-heading">
      <Heading as="h2" size="4" id="g3-services-heading" mb="3">
        Annual services
      </Heading>
      <ServiceEntries record={record} />
      {open ? (
        <ServiceForm
          record={record}
          onSaved={async () => {
            setOpen(false);
            await onChanged();
          }}
        />
      ) : (
        <Flex mt="3">
          <Button size="3" variant="soft" onClick={() => setOpen(true)}>
            Record this year's service
          </Button>
        </Flex>
      )}
    </section>
  );
}
