import { Button, Flex, Grid, Select, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import type { AdminServiceRecord } from "../../../../schema/api/records";
import {
  serviceRecordInputSchema,
  serviceRecordPatchSchema,
  serviceRecordStatusList,
  serviceTypes,
} from "../../../../schema/api/records";
import { annualServiceTypes } from "../../../../schema/business";
import { createServiceRecord, updateServiceRecord } from "../../../hooks/admin/use-service-records";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { type FieldErrors, fieldErrorsFrom } from "../form-errors";
import { Field, invalidProps } from "../form-field";
import { CustomerPicker } from "./customer-picker";
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

type TextKey = Exclude<
  keyof RecordFormState,
  "customer" | "status" | "serviceType" | "quoteId" | "propertyId" | "timeMode" | "startTime" | "endTime" | "notifyCustomer"
>;

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
  const [form, setForm] = useState<RecordFormState>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;

  const set = <K extends keyof RecordFormState>(key: K, value: RecordFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const text = (key: TextKey) => ({
    id: id(key),
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    ...invalidProps(id(key), errors[key]),
  });

  function refuse(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    setErrors(fieldErrorsFrom(issues));
    notify({ title: "Validation Error", description: issues[0]?.message, variant: "destructive" });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    let send: () => Promise<AdminServiceRecord>;
    if (record) {
      const half = timeProblem(form);
      if (half) return refuse([{ path: ["visitStart"], message: half }]);
      const changes = recordChanges(initial, form);
      if (Object.keys(changes).filter((k) => k !== "notifyCustomer").length === 0) {
        notify({ title: "Nothing to save", description: "You haven't changed anything yet." });
        return;
      }
      const parsed = serviceRecordPatchSchema.safeParse(changes);
      if (!parsed.success) return refuse(parsed.error.issues);
      send = () => updateServiceRecord(record.id, changes);
    } else {
      const input = recordInput(form);
      const parsed = serviceRecordInputSchema.safeParse(input);
      const issues: { path: readonly PropertyKey[]; message: string }[] = parsed.success ? [] : [...parsed.error.issues];
      const half = timeProblem(form);
      if (half) issues.push({ path: ["visitStart"], message: half });
      // The API allows a record with no customer (old records have none); a new one needs one.
      if (form.customer.kind === "picked" && !form.customer.customer)
        issues.unshift({ path: ["customerId"], message: "Please choose a customer, or turn on New customer" });
      if (issues.length > 0) return refuse(issues);
      send = () => createServiceRecord(input);
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await send();
      notify(
        record
          ? {
              title: "Service record saved",
              description: `${saved.serviceType} for ${saved.customerName ?? "Unknown Customer"}.`,
              variant: "success",
            }
          : {
              title: "Service record added",
              description: `${saved.serviceType} for ${saved.customerName ?? "Unknown Customer"}.`,
              variant: "success",
            },
      );
      onSaved(saved);
    } catch (e) {
      if (e instanceof HttpError && e.body?.details) setErrors(fieldErrorsFrom(e.body.details));
      if (!isUnauthorized(e)) {
        const fallback = record ? "Failed to save the service record" : "Failed to add the service record";
        notify({ title: "Error", description: errorMessage(e, fallback), variant: "destructive" });
      }
    } finally {
      setBusy(false);
    }
  }

  const annual = annualServiceTypes.includes(form.serviceType);
  return (
    <form onSubmit={submit} aria-labelledby={labelledBy} noValidate>
      <CustomerPicker
        idPrefix={id("customer")}
        value={form.customer}
        onChange={(customer) => {
          // Another customer's visit is at one of their properties, their home unless chosen.
          setForm((f) => ({ ...f, customer, propertyId: null }));
          setErrors((e) =>
            Object.fromEntries(Object.entries(e).filter(([k]) => k !== "customerId" && !k.startsWith("newCustomer."))),
          );
        }}
        errors={errors}
      />
      {form.customer.kind === "picked" && form.customer.customer ? (
        <PropertyField
          id={id("propertyId")}
          customerId={form.customer.customer.id}
          value={form.propertyId}
          onChange={(v) => set("propertyId", v)}
          error={errors.propertyId}
        />
      ) : null}
      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" mt="4">
        <Field id={id("serviceType")} label="Kind of visit" error={errors.serviceType}>
          <Select.Root value={form.serviceType} onValueChange={(v) => set("serviceType", v)}>
            <Select.Trigger
              id={id("serviceType")}
              className="admin-select"
              placeholder="Choose the kind of visit"
              {...invalidProps(id("serviceType"), errors.serviceType)}
            />
            <Select.Content position="popper">
              {/* A kind the list no longer offers stays choosable, so opening an old record changes nothing. */}
              {(form.serviceType === "" || (serviceTypes as readonly string[]).includes(form.serviceType)
                ? serviceTypes
                : [form.serviceType, ...serviceTypes]
              ).map((t) => (
                <Select.Item key={t} value={t}>
                  {t}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Field>
        <Field id={id("status")} label="Status" error={errors.status}>
          <Select.Root value={form.status} onValueChange={(v) => set("status", v as RecordStatus)}>
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
        <div className="admin-span-all">
          <VisitTimeField
            idPrefix={id("visit")}
            form={form}
            onChange={(changes) => {
              setForm((f) => ({ ...f, ...changes }));
              setErrors((e) => (e.visitStart || e.visitEnd ? { ...e, visitStart: undefined, visitEnd: undefined } : e));
            }}
            canEmail={customerEmail(form) !== null}
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
          hint={annual && !form.nextServiceDue ? "Left empty, completing this visit sets it a year on." : undefined}
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
