import type { AdminServiceRecord, ServiceRecordInput } from "../../../../schema/api/records";
import { londonToday, londonToUtc } from "../../../../schema/london-time";
import { formatClock } from "../../../../schema/london-time-text";
import { changedFields } from "../../../lib/use-form";
import { type CustomerFormState, customerInput, emptyCustomerForm } from "../customers/customer-form-state";

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
  enquiryId: number | null;
  /** The customer's property the visit is at; null: their home (first property). */
  propertyId: number | null;
  /** A new visit of this job (its customer's, at its property); null: a job of its own. */
  jobId: number | null;
  /** When the visit is: one of the diary's free times, a time the owner sets, or to be agreed. */
  timeMode: TimeMode;
  /** London wall-clock "HH:MM" on the service date. */
  startTime: string;
  endTime: string;
  /** E-mail the customer the booking confirmation (or the new time) with their link. */
  notifyCustomer: boolean;
  /** Who does the visit (ids, sorted); none chosen: the signed-in engineer, else the owner. */
  engineers: number[];
};

export type TimeMode = "free" | "manual" | "tba";

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
    enquiryId: null,
    propertyId: null,
    jobId: null,
    timeMode: "free",
    startTime: "",
    endTime: "",
    notifyCustomer: true,
    engineers: [],
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
    enquiryId: record.enquiryId,
    propertyId: record.propertyId,
    jobId: null,
    timeMode: record.visitStart ? "manual" : "tba",
    startTime: record.visitStart ? formatClock(record.visitStart) : "",
    endTime: record.visitEnd ? formatClock(record.visitEnd) : "",
    notifyCustomer: true,
    engineers: (record.engineers ?? []).map((e) => e.id).sort((a, b) => a - b),
  };
}

/** The visit's time as the API takes it: both ends on the service date (London), or neither (to be agreed). */
function visitTimes(form: RecordFormState): { visitStart: string | null; visitEnd: string | null } {
  if (form.timeMode === "tba" || !form.startTime || !form.endTime || !/^\d{4}-\d{2}-\d{2}$/.test(form.serviceDate))
    return { visitStart: null, visitEnd: null };
  return {
    visitStart: londonToUtc(form.serviceDate, form.startTime).toISOString(),
    visitEnd: londonToUtc(form.serviceDate, form.endTime).toISOString(),
  };
}

/**
 * A visit still to come is an appointment: it has a time, or says its time is to be agreed. (A
 * visit done or under way may be recorded without one.) Half a time is always asked about.
 */
export const timeProblem = (form: RecordFormState): string | null => {
  if (form.timeMode === "tba" || (form.startTime && form.endTime)) return null;
  if (form.timeMode === "manual") return "Give the visit a start and an end time";
  const toCome = form.status === "scheduled" || form.status === "pending";
  return toCome ? "Choose one of the free times, set a time yourself, or leave it to be agreed" : null;
};

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
    ...(form.enquiryId ? { enquiryId: form.enquiryId } : {}),
    ...(form.propertyId ? { propertyId: form.propertyId } : {}),
    ...(form.jobId ? { jobId: form.jobId } : {}),
    ...visitTimes(form),
    notifyCustomer: form.notifyCustomer,
    ...(form.engineers.length > 0 ? { engineers: form.engineers } : {}),
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
  const fields = Object.keys(after).filter((key) => !["newCustomer", "customerId", "notifyCustomer"].includes(key));
  const changes: Record<string, unknown> = changedFields(before, after, fields);
  // Whether to tell the customer matters only when the time changes.
  if ("visitStart" in changes || "visitEnd" in changes) changes.notifyCustomer = form.notifyCustomer;
  if (form.customer.kind === "new") changes.newCustomer = after.newCustomer;
  else if (pickedId(form) !== pickedId(initial)) changes.customerId = pickedId(form);
  return changes as Partial<ServiceRecordInput>;
}

export const newCustomerForm = (fields: Partial<CustomerFormState> = {}): RecordCustomer => ({
  kind: "new",
  fields: { ...emptyCustomerForm, ...fields },
});
