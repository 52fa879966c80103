import { Button, Grid, TextField } from "@radix-ui/themes";
import { type AdminProperty, propertyInputSchema } from "../../../../schema/api/properties";
import { notify } from "../../../lib/toast";
import { useForm } from "../../../lib/use-form";
import { Field } from "../form-field";
import { PlusIcon } from "../icons";
import { CheckField, DialogForm, FormDialog, saveDialogForm } from "./form-dialog";

type PropertyForm = {
  address: string;
  postcode: string;
  tenantName: string;
  tenantEmail: string;
  tenantPhone: string;
  tenantGetsCopies: boolean;
  tenantMayBook: boolean;
};

const propertyForm = (p?: AdminProperty): PropertyForm => ({
  address: p?.address ?? "",
  postcode: p?.postcode ?? "",
  tenantName: p?.tenantName ?? "",
  tenantEmail: p?.tenantEmail ?? "",
  tenantPhone: p?.tenantPhone ?? "",
  tenantGetsCopies: p?.tenantGetsCopies ?? false,
  tenantMayBook: p?.tenantMayBook ?? false,
});

/** Add a property to a customer, or change one. */
export function PropertyDialog({
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
  const dialog = useForm<PropertyForm>({
    initial: () => propertyForm(property),
    schema: propertyInputSchema,
    idPrefix: `property-${property?.id ?? "new"}`,
  });
  const submit = () =>
    saveDialogForm(
      dialog,
      property ? { patch: `/api/admin/properties/${property.id}` } : { post: `/api/admin/customers/${customerId}/properties` },
      async (form) => {
        notify({ title: property ? "Property saved" : "Property added", description: form.address, variant: "success" });
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
        <CheckField
          checked={form.tenantMayBook}
          onChange={(v) => set("tenantMayBook", v)}
          label="Let the tenant book the check"
          hint="The tenant signs in with their e-mail and books the gas safety check here, for the landlord."
        />
      </Grid>
    </DialogForm>
  );
}
