import { Badge, Button, Checkbox, Dialog, Flex, Grid, Heading, Select, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, type ReactNode, useState } from "react";
import type { DocumentSummary } from "../../../../schema/api/gas-safety";
import {
  type AdminAppliance,
  type AdminProperty,
  APPLIANCE_TYPES,
  type ApplianceInput,
  applianceInputSchema,
  applianceTypeLabels,
  FLUE_TYPES,
  flueTypeLabels,
  type PropertyInput,
  propertyInputSchema,
} from "../../../../schema/api/properties";
import { formatDate } from "../../../../schema/london-time-text";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { adminApi, errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { adminChange } from "../../../lib/admin/admin-write";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { ErrorState, LoadingState } from "../admin-states";
import { changedFields, type FieldErrors, fieldErrorsFrom } from "../form-errors";
import { Field, invalidProps } from "../form-field";
import { PropertyDocuments, StartDocument } from "../gas-safety/gas-safety-links";
import { PlusIcon } from "../icons";

type PropertyForm = {
  address: string;
  postcode: string;
  tenantName: string;
  tenantEmail: string;
  tenantPhone: string;
  tenantGetsCopies: boolean;
};
type ApplianceForm = {
  location: string;
  type: ApplianceInput["type"];
  make: string;
  model: string;
  serial: string;
  flueType: ApplianceInput["flueType"];
  landlordOwned: boolean;
};

const propertyForm = (p?: AdminProperty): PropertyForm => ({
  address: p?.address ?? "",
  postcode: p?.postcode ?? "",
  tenantName: p?.tenantName ?? "",
  tenantEmail: p?.tenantEmail ?? "",
  tenantPhone: p?.tenantPhone ?? "",
  tenantGetsCopies: p?.tenantGetsCopies ?? false,
});
const applianceForm = (a?: AdminAppliance): ApplianceForm => ({
  location: a?.location ?? "",
  type: a?.type ?? "boiler",
  make: a?.make ?? "",
  model: a?.model ?? "",
  serial: a?.serial ?? "",
  flueType: a?.flueType ?? "room-sealed",
  landlordOwned: a?.landlordOwned ?? true,
});

type StringKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * A form in a dialog that sends what the owner typed: every field to `post` to add, only the
 * changed ones to `patch` to edit (nothing changed: the dialog just closes), checked first with the
 * API's own schema; each problem, the server's too, beside its field. `text(key)` wires a text
 * field (id, value, change, error) under `idPrefix`.
 */
function useDialogForm<F extends object>({
  initial,
  idPrefix,
  check,
  save,
  onSaved,
}: {
  initial: F;
  idPrefix: string;
  check: (form: F) => FieldErrors;
  save: { patch: string } | { post: string };
  onSaved: (form: F) => unknown;
}) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof F>(key: K, value: F[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key as string] ? { ...e, [key]: undefined } : e));
  };
  const id = (name: string) => `${idPrefix}-${name}`;
  const text = (key: StringKeys<F>) => ({
    id: id(String(key)),
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as F[typeof key]),
    ...invalidProps(id(String(key)), errors[String(key)]),
  });
  async function submit(event: FormEvent): Promise<boolean> {
    event.preventDefault();
    const problems = check(form);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return false;
    }
    let write: () => Promise<unknown>;
    if ("patch" in save) {
      const changes = changedFields(initial, form);
      if (Object.keys(changes).length === 0) return true;
      write = () => adminChange("PATCH", save.patch, changes);
    } else write = () => adminApi(save.post, { json: form });
    setBusy(true);
    try {
      await write();
      await onSaved(form);
      return true;
    } catch (e) {
      if (e instanceof HttpError && e.body?.details) setErrors(fieldErrorsFrom(e.body.details));
      if (!isUnauthorized(e))
        notify({ title: "Not saved", description: errorMessage(e, "Please try again."), variant: "destructive" });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { form, set, errors, busy, submit, id, text };
}

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : fieldErrorsFrom(result.error!.issues);

