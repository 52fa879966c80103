import { Button, Flex } from "@radix-ui/themes";
import type { FormEvent } from "react";
import type { AdminCustomer } from "../../../../schema/api/customers";
import { type CustomerInput, customerInputSchema, customerPatchSchema } from "../../../../schema/api/customers";
import { toastFailure, toastInvalid } from "../../../lib/admin/form-toasts";
import { notify } from "../../../lib/toast";
import { useForm } from "../../../lib/use-form";
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
  const form = useForm<CustomerFormState>({
    initial: () => (customer ? customerFormFrom(customer) : emptyCustomerForm),
    schema: customer ? customerPatchSchema : customerInputSchema,
    input: (values, initial) => (customer ? customerChanges(initial, values) : customerInput(values)),
  });
  const { busy } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (props.customer && Object.keys(customerChanges(form.initial, form.values)).length === 0) {
      notify({ title: "Nothing to save", description: "You haven't changed anything yet." });
      return;
    }
    const fallback = customer ? "Failed to save the customer" : "Failed to add the customer";
    await form.submit(
      (_data, input) => (props.customer ? props.onSave(input as Partial<CustomerInput>) : props.onCreate(input as CustomerInput)),
      { onInvalid: toastInvalid, onError: toastFailure("Error", fallback) },
    );
  }

  return (
    <form onSubmit={submit} aria-labelledby={labelledBy} noValidate>
      <CustomerFields idPrefix={idPrefix} form={form.values} set={form.set} errors={form.errors} />
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
