import { describe, expect, it } from "vitest";
import {
  type AccountingApi,
  allocateCreditNote,
  createContact,
  createCreditNote,
  createInvoice,
  createPayment,
  findContacts,
  listAccounts,
  listTaxRates,
  voidInvoice,
} from "../worker/services/xero/accounting";
import { XeroError } from "../worker/services/xero/http";
import { authorizeUrl, exchangeCode, listConnections, refreshTokens, revokeRefreshToken } from "../worker/services/xero/oauth";
import {
  consentAt,
  expireXeroTokens,
  failXero,
  fakeRequestsFor,
  instantRetry,
  rateLimitXero,
  setConsent,
  uniqueId,
  xeroCounts,
  xeroObjects,
  xeroTestConfig,
} from "./helpers/xero";

/** A consent to one new organisation and its first tokens, as the connect flow gets them. */
async function connected() {
  const config = xeroTestConfig();
  const tenantId = crypto.randomUUID();
  await setConsent(config.clientId, [{ tenantId, tenantName: "Hot Water Ltd" }]);
  const { code } = await consentAt(authorizeUrl(config, "state-1"));
  const tokens = await exchangeCode(config, code);
  const retry = instantRetry();
  const api: AccountingApi = { apiBase: config.apiBase, tenantId, accessToken: tokens.accessToken, retry };
  return { config, tenantId, tokens, api, retry };
}

const line = { Description: "Boiler service", Quantity: 1, UnitAmount: 80, AccountCode: "200", TaxType: "OUTPUT2" };

async function contactAndInvoice(api: AccountingApi, key = uniqueId("inv")) {
  const contact = await createContact(api, { Name: uniqueId("Ann Smith"), EmailAddress: "ann@example.com" }, uniqueId("c"));
  const invoice = await createInvoice(
    api,
    {
      Type: "ACCREC",
      Contact: { ContactID: contact.ContactID },
      InvoiceNumber: "INV-0001",
      Date: "2026-11-01",
      DueDate: "2026-11-15",
      LineAmountTypes: "Exclusive",
      LineItems: [line],
      Status: "AUTHORISED",
    },
    key,
  );
  return { contact, invoice };
}

