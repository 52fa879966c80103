import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminInvoice } from "../schema/api/invoices";
import { account, signIn } from "./helpers/account";
import { query } from "./helpers/factories-commerce";
import { admin, customer, draft, registered } from "./helpers/invoices";
import { xeroCounts, xeroObjects } from "./helpers/xero";
import { consume, xeroWorld } from "./helpers/xero-link";

// A customer's new name or e-mail sent to their Xero contact, once per change (issue 48):
// the trigger of migration 0047 and worker/services/xero/contact-changes.ts.

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM xero_connection").run();
  await registered();
});

type World = Awaited<ReturnType<typeof xeroWorld>>;

/** The customer's invoice issued and sent, so their contact is in Xero. */
async function inXero(world: World, customerId: number) {
  const d = await draft(customerId);
  const { body } = await world.call("POST", `/api/admin/invoices/${d.id}/issue`);
  await world.drain();
  return body as AdminInvoice;
}

const contactOf = async (world: World, customerId: number) => {
  const [row] = await query<{ xero_id: string }>(
    "SELECT xero_id FROM xero_sync WHERE tenant_id = ?1 AND kind = 'contact' AND document_id = ?2",
    world.tenantId,
    customerId,
  );
  return (await xeroObjects(world.tenantId, "Contacts")).find((c) => c.ContactID === row!.xero_id);
};

describe("a customer's change of name or e-mail", () => {
  it("made in the back office is sent to their contact once per change, and replaying changes nothing", async () => {
    const world = await xeroWorld();
    const c = await customer();
    await inXero(world, c.id);
    const before = world.sent.length;

    const moved = `pat.new-${c.tag}@example.com`;
    expect(
      (await world.call("PATCH", `/api/admin/customers/${c.id}`, { lastName: `Newname-${c.tag}`, email: moved })).status,
    ).toBe(200);
    // A change of phone number is nothing to Xero.
    await world.call("PATCH", `/api/admin/customers/${c.id}`, { phone: "07700 900456" });
    expect(world.sent.slice(before)).toEqual([{ xero: { kind: "contact_update", documentId: expect.any(Number) } }]);
    await world.drain();
    expect(await contactOf(world, c.id)).toMatchObject({ Name: `Pat Newname-${c.tag}`, EmailAddress: moved, UpdatedCount: 1 });

    // Every message again, as a queue may repeat them: nothing more is written.
    await consume(world.appEnv, world.sent);
    expect(await contactOf(world, c.id)).toMatchObject({ UpdatedCount: 1 });
    expect(await xeroCounts(world.tenantId)).toMatchObject({ Contacts: 1, Invoices: 1 });

    // A second change is a second update, with a key of its own.
    await world.call("PATCH", `/api/admin/customers/${c.id}`, { firstName: "Patricia" });
    await world.drain();
    expect(await contactOf(world, c.id)).toMatchObject({ Name: `Patricia Newname-${c.tag}`, UpdatedCount: 2 });
    const keys = await query<{ idempotency_key: string; state: string }>(
      "SELECT idempotency_key, state FROM xero_sync WHERE tenant_id = ?1 AND kind = 'contact_update'",
      world.tenantId,
    );
    expect(keys).toHaveLength(2);
    expect(new Set(keys.map((k) => k.idempotency_key)).size).toBe(2);
    expect(keys.every((k) => k.state === "done")).toBe(true);
  });

  it("made by the customer on their account is sent to their contact", async () => {
    const world = await xeroWorld();
    const c = await customer();
    await inXero(world, c.id);
    const cookie = await signIn(c.email);
    const changed = await account(cookie, "/details", {
      method: "PATCH",
      json: { firstName: "Pat", lastName: `Married-${c.tag}`, phone: "" },
      env: { ...world.secrets, XERO_QUEUE: world.queue },
    });
    expect(changed.status).toBe(200);
    await world.drain();
    expect(await contactOf(world, c.id)).toMatchObject({ Name: `Pat Married-${c.tag}`, EmailAddress: c.email, UpdatedCount: 1 });
  });

  it("made by a merge sends the kept customer's e-mail to their contact, once", async () => {
    const world = await xeroWorld();
    const tag = crypto.randomUUID().slice(0, 8);
    const kept = await world.call("POST", "/api/admin/customers", {
      firstName: "Kim",
      lastName: `Kept-${tag}`,
      phone: "07700 900789",
    });
    expect(kept.status).toBe(201);
    const other = await customer();
    await inXero(world, kept.body.id);
    expect((await contactOf(world, kept.body.id))!.EmailAddress).toBe("");
    const merged = await world.call("POST", `/api/admin/customers/${kept.body.id}/merge`, { mergedCustomerId: other.id });
    expect(merged.status).toBe(200);
    await world.drain();
    await consume(world.appEnv, world.sent);
    expect(await contactOf(world, kept.body.id)).toMatchObject({
      Name: `Kim Kept-${tag}`,
      EmailAddress: other.email,
      UpdatedCount: 1,
    });
  });

  it("of someone not in Xero sends nothing (their contact is made as they are), and a name another contact holds is told apart", async () => {
    const world = await xeroWorld();
    const stranger = await customer();
    const before = world.sent.length;
    await world.call("PATCH", `/api/admin/customers/${stranger.id}`, { firstName: "Sam" });
    expect(world.sent.length).toBe(before);
    expect(await query("SELECT id FROM xero_sync WHERE tenant_id = ?1 AND kind = 'contact_update'", world.tenantId)).toEqual([]);

    const a = await customer();
    const b = await customer();
    await inXero(world, a.id);
    await inXero(world, b.id);
    // B takes A's name: Xero's names are unique, so B's contact is told apart by its e-mail.
    await world.call("PATCH", `/api/admin/customers/${b.id}`, { lastName: `Payer-${a.tag}` });
    await world.drain();
    expect(await contactOf(world, b.id)).toMatchObject({ Name: `Pat Payer-${a.tag} (${b.email})`, UpdatedCount: 1 });
    expect(await contactOf(world, a.id)).toMatchObject({ Name: `Pat Payer-${a.tag}` });
    const [row] = await query<{ state: string }>(
      "SELECT state FROM xero_sync WHERE tenant_id = ?1 AND kind = 'contact_update'",
      world.tenantId,
    );
    expect(row).toEqual({ state: "done" });
  });
});

describe("without the Xero app", () => {
  it("records no change at all", async () => {
    const c = await customer();
    const before = await query("SELECT id FROM xero_contact_changes");
    await admin("PATCH", `/api/admin/customers/${c.id}`, { firstName: "Nobody" });
    expect(await query("SELECT id FROM xero_contact_changes")).toEqual(before);
  });
});
