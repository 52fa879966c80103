import { customerFields } from "./customers";
import type { DocumentSummary } from "./documents";
import { optionalText, ukPostcode } from "./fields";
import { z } from "./z";

/**
 * A customer's properties (where the work happens) and their gas appliances: the forms' contracts
 * (shared by the screens and the Worker) and what the API answers.
 */
export const APPLIANCE_TYPES = ["boiler", "fire", "cooker", "hob", "water-heater", "other"] as const;
export const FLUE_TYPES = ["room-sealed", "open-flued", "flueless", "other"] as const;
export type ApplianceType = (typeof APPLIANCE_TYPES)[number];
export type FlueType = (typeof FLUE_TYPES)[number];

export const applianceTypeLabels: Record<ApplianceType, string> = {
  boiler: "Boiler",
  fire: "Gas fire",
  cooker: "Cooker",
  hob: "Hob",
  "water-heater": "Water heater",
  other: "Other",
};
export const flueTypeLabels: Record<FlueType, string> = {
  "room-sealed": "Room-sealed",
  "open-flued": "Open-flued",
  flueless: "Flueless",
  other: "Other",
};

const propertyFields = {
  address: z
    .string({ error: "Please enter the property's address" })
    .trim()
    .min(1, "Please enter the property's address")
    .max(300, "The address is too long (at most 300 characters)"),
  postcode: ukPostcode(),
  tenantName: optionalText("The tenant's name", 120),
  tenantEmail: customerFields.email,
  tenantPhone: customerFields.phone,
  tenantGetsCopies: z.boolean({ error: "Tenant copies must be true or false" }),
  tenantMayBook: z.boolean({ error: "Whether the tenant may book must be true or false" }),
};

/** A tenant can only be sent copies at an address. */
export const TENANT_COPIES_NEED_EMAIL = "Add the tenant's e-mail address to send them copies";
/** A tenant books from their own account, which they sign in to by e-mail. */
export const TENANT_BOOKS_NEEDS_EMAIL = "Add the tenant's e-mail address to let them book";

export const propertyInputSchema = z
  .object({
    ...propertyFields,
    tenantGetsCopies: propertyFields.tenantGetsCopies.default(false),
    tenantMayBook: propertyFields.tenantMayBook.default(false),
  })
  .refine((p) => !p.tenantGetsCopies || p.tenantEmail, { message: TENANT_COPIES_NEED_EMAIL, path: ["tenantEmail"] })
  .refine((p) => !p.tenantMayBook || p.tenantEmail, { message: TENANT_BOOKS_NEEDS_EMAIL, path: ["tenantEmail"] });

export const propertyPatchSchema = z
  .object(propertyFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");

const applianceFields = {
  location: z
    .string({ error: "Please say where the appliance is, for example Kitchen" })
    .trim()
    .min(1, "Please say where the appliance is, for example Kitchen")
    .max(80, "The location is too long (at most 80 characters)"),
  type: z.enum(APPLIANCE_TYPES, { error: "Please choose the type of appliance" }),
  make: optionalText("The make", 80),
  model: optionalText("The model", 80),
  serial: optionalText("The serial number", 80),
  flueType: z.enum(FLUE_TYPES, { error: "Please choose the flue type" }),
  landlordOwned: z.boolean({ error: "Landlord's appliance must be true or false" }),
};

export const applianceInputSchema = z.object({ ...applianceFields, landlordOwned: applianceFields.landlordOwned.default(true) });
export const appliancePatchSchema = z
  .object(applianceFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change was sent.");

export type PropertyInput = z.input<typeof propertyInputSchema>;
export type NewProperty = z.output<typeof propertyInputSchema>;
export type PropertyChanges = z.output<typeof propertyPatchSchema>;
export type ApplianceInput = z.input<typeof applianceInputSchema>;
export type NewAppliance = z.output<typeof applianceInputSchema>;
export type ApplianceChanges = z.output<typeof appliancePatchSchema>;

export type AdminAppliance = {
  id: number;
  propertyId: number;
  location: string;
  type: ApplianceType;
  make: string | null;
  model: string | null;
  serial: string | null;
  flueType: FlueType;
  landlordOwned: boolean;
};

/** A visit at the property, as its page lists them (newest first). */
export type PropertyVisit = {
  id: number;
  serviceType: string;
  status: string;
  serviceDate: string;
  nextServiceDue: string | null;
};

export type AdminProperty = {
  id: number;
  customerId: number;
  address: string;
  postcode: string | null;
  tenantName: string | null;
  tenantEmail: string | null;
  tenantPhone: string | null;
  tenantGetsCopies: boolean;
  /** The tenant may book the gas safety check from their own account. */
  tenantMayBook: boolean;
  appliances: AdminAppliance[];
  /** The latest visit done there, and the next one due (from the latest visit that names one). */
  lastVisit: string | null;
  nextDue: string | null;
  createdAt: string;
};

/** GET /api/admin/properties/:id: the property with its appliances, its visits and its documents. */
export type AdminPropertyDetail = AdminProperty & { visits: PropertyVisit[]; documents: DocumentSummary[] };
