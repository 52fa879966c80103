import { Button, Flex, Grid, Select, TextArea, TextField } from "@radix-ui/themes";
import type { FormEvent } from "react";
import type { AdminServiceRecord, ServiceRecordInput } from "../../../../schema/api/records";
import {
  serviceRecordInputSchema,
  serviceRecordPatchSchema,
  serviceRecordStatusList,
  serviceTypes,
} from "../../../../schema/api/records";
import { annualServiceTypes } from "../../../../schema/business";
import { createServiceRecord, updateServiceRecord } from "../../../hooks/admin/use-service-records";
import { toastFailure, toastInvalid } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { invalidProps, useForm } from "../../../lib/use-form";
import { Field } from "../form-field";
import { CustomerPicker } from "./customer-picker";
import { EngineersField } from "./engineers-field";
import { PropertyField } from "./property-field";
import { type RecordFormState, type RecordStatus, recordChanges, recordInput, timeProblem } from "./record-form-state";
import { VisitTimeField } from "./visit-time";

/** The address a confirmation would go to: the picked customer's, or the one typed for a new customer. */
const customerEmail = (form: RecordFormState): string | null =>
  form.customer.kind === "picked" ? (form.customer.customer?.email ?? null) : form.customer.fields.email.trim() || null;

export const statusLabels: Record<RecordStatus, string> = {
  scheduled: "Scheduled",
  pending: "Pending",
  "in-progress": "In progress",
  completed: "Completed",
};

type Props = {
  idPrefix: string;
  labelledBy: string;
  /** The form's starting values: a blank visit, one filled from a quote, or the record being edited. */
  initial: RecordFormState;
  /** The record being edited; absent for a new one. */
  record?: AdminServiceRecord;
  onSaved: (record: AdminServiceRecord) => void;
  onCancel: () => void;
};

/**
 * A service record with every field: a new one (POST, the customer picked or created with it) or
 * changes to one (only what changed, PATCH). Checked with the API's own schemas first; each
 * problem, the server's included, shows beside its field.
 */
