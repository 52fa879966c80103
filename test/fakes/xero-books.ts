import { randomUUID } from "node:crypto";

/**
 * One organisation's books in the fake Xero (test/fakes/xero.ts): its accounts and tax rates as a
 * new UK organisation has them, and the contacts, invoices, credit notes, allocations and payments
 * written to it. Writes are checked as Xero checks them and refused in Xero's ValidationException
 * shape; amounts are Xero's decimals of pounds, tax worked out per line as Xero does.
 */
export type Obj = Record<string, any>;
export type Answer = { status: number; body: unknown };
export type BookKind = "Contacts" | "Invoices" | "CreditNotes" | "Allocations" | "Payments";

export type Books = {
  tenantId: string;
  tenantName: string;
  objects: Record<BookKind, Obj[]>;
  accounts: Obj[];
  taxRates: Obj[];
};

const TAX_RATES = [
  { Name: "20% (VAT on Income)", TaxType: "OUTPUT2", EffectiveRate: 20 },
  { Name: "5% (VAT on Income)", TaxType: "RROUTPUT", EffectiveRate: 5 },
  { Name: "Zero Rated Income", TaxType: "ZERORATEDOUTPUT", EffectiveRate: 0 },
  { Name: "Exempt Income", TaxType: "EXEMPTOUTPUT", EffectiveRate: 0 },
  { Name: "No VAT", TaxType: "NONE", EffectiveRate: 0 },
];

const ACCOUNTS = [
  { Code: "200", Name: "Sales", Type: "REVENUE", TaxType: "OUTPUT2" },
  { Code: "260", Name: "Other Revenue", Type: "REVENUE", TaxType: "OUTPUT2" },
  { Code: "090", Name: "Business Bank Account", Type: "BANK", TaxType: "NONE", BankAccountType: "BANK" },
  { Code: "091", Name: "Card Takings (Stripe)", Type: "BANK", TaxType: "NONE", BankAccountType: "BANK" },
  { Code: "092", Name: "Petty Cash", Type: "BANK", TaxType: "NONE", BankAccountType: "BANK" },
];

export function newBooks(tenantId: string, tenantName: string): Books {
  return {
    tenantId,
    tenantName,
    objects: { Contacts: [], Invoices: [], CreditNotes: [], Allocations: [], Payments: [] },
    accounts: ACCOUNTS.map((a) => ({
      AccountID: randomUUID(),
      Status: "ACTIVE",
      Class: a.Type === "BANK" ? "ASSET" : "REVENUE",
      ...a,
    })),
    taxRates: TAX_RATES.map((t) => ({ ...t, Status: "ACTIVE", CanApplyToRevenue: true, DisplayTaxRate: t.EffectiveRate })),
  };
}

const money = (n: number) => Math.round(n * 100) / 100;
const envelope = (kind: string, items: Obj[]): Answer => ({
  status: 200,
  body: {
    Id: randomUUID(),
    Status: "OK",
    ProviderName: "Heating company tests",
    DateTimeUTC: `/Date(${Date.now()})/`,
    [kind]: items,
  },
});

export function validationError(element: Obj, messages: string[]): Answer {
  return {
    status: 400,
    body: {
      ErrorNumber: 10,
      Type: "ValidationException",
      Message: "A validation exception occurred",
      Elements: [{ ...element, ValidationErrors: messages.map((Message) => ({ Message })) }],
    },
  };
}

/** Xero's `where` for the forms the adapter sends: `Field=="value"`, joined by AND. */
export function matchesWhere(object: Obj, where: string | null): boolean {
  if (!where) return true;
  return where.split(/\s+AND\s+/i).every((clause) => {
    const m = /^\s*(\w+)\s*==\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(clause);
    if (!m) return false;
    return String(object[m[1]!] ?? "").toLowerCase() === m[2]!.replace(/\\(.)/g, "$1").toLowerCase();
  });
}

export const readList = (books: Books, kind: "Contacts" | "Invoices" | "CreditNotes" | "Payments", where: string | null) =>
  envelope(
    kind,
    books.objects[kind].filter((o) => matchesWhere(o, where)),
  );

export const readAccounts = (books: Books) => envelope("Accounts", books.accounts);
export const readTaxRates = (books: Books) => envelope("TaxRates", books.taxRates);

const items = (body: Obj, kind: string): Obj[] =>
  Array.isArray(body?.[kind]) ? body[kind] : body && typeof body === "object" ? [body] : [];

