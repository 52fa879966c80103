import type { AdminServiceRecord, ServiceRecordInput } from "../../../../schema/api/records";
import { londonToday } from "../../../../schema/london-time";
import { type CustomerFormState, customerInput, emptyCustomerForm } from "../customers/customer-form-state";
import { changedFields } from "../form-errors";

export type RecordStatus = AdminServiceRecord["status"];

/** A customer on file, as the form shows the choice. */
export type PickedCustomer = { id: number; name: string; email: string | null };

/** Who the visit is for: a customer on file (none yet), or one created with the record. */
export type RecordCustomer = { kind: "picked"; customer: PickedCustomer | null } | { kind: "new"; fields: CustomerFormState };

/** The service record form as typed: text stays text until the form is sent. */
export type RecordFormState = {
  customer: RecordCustomer;
  serviceType: string;
  status: RecordStatus;
  serviceDate: string;
  technicianName: string;
  cost: string;
  equipmentType: string;
  equipmentModel: string;
  workCompleted: string;
  partsUsed: string;
  nextServiceDue: string;
  description: string;
  notes: string;
  quoteId: number | null;
};

/** Today as the owner's calendar has it (yyyy-mm-dd, UK time). */
export const todayInUk = (now = new Date()): string => londonToday(now);

/** A new visit: booked for today, waiting for its customer and kind. */
export function emptyRecordForm(): RecordFormState {
  return {
    customer: { kind: "picked", customer: null },
    serviceType: "",
    status: "scheduled",
    serviceDate: todayInUk(),
    technicianName: "",
    cost: "",
    equipmentType: "",
    equipmentModel: "",
    workCompleted: "",
    partsUsed: "",
    nextServiceDue: "",
    description: "",
    notes: "",
    quoteId: null,
  };
}

/** The editor's starting point: the record as stored. */
export function recordFormFrom(record: AdminServiceRecord): RecordFormState {
  return {
    customer: {
      kind: "picked",
      customer:
        record.customerId === null
          ? null
          : { id: record.customerId, name: record.customerName ?? "Unknown Customer", email: record.customerEmail },
    },
    serviceType: record.serviceType,
    status: record.status,
    serviceDate: record.serviceDate,
    technicianName: record.technicianName ?? "",
    cost: record.cost ?? "",
    equipmentType: record.equipmentType ?? "",
    equipmentModel: record.equipmentModel ?? "",
    workCompleted: record.workCompleted ?? "",
    partsUsed: record.partsUsed ?? "",
    nextServiceDue: record.nextServiceDue ?? "",
    description: record.description ?? "",
    notes: record.notes ?? "",
    quoteId: record.quoteId,
  };
}

const optional = (text: string) => (text.trim() === "" ? null : text);

/**
 * Every field as the API takes it (the Add record request). A next service date left empty is
 * not sent, so completing an annual visit sets it a year on.
 */
export function recordInput(form: RecordFormState): ServiceRecordInput {
  const { customer } = form;
  return {
    ...(customer.kind === "new"
      ? { newCustomer: customerInput(customer.fields) }
      : { customerId: customer.customer?.id ?? null }),
    serviceType: form.serviceType,
    status: form.status,
    serviceDate: form.serviceDate,
    technicianName: optional(form.technicianName),
    cost: optional(form.cost),
    equipmentType: optional(form.equipmentType),
    equipmentModel: optional(form.equipmentModel),
    workCompleted: optional(form.workCompleted),
    partsUsed: optional(form.partsUsed),
    ...(form.nextServiceDue ? { nextServiceDue: form.nextServiceDue } : {}),
    description: optional(form.description),
    notes: optional(form.notes),
    ...(form.quoteId ? { quoteId: form.quoteId } : {}),
  };
}

const pickedId = (form: RecordFormState) => (form.customer.kind === "picked" ? (form.customer.customer?.id ?? null) : null);

/**
 * Only what the owner changed since `initial` (the PATCH request); empty when nothing did. A next
 * service date emptied by the owner is sent as null (cleared); one never set and left empty is not
 * sent, so completing an annual visit still sets it.
 */
export function recordChanges(initial: RecordFormState, form: RecordFormState): Partial<ServiceRecordInput> {
  const before: Record<string, unknown> = recordInput(initial);
  const after: Record<string, unknown> = recordInput(form);
  if (initial.nextServiceDue && !form.nextServiceDue) after.nextServiceDue = null;
  const fields = Object.keys(after).filter((key) => key !== "newCustomer" && key !== "customerId");
  const changes: Record<string, unknown> = changedFields(before, after, fields);
  if (form.customer.kind === "new") changes.newCustomer = after.newCustomer;
  else if (pickedId(form) !== pickedId(initial)) changes.customerId = pickedId(form);
  return changes as Partial<ServiceRecordInput>;
}

export const newCustomerForm = (fields: Partial<CustomerFormState> = {}): RecordCustomer => ({
  kind: "new",
  fields: { ...emptyCustomerForm, ...fields },
});