export function RecordForm({ idPrefix, labelledBy, initial, record, onSaved, onCancel }: Props) {
  const form = useForm<RecordFormState>({
    initial,
    schema: record ? serviceRecordPatchSchema : serviceRecordInputSchema,
    input: (values, start) => (record ? recordChanges(start, values) : recordInput(values)),
    idPrefix,
  });
  const { values, errors, set, busy, id, text } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const half = timeProblem(values);
    const halfIssue = half ? [{ path: ["visitStart"], message: half }] : [];
    if (record && !half) {
      const changes = recordChanges(form.initial, values);
      if (Object.keys(changes).filter((k) => k !== "notifyCustomer").length === 0) {
        notify({ title: "Nothing to save", description: "You haven't changed anything yet." });
        return;
      }
    }
    // The API allows a record with no customer (old records have none); a new one needs one.
    const noCustomer =
      values.customer.kind === "picked" && !values.customer.customer
        ? [{ path: ["customerId"], message: "Please choose a customer, or turn on New customer" }]
        : [];
    await form.submit(
      async (_data, input) => {
        const saved = record
          ? await updateServiceRecord(record.id, input as Partial<ServiceRecordInput>)
          : await createServiceRecord(input as ServiceRecordInput);
        const done = `${saved.serviceType} for ${saved.customerName ?? "Unknown Customer"}.`;
        notify({ title: record ? "Service record saved" : "Service record added", description: done, variant: "success" });
        onSaved(saved);
      },
      {
        // Half a time is asked about first when editing; a new record names every problem, its customer first.
        issues: (found) => (record ? (half ? halfIssue : found) : [...noCustomer, ...found, ...halfIssue]),
        onInvalid: toastInvalid,
        onError: toastFailure("Error", record ? "Failed to save the service record" : "Failed to add the service record"),
      },
    );
  }

  const annual = annualServiceTypes.includes(values.serviceType);
  return (
    <form onSubmit={submit} aria-labelledby={labelledBy} noValidate>
      <CustomerPicker
        idPrefix={id("customer")}
        value={values.customer}
        onChange={(customer) => {
          // Another customer's visit is at one of their properties, their home unless chosen.
          form.update((f) => ({ ...f, customer, propertyId: null }));
          form.clearErrors("customerId", "newCustomer");
        }}
        errors={errors}
      />
      {values.customer.kind === "picked" && values.customer.customer ? (
        <PropertyField
          id={id("propertyId")}
          customerId={values.customer.customer.id}
          value={values.propertyId}
          onChange={(v) => set("propertyId", v)}
          error={errors.propertyId}
        />
      ) : null}
      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" mt="4">
        <Field id={id("serviceType")} label="Kind of visit" error={errors.serviceType}>
          <Select.Root value={values.serviceType} onValueChange={(v) => set("serviceType", v)}>
            <Select.Trigger
              id={id("serviceType")}
              className="admin-select"
              placeholder="Choose the kind of visit"
              {...invalidProps(id("serviceType"), errors.serviceType)}
            />
            <Select.Content position="popper">
              {/* A kind the list no longer offers stays choosable, so opening an old record changes nothing. */}
              {(values.serviceType === "" || (serviceTypes as readonly string[]).includes(values.serviceType)
                ? serviceTypes
                : [values.serviceType, ...serviceTypes]
              ).map((t) => (
                <Select.Item key={t} value={t}>
                  {t}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Field>
        <Field id={id("status")} label="Status" error={errors.status}>
          <Select.Root value={values.status} onValueChange={(v) => set("status", v as RecordStatus)}>
            <Select.Trigger id={id("status")} className="admin-select" {...invalidProps(id("status"), errors.status)} />
            <Select.Content position="popper">
              {serviceRecordStatusList.map((s) => (
                <Select.Item key={s} value={s}>
                  {statusLabels[s]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Field>
        <Field id={id("serviceDate")} label="Service date" error={errors.serviceDate}>
          <TextField.Root {...text("serviceDate")} type="date" />
        </Field>
        {/* Who goes comes first: the free times below are theirs. A time picked from another choice's is picked again. */}
        <EngineersField
          idPrefix={id("engineers")}
          chosen={values.engineers}
          onChange={(engineers) =>
            form.update(
              (f) => ({ ...f, engineers, ...(f.timeMode === "free" ? { startTime: "", endTime: "" } : {}) }),
              "engineers",
            )
          }
          error={errors.engineers}
        />
        <div className="admin-span-all">
          <VisitTimeField
            idPrefix={id("visit")}
            form={values}
            onChange={(changes) => form.update((f) => ({ ...f, ...changes }), "visitStart", "visitEnd")}
            canEmail={customerEmail(values) !== null}
            error={errors.visitStart ?? errors.visitEnd}
          />
        </div>
        <Field id={id("technicianName")} label="Technician" error={errors.technicianName}>
          <TextField.Root {...text("technicianName")} maxLength={100} />
        </Field>
        <Field id={id("cost")} label="Cost (£)" error={errors.cost}>
          <TextField.Root {...text("cost")} inputMode="decimal" placeholder="85.00" />
        </Field>
        <Field
          id={id("nextServiceDue")}
          label="Next service due"
          error={errors.nextServiceDue}
          hint={annual && !values.nextServiceDue ? "Left empty, completing this visit sets it a year on." : undefined}
        >
          <TextField.Root {...text("nextServiceDue")} type="date" />
        </Field>
        <Field id={id("equipmentType")} label="Equipment type" error={errors.equipmentType}>
          <TextField.Root {...text("equipmentType")} maxLength={100} placeholder="Combi boiler" />
        </Field>
        <Field id={id("equipmentModel")} label="Equipment model" error={errors.equipmentModel}>
          <TextField.Root {...text("equipmentModel")} maxLength={100} placeholder="Worcester Greenstar 30i" />
        </Field>
      </Grid>
      <Grid columns={{ initial: "1", sm: "2" }} gap="4" mt="4">
        <Field id={id("workCompleted")} label="Work completed" error={errors.workCompleted}>
          <TextArea {...text("workCompleted")} rows={3} maxLength={2000} />
        </Field>
        <Field id={id("partsUsed")} label="Parts used" error={errors.partsUsed}>
          <TextArea {...text("partsUsed")} rows={3} maxLength={1000} />
        </Field>
        <Field id={id("description")} label="Description" error={errors.description}>
          <TextArea {...text("description")} rows={3} maxLength={2000} />
        </Field>
        <Field id={id("notes")} label="Notes" error={errors.notes}>
          <TextArea {...text("notes")} rows={3} maxLength={2000} />
        </Field>
      </Grid>
      <Flex gap="3" mt="5" justify="end" wrap="wrap">
        <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {record ? (busy ? "Saving..." : "Save Changes") : busy ? "Adding..." : "Add Record"}
        </Button>
      </Flex>
    </form>
  );
}