export function createContacts(books: Books, body: Obj): Answer {
  const created: Obj[] = [];
  for (const c of items(body, "Contacts")) {
    const problems: string[] = [];
    if (!c.Name?.trim()) problems.push("The contact name must be specified.");
    if (
      books.objects.Contacts.some(
        (o) =>
          o.Name.toLowerCase() ===
          String(c.Name ?? "")
            .trim()
            .toLowerCase(),
      )
    )
      problems.push(
        `The contact name ${c.Name} is already assigned to another contact. The contact name must be unique across all active contacts.`,
      );
    if (c.EmailAddress && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(c.EmailAddress)) problems.push("Email address must be valid.");
    if (problems.length) return validationError(c, problems);
    created.push({ ContactID: randomUUID(), ContactStatus: "ACTIVE", EmailAddress: "", ...c, Name: c.Name.trim() });
  }
  books.objects.Contacts.push(...created);
  return envelope("Contacts", created);
}

/** POST /Contacts/{id}: a new name or e-mail, checked as a new contact's (the name unique among the others). */
export function updateContact(books: Books, id: string, body: Obj): Answer {
  const [change] = items(body, "Contacts");
  const contact = books.objects.Contacts.find((c) => c.ContactID === id);
  if (!contact) return { status: 404, body: { Title: "Not Found", Status: 404, Detail: "Resource not found" } };
  const name = String(change?.Name ?? contact.Name).trim();
  const problems: string[] = [];
  if (!name) problems.push("The contact name must be specified.");
  if (books.objects.Contacts.some((o) => o !== contact && o.Name.toLowerCase() === name.toLowerCase()))
    problems.push(
      `The contact name ${name} is already assigned to another contact. The contact name must be unique across all active contacts.`,
    );
  if (change?.EmailAddress && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(change.EmailAddress))
    problems.push("Email address must be valid.");
  if (problems.length) return validationError(change ?? {}, problems);
  contact.Name = name;
  if (change && "EmailAddress" in change) contact.EmailAddress = change.EmailAddress ?? "";
  contact.UpdatedCount = (contact.UpdatedCount ?? 0) + 1;
  return envelope("Contacts", [contact]);
}

/** Lines priced as Xero prices them with LineAmountTypes "Exclusive": tax per line, rounded. */
function priceLines(books: Books, lines: Obj[], problems: string[]) {
  let subTotal = 0;
  let totalTax = 0;
  const priced = lines.map((line) => {
    const rate = books.taxRates.find((t) => t.TaxType === line.TaxType);
    if (!rate) problems.push(`The TaxType code '${line.TaxType}' does not exist or cannot be used for this type of transaction.`);
    if (line.AccountCode && !books.accounts.some((a) => a.Code === line.AccountCode))
      problems.push(`Account code '${line.AccountCode}' is not a valid code for this document.`);
    const lineAmount = money(Number(line.Quantity) * Number(line.UnitAmount));
    const taxAmount = money((lineAmount * (rate?.EffectiveRate ?? 0)) / 100);
    subTotal += lineAmount;
    totalTax += taxAmount;
    return { LineItemID: randomUUID(), ...line, LineAmount: lineAmount, TaxAmount: taxAmount };
  });
  return { priced, SubTotal: money(subTotal), TotalTax: money(totalTax), Total: money(subTotal + totalTax) };
}

function contactOf(books: Books, ref: Obj | undefined, problems: string[]) {
  const contact = books.objects.Contacts.find((c) => c.ContactID === ref?.ContactID);
  if (!contact) problems.push("The Contact specified is invalid or has been archived.");
  return contact ? { ContactID: contact.ContactID, Name: contact.Name } : undefined;
}

export function createInvoices(books: Books, body: Obj): Answer {
  const created: Obj[] = [];
  for (const inv of items(body, "Invoices")) {
    const problems: string[] = [];
    if (inv.Type !== "ACCREC" && inv.Type !== "ACCPAY") problems.push("Invoice Type must be specified.");
    const Contact = contactOf(books, inv.Contact, problems);
    const { priced, ...totals } = priceLines(books, Array.isArray(inv.LineItems) ? inv.LineItems : [], problems);
    if (problems.length) return validationError(inv, problems);
    created.push({
      ...inv,
      InvoiceID: randomUUID(),
      Contact,
      LineItems: priced,
      LineAmountTypes: inv.LineAmountTypes ?? "Exclusive",
      Status: inv.Status ?? "DRAFT",
      CurrencyCode: "GBP",
      ...totals,
      AmountDue: totals.Total,
      AmountPaid: 0,
      AmountCredited: 0,
      Payments: [],
      CreditNotes: [],
      HasErrors: false,
    });
  }
  books.objects.Invoices.push(...created);
  return envelope("Invoices", created);
}

