import { accountErasureRequests, appliances, customerMerges, customers, orders, properties } from ".";
import { KEPT_CUSTOMER, type PersonalTable, whyRecord } from "./personal-data-rules";

/** The people themselves: customers, their properties and appliances, merges, shop orders, erasure requests. Part of `personalData` (./personal-data.ts), in its order. */
export const peopleData = {
  properties: {
    table: properties,
    personal: [properties.address, properties.postcode, properties.tenantName, properties.tenantEmail, properties.tenantPhone],
    other: [properties.createdAt],
    found: "the account's customers'; also another customer's property whose tenant has the address",
    rules: {
      asTenant: {
        action: "blank",
        rows: "another customer's property whose tenant's e-mail is the address",
        columns: [properties.tenantName, properties.tenantEmail, properties.tenantPhone],
        why: "the landlord's property stays theirs; the tenant's details were hers",
      },
      named: {
        action: "blank",
        rows: "the account's properties that a kept record names (by its property)",
        columns: [properties.tenantName, properties.tenantEmail, properties.tenantPhone],
        why: "the address stays beside the records that print it; the tenant's details are not needed to keep them",
      },
      others: { action: "delete", rows: "the account's other properties, with their appliances" },
    },
  },
  appliances: {
    table: appliances,
    personal: [],
    other: [
      appliances.location,
      appliances.type,
      appliances.make,
      appliances.model,
      appliances.serial,
      appliances.flueType,
      appliances.createdAt,
    ],
    found: "the account's properties'",
    rules: {
      withProperty: { action: "delete", rows: "with a deleted property", cascade: "properties" },
      kept: {
        action: "keep",
        rows: "of a kept property",
        why: "a boiler's make, model and serial number say nothing about a person; they stay with the address they are at",
      },
    },
  },
  customerMerges: {
    table: customerMerges,
    personal: [
      customerMerges.mergedFirstName,
      customerMerges.mergedLastName,
      customerMerges.mergedEmail,
      customerMerges.mergedPhone,
      customerMerges.mergedAddress,
      customerMerges.mergedPostcode,
    ],
    other: [customerMerges.mergedAt],
    found: "the merges into the account's customers, and those of a customer who had the address",
    rules: {
      merges: { action: "delete", rows: "all of them: a merged customer's details are the same person's as the kept one's" },
    },
  },
  customers: {
    table: customers,
    personal: [
      customers.firstName,
      customers.lastName,
      customers.email,
      customers.phone,
      customers.address,
      customers.postcode,
      customers.checkReason,
    ],
    other: [customers.remindersOptedOutAt, customers.contactChannel, customers.createdAt],
    found: "by the address, in any letter case: they are the account",
    rules: {
      free: { action: "delete", rows: `every customer of the account but ${KEPT_CUSTOMER}` },
      kept: {
        action: "blank",
        rows: KEPT_CUSTOMER,
        columns: [customers.email, customers.phone, customers.checkReason],
        why: "the name and address stay, as those records print them, to find them; the e-mail address and phone number go, and no reminder is sent again",
      },
    },
  },
  orders: {
    table: orders,
    personal: [orders.customerName, orders.customerEmail, orders.customerPhone, orders.shippingAddress, orders.notes],
    other: [
      orders.id,
      orders.sessionId,
      orders.paymentMethod,
      orders.paymentStatus,
      orders.fulfilmentStatus,
      orders.stripeSessionId,
      orders.paidAt,
      orders.paidBy,
      orders.courier,
      orders.trackingReference,
      orders.stockState,
      orders.holdExpiresAt,
      orders.createdAt,
      orders.updatedAt,
    ],
    found: "by the address",
    rules: {
      contact: {
        action: "blank",
        rows: "all of them",
        columns: [orders.customerEmail, orders.customerPhone, orders.notes],
        why: whyRecord("orders"),
      },
      sale: { action: "keep", rows: "the name, delivery address and what was sold", why: whyRecord("orders") },
    },
  },
  accountErasureRequests: {
    table: accountErasureRequests,
    personal: [accountErasureRequests.email, accountErasureRequests.reason],
    other: [
      accountErasureRequests.status,
      accountErasureRequests.requestedAt,
      accountErasureRequests.settledAt,
      accountErasureRequests.outcome,
    ],
    found: "the request being settled",
    rules: {
      request: {
        action: "blank",
        rows: "the request being settled: its address becomes the address's SHA-256",
        columns: [accountErasureRequests.email, accountErasureRequests.reason],
        why: "what was erased and when stays as evidence (accountability, art. 5(2)); the hash tells the address again only to someone who already has it, so an erasure can be applied again to a backup restored from before it",
      },
    },
  },
} as const satisfies Record<string, PersonalTable>;
