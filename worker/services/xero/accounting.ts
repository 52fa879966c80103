import { type RateLimits, type RetryPolicy, xeroSend } from "./http";

/**
 * The Accounting API calls the sync makes (api.xero.com/api.xro/2.0), with Xero's JSON shapes:
 * contacts found by e-mail or name and created; ACCREC invoices created and voided; ACCRECCREDIT
 * credit notes and their allocation to an invoice; payments (on an invoice, or on a credit note for
 * money given back); the chart of accounts and tax rates for the mapping. Every write carries the
 * caller's Idempotency-Key, made from what it writes, so a repeat writes nothing new.
 */
export type AccountingApi = {
  apiBase: string;
  tenantId: string;
  accessToken: string;
  retry?: RetryPolicy;
  /** Kept up to date from each answer's headers, when given. */
  limits?: RateLimits;
};

export type XeroContact = { ContactID: string; Name: string; EmailAddress?: string };
export type XeroLineItem = { Description: string; Quantity: number; UnitAmount: number; AccountCode: string; TaxType: string };
export type XeroInvoiceInput = {
  Type: "ACCREC";
  Contact: { ContactID: string };
  InvoiceNumber: string;
  Reference?: string;
  Date: string;
  DueDate: string;
  LineAmountTypes: "Exclusive";
  LineItems: XeroLineItem[];
  Status: "AUTHORISED";
  Url?: string;
};
export type XeroInvoice = { InvoiceID: string; InvoiceNumber: string; Status: string; Total: number; AmountDue: number };
export type XeroAllocation = { Amount: number; Invoice: { InvoiceID: string } };
export type XeroCreditNoteInput = {
  Type: "ACCRECCREDIT";
  Contact: { ContactID: string };
  CreditNoteNumber: string;
  Reference?: string;
  Date: string;
  LineAmountTypes: "Exclusive";
  LineItems: XeroLineItem[];
  Status: "AUTHORISED";
};
export type XeroCreditNote = {
  CreditNoteID: string;
  CreditNoteNumber: string;
  Total: number;
  RemainingCredit: number;
  Allocations?: XeroAllocation[];
};
export type XeroPaymentInput = {
  Invoice?: { InvoiceID: string };
  CreditNote?: { CreditNoteID: string };
  Account: { Code: string };
  Date: string;
  Amount: number;
  Reference?: string;
};
export type XeroPayment = { PaymentID: string; Amount: number };
export type XeroAccount = { AccountID: string; Code: string; Name: string; Type: string; Status: string; TaxType?: string };
export type XeroTaxRate = { Name: string; TaxType: string; EffectiveRate: number; Status: string; CanApplyToRevenue?: boolean };

type Call = { method: "GET" | "POST" | "PUT"; path: string; query?: Record<string, string>; body?: unknown; key?: string };

