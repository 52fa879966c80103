import type { AdminCustomer } from "../../../../schema/api/customers";
import type { AdminEnquiry } from "../../../../schema/api/enquiries";
import type { EnquiryService, serviceTypes } from "../../../../schema/business";
import { splitName } from "../../../../schema/names";
import { customerName } from "../../../hooks/admin/use-customers";
import { emptyRecordForm, newCustomerForm, type RecordFormState } from "../service-records/record-form-state";

/** The kind of visit each quote asks for; a call back from the chat could be anything, so the owner chooses. */
const visitFor: Record<EnquiryService, (typeof serviceTypes)[number] | ""> = {
  "boiler-installation": "Boiler Installation",
  "boiler-repair": "Boiler Repair",
  "central-heating": "Central Heating Upgrade",
  "annual-service": "Annual Boiler Service",
  "emergency-repair": "Emergency Call-out",
  plumbing: "Plumbing",
  "call-back": "",
};

/**
 * A visit booked from a quote: its kind from the quote's service, its message as the description,
 * for the customer on file with the quote's e-mail or, when there is none, a new customer filled in
 * from the quote (the name split into first and last).
 */
export function visitFromEnquiry(enquiry: AdminEnquiry, customer: AdminCustomer | null): RecordFormState {
  return {
    ...emptyRecordForm(),
    customer: customer
      ? { kind: "picked", customer: { id: customer.id, name: customerName(customer), email: customer.email } }
      : newCustomerForm({ ...splitName(enquiry.name), email: enquiry.email, phone: enquiry.phone, postcode: enquiry.postcode }),
    serviceType: visitFor[enquiry.service as EnquiryService] ?? "",
    description: enquiry.message ?? "",
    enquiryId: enquiry.id,
  };
}
