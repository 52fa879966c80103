/**
 * The company's facts, written once: the Worker (e-mails, chat prompt, JSON-LD), the pages and the
 * built-in chat responder all import them from here. Name, phone, e-mail and address are clearly
 * fictional placeholders for the owner to replace (phone numbers from Ofcom's drama range).
 */
export const company = {
  name: "Northside Heating & Plumbing",
  shortName: "Northside Heating",
  ownerName: "Dave Hughes",
  phone: "0161 496 0123",
  phoneHref: "tel:+441614960123",
  emergencyPhone: "0161 496 0999",
  emergencyPhoneHref: "tel:+441614960999",
  email: "hello@example-heating.co.uk",
  address: {
    street: "42 Example Works, Chester Road",
    locality: "Stretford",
    region: "Greater Manchester",
    postcode: "M32 0ZZ",
    country: "GB",
  },
  gasSafeNumber: "000000",
  yearsExperience: "15+",
  customersLanding: "2000+",
  customersElsewhere: "500+",
  warrantyMonths: 12,
  enquiryResponseHours: 2,
  emergencyResponseHours: 2,
} as const;

export const addressLine = `${company.address.street}, ${company.address.locality}, ${company.address.postcode}`;

export const openingHours = [
  {
    days: "Monday - Friday",
    hours: "8:00 - 18:00",
    schema: { dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
  },
  { days: "Saturday", hours: "8:00 - 16:00", schema: { dayOfWeek: ["Saturday"], opens: "08:00", closes: "16:00" } },
  { days: "Sunday", hours: "Emergency only", schema: null },
] as const;
export const emergencyLine = "24/7 emergency line";

/** Coverage areas listed beside the quote form and in the contact block (the footer omits Urmston). */
export const coverageAreas = ["Manchester", "Stretford", "Old Trafford", "Sale", "Altrincham", "Urmston"] as const;
export const footerAreas = coverageAreas.filter((a) => a !== "Urmston");

export const coverageTiers = [
  { tier: "same-day", label: "Same-day service", areas: ["Manchester centre", "Salford", "Stretford/Trafford"] },
  { tier: "next-day", label: "Next-day service", areas: ["Stockport", "Bolton", "Bury", "Rochdale", "Oldham", "Tameside"] },
  { tier: "limited", label: "Limited availability", areas: ["Wigan"] },
] as const;
export type CoverageTier = (typeof coverageTiers)[number]["tier"];

/**
 * The statistics strip. The spec's fourth, "100% Satisfaction", is nobody's measurement, so it is not
 * stated as a fact (issue 49: what the site says stays true); Gas Safe registration is, and anyone can
 * check its number on the register (`gasSafe`: the strip shows the owner's number beside it).
 */
export const stats = [
  { value: "15+", label: "Years Experience" },
  { value: "2000+", label: "Happy Customers" },
  { value: "24/7", label: "Emergency Service" },
  { value: "Gas Safe", label: "Registered No.", gasSafe: true },
] as const;

/** Prices in pence. */
export const boilerPackages = [
  { id: "basic", name: "Basic", pricePence: 189900, wasPence: 219900, warrantyYears: 5, workmanshipYears: 1, popular: false },
  {
    id: "standard",
    name: "Standard",
    pricePence: 249900,
    wasPence: 289900,
    warrantyYears: 7,
    workmanshipYears: 2,
    popular: true,
  },
  {
    id: "premium",
    name: "Premium",
    pricePence: 329900,
    wasPence: 379900,
    warrantyYears: 10,
    workmanshipYears: 5,
    popular: false,
  },
] as const;

export const boilerService = {
  oneOffPence: 8000,
  summerOfferPence: 7500,
  summerNormallyPence: 10000,
  summerDiscountPercent: 25,
  summerOfferUntil: "end of August 2024",
  annualPlanPence: 8500,
} as const;

export const plumbingPriceBands = [
  { label: "Minor plumbing jobs", range: "£85-£150" },
  { label: "Medium jobs", range: "£200-£400" },
  { label: "Major installations", range: "£500+" },
] as const;

export const repairPriceBands = [
  { label: "Small repairs", range: "£45-85" },
  { label: "Medium repairs", range: "£120-250" },
  { label: "Large projects", range: "£300+" },
] as const;

/** The services a visitor can ask a quote for (the quote form's choices). */
export const enquiryServiceLabels = {
  "boiler-installation": "Boiler Installation",
  "boiler-repair": "Boiler Repair",
  "central-heating": "Central Heating",
  "annual-service": "Annual Service",
  "emergency-repair": "Emergency Repair",
  // The site sells plumbing (/service/plumbing); the spec's five choices had no place for it.
  plumbing: "Plumbing",
} as const;

/** Every kind of quote request the owner sees, including a call-back the chat handed over. */
export const allEnquiryServiceLabels = { ...enquiryServiceLabels, "call-back": "Call back (from the chat)" } as const;
export type EnquiryService = keyof typeof allEnquiryServiceLabels;

export const storeCategories = [
  "All",
  "Gas Valves",
  "PCB Boards",
  "Fans",
  "Flue Components",
  "Valves",
  "Heat Exchangers",
  "Burners",
  "Other",
] as const;
export const storeBrands = ["All", "Vaillant", "Worcester", "Baxi", "Ideal", "Drayton", "Glowworm", "Toshiba"] as const;

export const adminCategories = [
  "Gas Valves",
  "PCB Boards",
  "Fans",
  "Heat Exchangers",
  "Thermostats",
  "Burners",
  "Valves",
  "Flue Components",
  "Other",
] as const;
/** "Other": a part from a supplier's price list whose maker is none of these (the spec's list has no such choice). */
export const adminBrands = ["Vaillant", "Worcester", "Baxi", "Ideal", "Hive", "Drayton", "Glowworm", "Toshiba", "Other"] as const;
export const productConditions = ["New", "Used"] as const;

export const delivery = {
  freeArea: "Greater Manchester",
  terms: [
    "Free delivery within Greater Manchester",
    "Delivery charges may apply outside Manchester",
    "We'll contact you to confirm the delivery date and time",
    "Installation available on request",
    "All parts come with a manufacturer warranty",
  ],
} as const;

/** A campaign without its own button text gets this one; without a link, the button rings the owner's phone of the day. */
export const campaignDefaults = { ctaText: "Get Your Quote" } as const;

export const gasEmergency = {
  number: "0800 111 999",
  advice:
    "If you smell gas or suspect carbon monoxide: get everyone outside, don't use electrical switches or naked flames, open doors and windows if safe, turn off the gas at the meter if you can, and call the National Gas Emergency Service on 0800 111 999 now.",
} as const;

/** Signup consent wording: stored with each subscriber as evidence of what they agreed to. */
export const signupConsentText =
  "By signing up you agree to receive occasional e-mails with deals and tips. Unsubscribe at any time; we never share your address.";

/** The kinds of visit the service records offer; the last two come round every year. */
export const serviceTypes = [
  "Annual Boiler Service",
  "Gas Safety Certificate (CP12)",
  "Boiler Repair",
  "Boiler Installation",
  "Power Flush",
  "Radiator Replacement",
  "Central Heating Upgrade",
  "Emergency Call-out",
  "Plumbing",
  "Unvented Cylinder Check",
] as const;

/**
 * The kinds of visit a reminder is for, as the words a visit's type holds to do each (SQL LIKE
 * patterns, compared lower-case: older records were typed by hand, "Annual Service", "CP12"). Only a
 * later visit of the same kind makes a reminder needless: a boiler repair is not the annual
 * service, nor a landlord's gas safety check.
 */
export const reminderVisitPatterns = {
  service: ["%service%"],
  gasSafety: ["%gas safety%", "%cp12%"],
} as const;

/** Whether a visit's service type is of a kind above (the patterns as SQL LIKE reads them, case-blind). */
export const isVisitOfKind = (kind: keyof typeof reminderVisitPatterns, serviceType: string) =>
  reminderVisitPatterns[kind].some((p) => serviceType.toLowerCase().includes(p.replaceAll("%", "")));

/** Completing one of these sets the next visit a year on, unless the owner gives another date. */
export const annualServiceTypes: readonly string[] = ["Annual Boiler Service", "Gas Safety Certificate (CP12)"];