/** A dialog whose form is made afresh each time it opens (an added item's values never linger). */
function FormDialog({
  title,
  trigger,
  children,
}: {
  title: string;
  trigger: ReactNode;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="3" className="admin-visually-hidden">
          {title}
        </Dialog.Description>
        {children(() => setOpen(false))}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The form of a FormDialog: its fields, Cancel and the submit button. */
function DialogForm({
  busy,
  onSubmit,
  submitLabel,
  children,
}: {
  busy: boolean;
  onSubmit: (event: FormEvent) => unknown;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      {children}
      <Flex gap="3" mt="5" justify="end">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}

function CheckField({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <Text as="label" size="2" className="admin-check-field">
      <Flex gap="2" align="start">
        <Checkbox mt="1" checked={checked} onCheckedChange={(v) => onChange(v === true)} />
        <span>
          <Text weight="medium">{label}</Text>
          <Text as="span" color="gray" size="1" className="admin-row-sub">
            {hint}
          </Text>
        </span>
      </Flex>
    </Text>
  );
}

/** Add a property to a customer, or change one. */
function PropertyDialog({
  customerId,
  property,
  onSaved,
}: {
  customerId: number;
  property?: AdminProperty;
  onSaved: () => unknown;
}) {
  return (
    <FormDialog
      title={property ? `Edit ${property.address}` : "Add a property"}
      trigger={
        property ? (
          <Button variant="soft" size="2">
            Edit property
          </Button>
        ) : (
          <Button variant="soft">
            <PlusIcon /> Add property
          </Button>
        )
      }
    >
      {(close) => <PropertyFormBody customerId={customerId} property={property} onSaved={onSaved} close={close} />}
    </FormDialog>
  );
}

function PropertyFormBody({
  customerId,
  property,
  onSaved,
  close,
}: {
  customerId: number;
  property?: AdminProperty;
  onSaved: () => unknown;
  close: () => void;
}) {
  const [initial] = useState(() => propertyForm(property));
  const dialog = useDialogForm({
    initial,
    idPrefix: `property-${property?.id ?? "new"}`,
    check: (form) => issuesOf(propertyInputSchema.safeParse(form satisfies PropertyInput)),
    save: property
      ? { patch: `/api/admin/properties/${property.id}` }
      : { post: `/api/admin/customers/${customerId}/properties` },
    onSaved: async (form) => {
      notify({ title: property ? "Property saved" : "Property added", description: form.address, variant: "success" });
      await onSaved();
    },
  });
  const { form, set, errors, id, text } = dialog;
  return (
    <DialogForm
      busy={dialog.busy}
      onSubmit={async (event) => (await dialog.submit(event)) && close()}
      submitLabel={property ? "Save property" : "Add property"}
    >
      <Grid columns={{ initial: "1", sm: "2" }} gap="4">
        <Field id={id("address")} label="Address" error={errors.address}>
          <TextField.Root {...text("address")} autoComplete="off" maxLength={300} />
        </Field>
        <Field id={id("postcode")} label="Postcode" error={errors.postcode}>
          <TextField.Root {...text("postcode")} autoComplete="off" maxLength={10} />
        </Field>
        <Field id={id("tenantName")} label="Tenant (optional)" error={errors.tenantName}>
          <TextField.Root {...text("tenantName")} autoComplete="off" maxLength={120} />
        </Field>
        <Field id={id("tenantPhone")} label="Tenant's phone (optional)" error={errors.tenantPhone}>
          <TextField.Root {...text("tenantPhone")} type="tel" autoComplete="off" maxLength={20} />
        </Field>
        <Field id={id("tenantEmail")} label="Tenant's e-mail (optional)" error={errors.tenantEmail}>
          <TextField.Root {...text("tenantEmail")} type="email" autoComplete="off" maxLength={254} />
        </Field>
        <CheckField
          checked={form.tenantGetsCopies}
          onChange={(v) => set("tenantGetsCopies", v)}
          label="Send the tenant copies"
          hint="Gas safety records go to the tenant too (the law asks for a copy within 28 days of the check)."
        />
      </Grid>
    </DialogForm>
  );
}

/** Add an appliance to a property, or change one. */
function ApplianceDialog({
  propertyId,
  appliance,
  onSaved,
}: {
  propertyId: number;
  appliance?: AdminAppliance;
  onSaved: () => unknown;
}) {
  return (
    <FormDialog
      title={appliance ? `Edit ${appliance.location} ${applianceTypeLabels[appliance.type].toLowerCase()}` : "Add an appliance"}
      trigger={
        appliance ? (
          <Button variant="ghost" size="1">
            Edit
          </Button>
        ) : (
          <Button variant="soft" size="2">
            <PlusIcon /> Add appliance
          </Button>
        )
      }
    >
      {(close) => <ApplianceFormBody propertyId={propertyId} appliance={appliance} onSaved={onSaved} close={close} />}
    </FormDialog>
  );
}

function ApplianceFormBody({
  propertyId,
  appliance,
  onSaved,
  close,
}: {
  propertyId: number;
  appliance?: AdminAppliance;
  onSaved: () => unknown;
  close: () => void;
}) {
  const [initial] = useState(() => applianceForm(appliance));
  const dialog = useDialogForm({
    initial,
    idPrefix: `appliance-${appliance?.id ?? `new-${propertyId}`}`,
    check: (form) => issuesOf(applianceInputSchema.safeParse(form satisfies ApplianceInput)),
    save: appliance
      ? { patch: `/api/admin/appliances/${appliance.id}` }
      : { post: `/api/admin/properties/${propertyId}/appliances` },
    onSaved: async (form) => {
      notify({ title: appliance ? "Appliance saved" : "Appliance added", description: form.location, variant: "success" });
      await onSaved();
    },
  });
  const { form, set, errors, id, text } = dialog;
  return (
    <DialogForm
      busy={dialog.busy}
      onSubmit={async (event) => (await dialog.submit(event)) && close()}
      submitLabel={appliance ? "Save appliance" : "Add appliance"}
    >
      <Grid columns={{ initial: "1", sm: "2" }} gap="4">
        <Field id={id("location")} label="Location" error={errors.location} hint="Where it is, for example Kitchen">
          <TextField.Root {...text("location")} autoComplete="off" maxLength={80} />
        </Field>
        <Field id={id("type")} label="Type" error={errors.type}>
          <Select.Root value={form.type} onValueChange={(v) => set("type", v as ApplianceForm["type"])}>
            <Select.Trigger id={id("type")} className="admin-select" />
            <Select.Content position="popper">
              {APPLIANCE_TYPES.map((t) => (
                <Select.Item key={t} value={t}>
                  {applianceTypeLabels[t]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Field>
        <Field id={id("make")} label="Make (optional)" error={errors.make}>
          <TextField.Root {...text("make")} autoComplete="off" maxLength={80} />
        </Field>
        <Field id={id("model")} label="Model (optional)" error={errors.model}>
          <TextField.Root {...text("model")} autoComplete="off" maxLength={80} />
        </Field>
        <Field id={id("serial")} label="Serial number (optional)" error={errors.serial}>
          <TextField.Root {...text("serial")} autoComplete="off" maxLength={80} />
        </Field>
        <Field id={id("flueType")} label="Flue" error={errors.flueType}>
          <Select.Root value={form.flueType} onValueChange={(v) => set("flueType", v as ApplianceForm["flueType"])}>
            <Select.Trigger id={id("flueType")} className="admin-select" />
            <Select.Content position="popper">
              {FLUE_TYPES.map((t) => (
                <Select.Item key={t} value={t}>
                  {flueTypeLabels[t]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Field>
        <CheckField
          checked={form.landlordOwned}
          onChange={(v) => set("landlordOwned", v)}
          label="The landlord's (or owner's) appliance"
          hint="A tenant's own appliance is checked visually only on a gas safety record."
        />
      </Grid>
    </DialogForm>
  );
}

function PropertyCard({
  property,
  documents,
  onSaved,
}: {
  property: AdminProperty;
  documents: DocumentSummary[] | undefined;
  onSaved: () => unknown;
}) {
  const tenant = [property.tenantName, property.tenantPhone, property.tenantEmail].filter(Boolean).join(" · ");
  return (
    <article className="admin-card admin-panel admin-property" aria-label={`Property: ${property.address}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h3" size="3">
            {property.address}
          </Heading>
          {/* A home known only by its postcode is headed by it already. */}
          {property.postcode === property.address ? null : (
            <Text as="p" size="2" color="gray">
              {property.postcode ?? "No postcode yet"}
            </Text>
          )}
        </div>
        <PropertyDialog customerId={property.customerId} property={property} onSaved={onSaved} />
      </Flex>
      {tenant ? (
        <Text as="p" size="2" mt="2">
          Tenant: {tenant}
          {property.tenantGetsCopies ? (
            <Badge ml="2" color="green" variant="soft" highContrast>
              Gets copies
            </Badge>
          ) : null}
        </Text>
      ) : null}
      <Text as="p" size="2" mt="2" color="gray">
        {property.lastVisit ? `Last visit ${formatDate(property.lastVisit)}` : "No visit yet"}
        {property.nextDue ? ` · Next due ${formatDate(property.nextDue)}` : ""}
      </Text>
      <Heading as="h4" size="2" mt="3" mb="1">
        Appliances
      </Heading>
      {property.appliances.length === 0 ? (
        <Text as="p" size="2" color="gray">
          None recorded yet.
        </Text>
      ) : (
        <ul className="admin-appliances" aria-label={`Appliances at ${property.address}`}>
          {property.appliances.map((a) => (
            <li key={a.id}>
              <span>
                <Text weight="medium">{a.location}</Text>
                {` · ${applianceTypeLabels[a.type]}`}
                {a.make || a.model ? ` · ${[a.make, a.model].filter(Boolean).join(" ")}` : ""}
                {` · ${flueTypeLabels[a.flueType]} flue`}
                {a.landlordOwned ? null : (
                  <Badge ml="2" color="gray" variant="soft" highContrast>
                    Tenant's own
                  </Badge>
                )}
              </span>
              <ApplianceDialog propertyId={property.id} appliance={a} onSaved={onSaved} />
            </li>
          ))}
        </ul>
      )}
      <Flex mt="3">
        <ApplianceDialog propertyId={property.id} onSaved={onSaved} />
      </Flex>
      <Heading as="h4" size="2" mt="4" mb="1">
        Certificates and service sheets
      </Heading>
      {documents ? <PropertyDocuments documents={documents} /> : null}
      <Flex mt="3" gap="2" wrap="wrap">
        <StartDocument kind="gas-safety-record" propertyId={property.id} />
        <StartDocument kind="service-sheet" propertyId={property.id} />
      </Flex>
    </article>
  );
}

/** The customer page's properties: each with its tenant, appliances, last visit and next deadline. */
export function CustomerProperties({ customerId }: { customerId: number }) {
  const { data, error, refresh } = useAdminData<AdminProperty[]>(`/api/admin/customers/${customerId}/properties`);
  const documents = useAdminData<DocumentSummary[]>(`/api/admin/customers/${customerId}/documents`);
  let body: ReactNode;
  if (data)
    body =
      data.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No property yet: add the address where the work is done.
        </Text>
      ) : (
        <div className="admin-list">
          {data.map((p) => (
            <PropertyCard
              key={p.id}
              property={p}
              documents={documents.data?.filter((d) => d.propertyId === p.id)}
              onSaved={refresh}
            />
          ))}
        </div>
      );
  else if (error) body = isUnauthorized(error) ? null : <ErrorState message="Failed to load the properties." onRetry={refresh} />;
  else body = <LoadingState label="Loading properties…" />;
  return (
    <section className="admin-customer-properties" aria-labelledby="customer-properties-heading">
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id="customer-properties-heading">
          Properties{data ? ` (${data.length})` : ""}
        </Heading>
        <PropertyDialog customerId={customerId} onSaved={refresh} />
      </Flex>
      {body}
    </section>
  );
}
