import { Button, Grid, Select, TextField } from "@radix-ui/themes";
import {
  type AdminAppliance,
  APPLIANCE_TYPES,
  type ApplianceInput,
  applianceInputSchema,
  applianceTypeLabels,
  FLUE_TYPES,
  flueTypeLabels,
} from "../../../../schema/api/properties";
import { notify } from "../../../lib/toast";
import { useForm } from "../../../lib/use-form";
import { Field } from "../form-field";
import { PlusIcon } from "../icons";
import { CheckField, DialogForm, FormDialog, saveDialogForm } from "./form-dialog";

type ApplianceForm = {
  location: string;
  type: ApplianceInput["type"];
  make: string;
  model: string;
  serial: string;
  flueType: ApplianceInput["flueType"];
  landlordOwned: boolean;
};

const applianceForm = (a?: AdminAppliance): ApplianceForm => ({
  location: a?.location ?? "",
  type: a?.type ?? "boiler",
  make: a?.make ?? "",
  model: a?.model ?? "",
  serial: a?.serial ?? "",
  flueType: a?.flueType ?? "room-sealed",
  landlordOwned: a?.landlordOwned ?? true,
});

/** Add an appliance to a property, or change one. */
export function ApplianceDialog({
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
  const dialog = useForm<ApplianceForm>({
    initial: () => applianceForm(appliance),
    schema: applianceInputSchema,
    idPrefix: `appliance-${appliance?.id ?? `new-${propertyId}`}`,
  });
  const submit = () =>
    saveDialogForm(
      dialog,
      appliance ? { patch: `/api/admin/appliances/${appliance.id}` } : { post: `/api/admin/properties/${propertyId}/appliances` },
      async (form) => {
        notify({ title: appliance ? "Appliance saved" : "Appliance added", description: form.location, variant: "success" });
        await onSaved();
      },
    );
  const { values: form, set, errors, id, text } = dialog;
  return (
    <DialogForm
      busy={dialog.busy}
      onSubmit={async (event) => {
        event.preventDefault();
        if (await submit()) close();
      }}
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
