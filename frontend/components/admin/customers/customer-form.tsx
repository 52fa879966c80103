import { Button, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import type { AdminCustomer } from "../../../../schema/api/customers";
import { type CustomerInput, customerInputSchema, customerPatchSchema } from "../../../../schema/api/customers";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { HttpError } from "../../../lib/api";
import { notify } from "../../../lib/toast";
import { type FieldErrors, fieldErrorsFrom } from "../form-errors";
import { CustomerFields } from "./customer-fields";
import {
  type CustomerFormState,
  customerChanges,
  customerFormFrom,
  customerInput,
  emptyCustomerForm,
} from "./customer-form-state";

type Props = {
  idPrefix: string;
  labelledBy: string;
  onCancel: () => void;
} & (
  | { customer?: undefined; onCreate: (input: CustomerInput) => Promise<void> }
  | { customer: AdminCustomer; onSave: (changes: Partial<CustomerInput>) => Promise<void> }
);

/**
 * Add a customer (every field, POST) or change one (only what changed, PATCH), checked with the
 * API's own schemas first; each problem, the server's included, shows beside its field.
 */
export function CustomerForm(props: Props) {
  const { idPrefix, labelledBy, onCancel, customer } = props;
  const [initial] = useState(() => (customer ? customerFormFrom(customer) : emptyCustomerForm));
  const [form, setForm] = useState<CustomerFormState>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof CustomerFormState>(key: K, value: CustomerFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    let send: () => Promise<void>;
    if (props.customer) {
      const changes = customerChanges(initial, form);
      if (Object.keys(changes).length === 0) {
        notify({ title: "Nothing to save", description: "You haven't changed anything yet." });
        return;
      }
      const parsed = customerPatchSchema.safeParse(changes);
      if (!parsed.success) return refuse(parsed.error.issues);
      send = () => props.onSave(changes);
    } else {
      const input = customerInput(form);
      const parsed = customerInputSchema.safeParse(input);
      if (!parsed.success) return refuse(parsed.error.issues);
      send = () => props.onCreate(input);
    }
    setErrors({});
    setBusy(true);
    try {
      await send();
    } catch (e) {
      if (e instanceof HttpError && e.body?.details) setErrors(fieldErrorsFrom(e.body.details));
      if (!isUnauthorized(e)) {
        const fallback = customer ? "Failed to save the customer" : "Failed to add the customer";
        notify({ title: "Error", description: errorMessage(e, fallback), variant: "destructive" });
      }
    } finally {
      setBusy(false);
    }
  }

  function refuse(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    setErrors(fieldErrorsFrom(issues));
    notify({ title: "Validation Error", description: issues[0]?.message, variant: "destructive" });
  }

  return (
    <form onSubmit={submit} aria-labelledby={labelledBy} noValidate>
      <CustomerFields idPrefix={idPrefix} form={form} set={set} errors={errors} />
      <Flex gap="3" mt="5" justify="end" wrap="wrap">
        <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {customer ? (busy ? "Saving..." : "Save Changes") : busy ? "Adding..." : "Add Customer"}
        </Button>
      </Flex>
    </form>
  );
}