/** POST /Invoices/{id} with Status VOIDED: only an authorised invoice with nothing paid or credited. */
export function updateInvoice(books: Books, id: string, body: Obj): Answer {
  const [change] = items(body, "Invoices");
  const invoice = books.objects.Invoices.find((i) => i.InvoiceID === id);
  if (!invoice) return { status: 404, body: { Title: "Not Found", Status: 404, Detail: "Resource not found" } };
  if (change?.Status === "VOIDED") {
    if (invoice.Status === "VOIDED") return envelope("Invoices", [invoice]);
    if (invoice.AmountPaid > 0 || invoice.AmountCredited > 0)
      return validationError(invoice, [
        "Invoice not of valid status for modification. This document has payments or credit notes allocated to it.",
      ]);
    invoice.Status = "VOIDED";
    invoice.AmountDue = 0;
  }
  return envelope("Invoices", [invoice]);
}

export function createCreditNotes(books: Books, body: Obj): Answer {
  const created: Obj[] = [];
  for (const cn of items(body, "CreditNotes")) {
    const problems: string[] = [];
    if (cn.Type !== "ACCRECCREDIT" && cn.Type !== "ACCPAYCREDIT") problems.push("Credit Note Type must be specified.");
    const Contact = contactOf(books, cn.Contact, problems);
    const { priced, ...totals } = priceLines(books, Array.isArray(cn.LineItems) ? cn.LineItems : [], problems);
    if (problems.length) return validationError(cn, problems);
    created.push({
      ...cn,
      CreditNoteID: randomUUID(),
      Contact,
      LineItems: priced,
      Status: cn.Status ?? "DRAFT",
      ...totals,
      RemainingCredit: totals.Total,
      Allocations: [],
      Payments: [],
    });
  }
  books.objects.CreditNotes.push(...created);
  return envelope("CreditNotes", created);
}

export function allocateCreditNote(books: Books, creditNoteId: string, body: Obj): Answer {
  const [allocation] = items(body, "Allocations");
  const cn = books.objects.CreditNotes.find((c) => c.CreditNoteID === creditNoteId);
  const invoice = books.objects.Invoices.find((i) => i.InvoiceID === allocation?.Invoice?.InvoiceID);
  const amount = money(Number(allocation?.Amount));
  if (!allocation || !cn || !invoice) return validationError(allocation ?? {}, ["The document specified is invalid."]);
  if (!(amount > 0) || amount > cn.RemainingCredit || amount > invoice.AmountDue)
    return validationError(allocation, ["The amount being allocated exceeds the amount outstanding on this document."]);
  cn.RemainingCredit = money(cn.RemainingCredit - amount);
  invoice.AmountCredited = money(invoice.AmountCredited + amount);
  invoice.AmountDue = money(invoice.AmountDue - amount);
  if (invoice.AmountDue === 0) invoice.Status = "PAID";
  const made = {
    AllocationID: randomUUID(),
    Amount: amount,
    Date: allocation.Date,
    Invoice: { InvoiceID: invoice.InvoiceID },
    CreditNote: { CreditNoteID: cn.CreditNoteID },
  };
  cn.Allocations.push(made);
  books.objects.Allocations.push(made);
  return envelope("Allocations", [made]);
}

/** A payment on an invoice (money in) or on a credit note (money given back: a refund). */
export function createPayments(books: Books, body: Obj): Answer {
  const created: Obj[] = [];
  for (const p of items(body, "Payments")) {
    const amount = money(Number(p.Amount));
    const account = books.accounts.find((a) => a.Code === p.Account?.Code || a.AccountID === p.Account?.AccountID);
    const invoice = books.objects.Invoices.find((i) => i.InvoiceID === p.Invoice?.InvoiceID);
    const cn = books.objects.CreditNotes.find((c) => c.CreditNoteID === p.CreditNote?.CreditNoteID);
    const problems: string[] = [];
    if (account?.Type !== "BANK") problems.push("Account code must be a bank account or have payments enabled.");
    if (!invoice && !cn) problems.push("Invoice or CreditNote must be specified.");
    const outstanding = invoice ? invoice.AmountDue : (cn?.RemainingCredit ?? 0);
    if (invoice && invoice.Status !== "AUTHORISED") problems.push("Payment can only be made against an authorised document.");
    if (!(amount > 0) || amount > outstanding) problems.push("Payment amount exceeds the amount outstanding on this document.");
    if (problems.length) return validationError(p, problems);
    if (invoice) {
      invoice.AmountPaid = money(invoice.AmountPaid + amount);
      invoice.AmountDue = money(invoice.AmountDue - amount);
      if (invoice.AmountDue === 0) invoice.Status = "PAID";
    } else cn!.RemainingCredit = money(cn!.RemainingCredit - amount);
    const payment = {
      PaymentID: randomUUID(),
      Status: "AUTHORISED",
      PaymentType: invoice ? "ACCRECPAYMENT" : "ARCREDITPAYMENT",
      ...p,
      Amount: amount,
    };
    (invoice ?? cn)!.Payments.push({ PaymentID: payment.PaymentID, Amount: amount, Date: p.Date });
    created.push(payment);
  }
  books.objects.Payments.push(...created);
  return envelope("Payments", created);
}
