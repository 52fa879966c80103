/**
 * Gas safety due (issue 45's reports): each property whose latest issued gas safety record sets a
 * deadline within the next GAS_DUE_DAYS days, or already past, by landlord, with its CSV.
 */

/** How far ahead the report looks, in days from today (today + 90 is in, today + 91 is not). */
export const GAS_DUE_DAYS = 90;

/**
 * How long past its deadline a property stays on the list: a record lapsed more than a year ago is
 * most likely a landlord who sold or went elsewhere, so it is counted, not listed, and the owner
 * finds it on the customer's page if it is still theirs.
 */
export const GAS_DUE_LAPSED_DAYS = 365;

/** A gas safety visit at the property after its last check, not done yet: the next check is booked. */
export type GasDueBooking = { visitId: number; date: string };

export type GasDueProperty = {
  propertyId: number;
  address: string;
  postcode: string | null;
  tenantName: string | null;
  /** The latest issued record there: its number (GSR-000123), the day of its check. */
  recordId: number;
  recordNumber: string;
  checkDate: string;
  /** The deadline that record set (reg. 36A), and the days from today to it (negative: overdue). */
  dueDate: string;
  daysLeft: number;
  isOverdue: boolean;
  booked: GasDueBooking | null;
};

export type GasDueLandlord = {
  customerId: number;
  name: string;
  email: string | null;
  /** Overdue first, then the soonest due. */
  properties: GasDueProperty[];
};

/** GET /api/admin/reports/gas-due: landlords with the most pressing deadline first. */
export type GasDueReport = {
  asOf: string;
  /** The last due date the report takes in (asOf + GAS_DUE_DAYS). */
  until: string;
  overdue: number;
  due: number;
  /** Properties whose deadline passed more than GAS_DUE_LAPSED_DAYS ago: counted, not listed. */
  lapsed: number;
  landlords: GasDueLandlord[];
};