describe("Xero's OAuth 2.0", () => {
  it("asks for the scopes the sync needs, with the state, and turns the code into tokens for the organisation chosen", async () => {
    const config = xeroTestConfig();
    const url = new URL(authorizeUrl(config, "csrf-state"));
    expect(url.pathname).toBe("/identity/connect/authorize");
    expect(url.searchParams.get("scope")).toBe(
      "offline_access accounting.contacts accounting.transactions accounting.settings.read",
    );
    expect(url.searchParams.get("redirect_uri")).toBe(config.redirectUrl);
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    await setConsent(config.clientId, [
      { tenantId: ids[0]!, tenantName: "Hot Water Ltd" },
      { tenantId: ids[1]!, tenantName: "Hot Water Lettings" },
    ]);
    const { code, state } = await consentAt(url.toString());
    expect(state).toBe("csrf-state");
    const tokens = await exchangeCode(config, code);
    expect(Date.parse(tokens.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    const organisations = await listConnections(config, tokens.accessToken);
    expect(organisations.map((o) => [o.tenantId, o.tenantName])).toEqual([
      [ids[0], "Hot Water Ltd"],
      [ids[1], "Hot Water Lettings"],
    ]);
    // A code is good once.
    await expect(exchangeCode(config, code)).rejects.toMatchObject({ status: 400, message: "invalid_grant" });
  });

  it("rotates the refresh token on each use: the one used is spent", async () => {
    const { config, tokens } = await connected();
    const next = await refreshTokens(config, tokens.refreshToken);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect(next.accessToken).not.toBe(tokens.accessToken);
    await expect(refreshTokens(config, tokens.refreshToken)).rejects.toMatchObject({ status: 400, transient: false });
    expect((await refreshTokens(config, next.refreshToken)).accessToken).toBeTruthy();
  });

  it("refuses an expired access token with Xero's 401, and a revoked consent altogether", async () => {
    const { config, tenantId, tokens, api } = await connected();
    await expireXeroTokens(tenantId);
    const expired = await listAccounts(api).catch((e) => e);
    expect(expired).toBeInstanceOf(XeroError);
    expect(expired).toMatchObject({ status: 401, transient: false });
    expect(expired.message).toMatch(/^Unauthorized: TokenExpired/);

    const fresh = await refreshTokens(config, tokens.refreshToken);
    expect(await listAccounts({ ...api, accessToken: fresh.accessToken })).not.toHaveLength(0);
    await revokeRefreshToken(config, fresh.refreshToken);
    await expect(listConnections(config, fresh.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(refreshTokens(config, fresh.refreshToken)).rejects.toMatchObject({ status: 400 });
  });
});

describe("Xero's Accounting API through the adapter", () => {
  it("reads the organisation's accounts and tax rates", async () => {
    const { api } = await connected();
    const accounts = await listAccounts(api);
    expect(accounts.find((a) => a.Code === "200")).toMatchObject({ Name: "Sales", Type: "REVENUE" });
    expect(accounts.filter((a) => a.Type === "BANK").length).toBeGreaterThan(0);
    const rates = await listTaxRates(api);
    expect(rates.map((r) => r.TaxType)).toEqual(expect.arrayContaining(["OUTPUT2", "RROUTPUT", "ZERORATEDOUTPUT", "NONE"]));
  });

  it("finds a contact by e-mail or name, whatever the case", async () => {
    const { api } = await connected();
    const made = await createContact(api, { Name: 'Bob "The Boiler" Jones', EmailAddress: "Bob@Example.com" }, uniqueId("c"));
    expect((await findContacts(api, "EmailAddress", "bob@example.com")).map((c) => c.ContactID)).toEqual([made.ContactID]);
    expect((await findContacts(api, "Name", 'bob "the boiler" jones')).map((c) => c.ContactID)).toEqual([made.ContactID]);
    expect(await findContacts(api, "EmailAddress", "nobody@example.com")).toEqual([]);
  });

  it("sends every write with an Idempotency-Key: the same key twice is one object and the same answer", async () => {
    const { api, tenantId } = await connected();
    const key = uniqueId("contact");
    const first = await createContact(api, { Name: "Carol White" }, key);
    const again = await createContact(api, { Name: "Carol White" }, key);
    expect(again.ContactID).toBe(first.ContactID);
    expect((await xeroCounts(tenantId)).Contacts).toBe(1);
    const sent = (await fakeRequestsFor(tenantId)).filter((r) => r.method === "PUT");
    expect(sent.map((r) => r.headers["idempotency-key"])).toEqual([key, key]);
  });

  it("writes an invoice, a part payment, a credit note allocated to it, and a refund of the credit", async () => {
    const { api, tenantId } = await connected();
    const { contact, invoice } = await contactAndInvoice(api);
    expect(invoice).toMatchObject({ Status: "AUTHORISED", Total: 96, AmountDue: 96 });
    await createPayment(
      api,
      { Invoice: { InvoiceID: invoice.InvoiceID }, Account: { Code: "090" }, Date: "2026-11-02", Amount: 50 },
      uniqueId("p"),
    );
    const note = await createCreditNote(
      api,
      {
        Type: "ACCRECCREDIT",
        Contact: { ContactID: contact.ContactID },
        CreditNoteNumber: "CN-0001",
        Date: "2026-11-03",
        LineAmountTypes: "Exclusive",
        LineItems: [line],
        Status: "AUTHORISED",
      },
      uniqueId("cn"),
    );
    await allocateCreditNote(
      api,
      note.CreditNoteID,
      { invoiceId: invoice.InvoiceID, amount: 46, date: "2026-11-03" },
      uniqueId("a"),
    );
    await createPayment(
      api,
      { CreditNote: { CreditNoteID: note.CreditNoteID }, Account: { Code: "090" }, Date: "2026-11-04", Amount: 50 },
      uniqueId("r"),
    );
    const [held] = await xeroObjects(tenantId, "Invoices");
    expect(held).toMatchObject({ Status: "PAID", AmountPaid: 50, AmountCredited: 46, AmountDue: 0 });
    expect(await xeroCounts(tenantId)).toEqual({ Contacts: 1, Invoices: 1, CreditNotes: 1, Allocations: 1, Payments: 2 });
  });

  it("voids an invoice nothing was paid on, and gives Xero's words when one cannot be", async () => {
    const { api } = await connected();
    const { invoice } = await contactAndInvoice(api);
    expect((await voidInvoice(api, invoice.InvoiceID, uniqueId("v"))).Status).toBe("VOIDED");
    const paid = (await contactAndInvoice(api)).invoice;
    await createPayment(
      api,
      { Invoice: { InvoiceID: paid.InvoiceID }, Account: { Code: "090" }, Date: "2026-11-02", Amount: 10 },
      uniqueId("p"),
    );
    const refused = await voidInvoice(api, paid.InvoiceID, uniqueId("v")).catch((e) => e);
    expect(refused).toMatchObject({ status: 400, transient: false });
    expect(refused.message).toContain("payments or credit notes allocated");
  });

  it("gives a ValidationException's messages as Xero words them", async () => {
    const { api } = await connected();
    const refused = await createContact(api, { Name: "Dan", EmailAddress: "not an address" }, uniqueId("c")).catch((e) => e);
    expect(refused).toBeInstanceOf(XeroError);
    expect(refused).toMatchObject({ status: 400, transient: false, message: "Email address must be valid." });
  });
});

describe("Xero's limits and failures", () => {
  it("waits as long as a 429's Retry-After says, then finishes", async () => {
    const { api, tenantId, retry } = await connected();
    await rateLimitXero(tenantId, { count: 2, retryAfter: 3 });
    expect((await listAccounts(api)).length).toBeGreaterThan(0);
    expect(retry.waits).toEqual([3000, 3000]);
  });

  it("leaves a long wait (the day's limit) to the queue, with Retry-After", async () => {
    const { api, tenantId } = await connected();
    await rateLimitXero(tenantId, { count: 1, retryAfter: 3600, problem: "day" });
    const refused = await createContact(api, { Name: "Eve" }, uniqueId("c")).catch((e) => e);
    expect(refused).toMatchObject({ status: 429, transient: true, retryAfterSeconds: 3600 });
    expect(refused.message).toContain("day limit");
    expect((await xeroCounts(tenantId)).Contacts).toBe(0);
  });

  it("retries a 5xx and a lost answer with the same key: one invoice", async () => {
    const { api, tenantId, retry } = await connected();
    await failXero(tenantId, { count: 1, status: 503 });
    await contactAndInvoice(api);
    await failXero(tenantId, { count: 1, lose: true });
    const key = uniqueId("inv");
    const { invoice } = await contactAndInvoice(api, key);
    expect(retry.waits).toEqual([500, 500]);
    expect((await xeroObjects(tenantId, "Invoices")).map((i) => i.InvoiceID)).toContain(invoice.InvoiceID);
    expect((await xeroCounts(tenantId)).Invoices).toBe(2);
  });

  it("gives up after its attempts with a transient error, for the queue to try later", async () => {
    const { api, tenantId } = await connected();
    await failXero(tenantId, { count: 3, status: 500 });
    await expect(listAccounts(api)).rejects.toMatchObject({ status: 500, transient: true });
  });
});
