import type { AdminCustomer, ContactChannel, CustomerInput } from "../../../../schema/api/customers";
import { changedFields } from "../../../lib/use-form";

/** The customer fields as typed: text stays text until the form is sent. */
export type CustomerFormState = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  postcode: string;
  isLandlord: boolean;
  contactChannel: ContactChannel;
};

export const emptyCustomerForm: CustomerFormState = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  postcode: "",
  isLandlord: false,
  contactChannel: "email",
};

export function customerFormFrom(customer: AdminCustomer): CustomerFormState {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email ?? "",
    phone: customer.phone ?? "",
    address: customer.address ?? "",
    postcode: customer.postcode ?? "",
    isLandlord: customer.isLandlord,
    contactChannel: customer.contactChannel,
  };
}

/** Every field as the API takes it; an empty optional field is sent as null (not known). */
export function customerInput(form: CustomerFormState): CustomerInput {
  const optional = (text: string) => (text.trim() === "" ? null : text);
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phone: optional(form.phone),
    address: optional(form.address),
    postcode: optional(form.postcode),
    isLandlord: form.isLandlord,
    contactChannel: form.contactChannel,
  };
}

/** Only what changed since `initial` (the PATCH request); empty when nothing did. */
export function customerChanges(initial: CustomerFormState, form: CustomerFormState): Partial<CustomerInput> {
  const before = customerInput(initial);
  const after = customerInput(form);
  return changedFields(before, after);
}