async function call<T>(api: AccountingApi, { method, path, query, body, key }: Call): Promise<T> {
  const url = new URL(`/api.xro/2.0/${path}`, api.apiBase);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return xeroSend<T>(
    {
      method,
      url: url.toString(),
      headers: {
        Authorization: `Bearer ${api.accessToken}`,
        "xero-tenant-id": api.tenantId,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      idempotencyKey: key,
    },
    api.retry,
    api.limits,
  );
}

/** A `where` value in Xero's filter syntax: a string in double quotes, its quotes escaped. */
const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

export async function findContacts(api: AccountingApi, field: "EmailAddress" | "Name", value: string): Promise<XeroContact[]> {
  const answer = await call<{ Contacts: XeroContact[] }>(api, {
    method: "GET",
    path: "Contacts",
    query: { where: `${field}==${quoted(value)}` },
  });
  return answer.Contacts ?? [];
}

export async function createContact(api: AccountingApi, contact: { Name: string; EmailAddress?: string }, key: string) {
  const answer = await call<{ Contacts: XeroContact[] }>(api, {
    method: "PUT",
    path: "Contacts",
    body: { Contacts: [contact] },
    key,
  });
  return answer.Contacts[0]!;
}

/** A contact's name and e-mail changed (an empty e-mail clears Xero's). */
export async function updateContact(
  api: AccountingApi,
  contactId: string,
  contact: { Name: string; EmailAddress: string },
  key: string,
) {
  const answer = await call<{ Contacts: XeroContact[] }>(api, {
    method: "POST",
    path: `Contacts/${encodeURIComponent(contactId)}`,
    body: { Contacts: [{ ContactID: contactId, ...contact }] },
    key,
  });
  return answer.Contacts[0]!;
}

export async function createInvoice(api: AccountingApi, invoice: XeroInvoiceInput, key: string): Promise<XeroInvoice> {
  const answer = await call<{ Invoices: XeroInvoice[] }>(api, {
    method: "PUT",
    path: "Invoices",
    body: { Invoices: [invoice] },
    key,
  });
  return answer.Invoices[0]!;
}

/** One invoice by Xero's id, or those with this number (a write that may have reached Xero before). */
export async function getInvoice(api: AccountingApi, invoiceId: string): Promise<XeroInvoice> {
  return (await call<{ Invoices: XeroInvoice[] }>(api, { method: "GET", path: `Invoices/${encodeURIComponent(invoiceId)}` }))
    .Invoices[0]!;
}

export async function findInvoicesByNumber(api: AccountingApi, number: string): Promise<XeroInvoice[]> {
  const answer = await call<{ Invoices: XeroInvoice[] }>(api, {
    method: "GET",
    path: "Invoices",
    query: { where: `Type=="ACCREC" AND InvoiceNumber==${quoted(number)}` },
  });
  return answer.Invoices ?? [];
}

export async function getCreditNote(api: AccountingApi, creditNoteId: string): Promise<XeroCreditNote> {
  const answer = await call<{ CreditNotes: XeroCreditNote[] }>(api, {
    method: "GET",
    path: `CreditNotes/${encodeURIComponent(creditNoteId)}`,
  });
  return answer.CreditNotes[0]!;
}

export async function voidInvoice(api: AccountingApi, invoiceId: string, key: string): Promise<XeroInvoice> {
  const answer = await call<{ Invoices: XeroInvoice[] }>(api, {
    method: "POST",
    path: `Invoices/${encodeURIComponent(invoiceId)}`,
    body: { Invoices: [{ InvoiceID: invoiceId, Status: "VOIDED" }] },
    key,
  });
  return answer.Invoices[0]!;
}

export async function createCreditNote(api: AccountingApi, note: XeroCreditNoteInput, key: string): Promise<XeroCreditNote> {
  const answer = await call<{ CreditNotes: XeroCreditNote[] }>(api, {
    method: "PUT",
    path: "CreditNotes",
    body: { CreditNotes: [note] },
    key,
  });
  return answer.CreditNotes[0]!;
}

export async function allocateCreditNote(
  api: AccountingApi,
  creditNoteId: string,
  allocation: { invoiceId: string; amount: number; date: string },
  key: string,
) {
  await call(api, {
    method: "PUT",
    path: `CreditNotes/${encodeURIComponent(creditNoteId)}/Allocations`,
    body: { Allocations: [{ Amount: allocation.amount, Date: allocation.date, Invoice: { InvoiceID: allocation.invoiceId } }] },
    key,
  });
}

export async function createPayment(api: AccountingApi, payment: XeroPaymentInput, key: string): Promise<XeroPayment> {
  const answer = await call<{ Payments: XeroPayment[] }>(api, {
    method: "PUT",
    path: "Payments",
    body: { Payments: [payment] },
    key,
  });
  return answer.Payments[0]!;
}

export async function listAccounts(api: AccountingApi): Promise<XeroAccount[]> {
  return (await call<{ Accounts: XeroAccount[] }>(api, { method: "GET", path: "Accounts" })).Accounts ?? [];
}

export async function listTaxRates(api: AccountingApi): Promise<XeroTaxRate[]> {
  return (await call<{ TaxRates: XeroTaxRate[] }>(api, { method: "GET", path: "TaxRates" })).TaxRates ?? [];
}
