import { describe, expect, it } from "vitest";
import { account, admin, landlord, signIn } from "./helpers/account";
import { newChatSessionId, newClientIp, seedChat } from "./helpers/factories-chat";
import { callAppJson, query } from "./helpers/factories-commerce";
import { drainMail } from "./helpers/mail";

describe("the account", () => {
  it("changes the customer's own name and phone number on every record under the address, and no one else's", async () => {
    const a = await landlord("Gus");
    const other = await landlord("Hal");
    // A second record under the same address (an online booking the owner has not merged).
    const { body: twin } = await admin("POST", "/api/admin/customers", {
      firstName: "Gus",
      lastName: "Booked-Online",
      email: a.email.toUpperCase(),
      phone: "0161 000 0000",
    });
    const cookie = await signIn(a.email);
    expect((await account(cookie)).body.details).toEqual({
      firstName: "Gus",
      lastName: `Landlord-${a.tag}`,
      phone: null,
    });

    const changed = await account(cookie, "/details", {
      method: "PATCH",
      json: { firstName: " Gustav ", lastName: "Moved", phone: "07700 900123" },
    });
    expect(changed).toMatchObject({ status: 200, body: { firstName: "Gustav", lastName: "Moved", phone: "07700 900123" } });
    const rows = await query<{ id: number; first_name: string; last_name: string; phone: string | null }>(
      "SELECT id, first_name, last_name, phone FROM customers WHERE id IN (?1, ?2, ?3) ORDER BY id",
      a.customer.id,
      twin.id,
      other.customer.id,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: a.customer.id, first_name: "Gustav", last_name: "Moved", phone: "07700 900123" },
        { id: twin.id, first_name: "Gustav", last_name: "Moved", phone: "07700 900123" },
        { id: other.customer.id, first_name: "Hal", last_name: `Landlord-${other.tag}`, phone: null },
      ]),
    );
    const summary = (await account(cookie)).body;
    expect(summary).toMatchObject({ name: "Gustav Moved", details: { firstName: "Gustav", phone: "07700 900123" } });

    // The phone can be taken off (the address is still a way to reach them); bad input changes nothing.
    expect(
      (await account(cookie, "/details", { method: "PATCH", json: { firstName: "Gustav", lastName: "Moved", phone: "" } })).body
        .phone,
    ).toBeNull();
    const bad = await account(cookie, "/details", {
      method: "PATCH",
      json: { firstName: "  ", lastName: "Moved", phone: "call me" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Please enter a first name");
    expect((await account(cookie)).body.details).toEqual({ firstName: "Gustav", lastName: "Moved", phone: null });
    expect(
      (await callAppJson("/api/account/details", { method: "PATCH", json: { firstName: "X", lastName: "Y", phone: null } }))
        .status,
    ).toBe(401);

    // An address whose customer records are gone (the office deleted them) has nothing to change.
    const { body: brief } = await admin("POST", "/api/admin/customers", {
      firstName: "Ida",
      lastName: `Brief-${a.tag}`,
      email: `brief-${a.tag}@example.com`,
    });
    const briefCookie = await signIn(`brief-${a.tag}@example.com`);
    await query("DELETE FROM customers WHERE id = ?1", brief.id);
    expect((await account(briefCookie)).body.details).toBeNull();
    const none = await account(briefCookie, "/details", {
      method: "PATCH",
      json: { firstName: "S", lastName: "T", phone: null },
    });
    expect(none.status).toBe(409);
  });

  it("turns reminders and the deals list off and on", async () => {
    const a = await landlord("Eve");
    const cookie = await signIn(a.email);
    const off = await account(cookie, "/preferences", { method: "PATCH", json: { reminders: false, deals: false } });
    expect(off.body).toEqual({ reminders: false, deals: "off", channel: "email" });
    const [row] = await query<{ reminders_opted_out_at: string | null }>(
      "SELECT reminders_opted_out_at FROM customers WHERE id = ?1",
      a.customer.id,
    );
    expect(row!.reminders_opted_out_at).toBeTruthy();
    expect((await account(cookie, "/preferences", { method: "PATCH", json: { reminders: true } })).body.reminders).toBe(true);
    expect((await account(cookie, "/preferences", { method: "PATCH", json: {} })).status).toBe(400);
  });

  it("takes a request to delete the account, once, which the owner settles keeping what the law requires", async () => {
    const a = await landlord("Fay");
    const cookie = await signIn(a.email);
    // A second customer record with the same address and nothing that must be kept.
    const { body: other } = await admin("POST", "/api/admin/customers", {
      firstName: "Fay",
      lastName: "Duplicate",
      email: a.email.toUpperCase(),
      phone: "0161 000 0000",
    });
    // A chat she handed over to a person: it names her, and goes with her call-back request.
    const chat = newChatSessionId();
    await seedChat(chat, [["customer", "I'm Fay at 1 Agent Row"]]);
    await callAppJson("/api/chat/handover", {
      method: "POST",
      ip: newClientIp(),
      json: { sessionId: chat, name: "Fay", contact: a.email },
    });
    expect(await query("SELECT id FROM chat_messages WHERE session_id = ?1", chat)).toHaveLength(1);
    const asked = await account(cookie, "/erasure-request", { method: "POST", json: { reason: "Moving away" } });
    expect(asked.status).toBe(201);
    expect((await account(cookie, "/erasure-request", { method: "POST", json: {} })).status).toBe(409);
    expect((await account(cookie)).body.erasureRequestedAt).toBe(asked.body.requestedAt);

    const [toOwner] = await query<{ html: string; text: string }>(
      "SELECT html, text FROM outgoing_emails WHERE subject = ?1",
      `Account deletion request: ${a.email}`,
    );
    expect(toOwner!.html).not.toContain("/account");
    expect(toOwner!.html).not.toContain("account-link");

    const list = await admin("GET", "/api/admin/erasure-requests");
    const request = list.body.find((r: { email: string }) => r.email === a.email);
    expect(request).toMatchObject({ status: "open", reason: "Moving away", customers: 2 });
    const erased = await admin("POST", `/api/admin/erasure-requests/${request.id}/erase`);
    expect(erased.status).toBe(200);
    expect(erased.body.status).toBe("done");
    expect((await admin("POST", `/api/admin/erasure-requests/${request.id}/erase`)).status).toBe(409);
    // The customer with an invoice and a gas safety record keeps name and address, not contact details.
    expect(await query("SELECT email, phone, first_name FROM customers WHERE id = ?1", a.customer.id)).toEqual([
      { email: null, phone: null, first_name: "Fay" },
    ]);
    expect(await query("SELECT id FROM customers WHERE id = ?1", other.id)).toEqual([]);
    expect(await query("SELECT id FROM gas_safety_records WHERE id = ?1", a.record.id)).toHaveLength(1);
    expect(await query("SELECT id FROM chat_messages WHERE session_id = ?1", chat)).toEqual([]);
    expect((await account(cookie)).status).toBe(401);
    const told = await query<{ subject: string }>(
      "SELECT subject FROM outgoing_emails WHERE kind = 'erasure' AND subject LIKE '%deleted%' ORDER BY id DESC LIMIT 1",
    );
    expect(told[0]?.subject).toContain("your account has been deleted");
    // Customers' e-mails link to their account; the owner's notices do not.
    // The owner's notice named the address; it goes with the rest once she is erased.
    expect(await query("SELECT id FROM outgoing_emails WHERE subject = ?1", `Account deletion request: ${a.email}`)).toEqual([]);
    // Sent to the address, which the mail log then forgets: it was the last thing sent there.
    await drainMail();
    const [delivered] = await query<{ subject: string }>(
      "SELECT subject FROM outbox WHERE lower(`to`) = ?1 AND subject LIKE '%deleted%'",
      a.email,
    );
    expect(delivered?.subject).toContain("your account has been deleted");
    expect(
      await query(
        "SELECT id FROM outgoing_emails WHERE lower(`to`) = ?1 OR instr(lower(subject), ?1) > 0 OR instr(lower(text), ?1) > 0",
        a.email.toLowerCase(),
      ),
    ).toEqual([]);
    const [toCustomer] = await query<{ html: string; text: string; to: string }>(
      "SELECT html, text, `to` FROM outgoing_emails WHERE id = (SELECT max(id) FROM outgoing_emails WHERE kind = 'erasure' AND subject LIKE '%deleted%')",
    );
    expect(toCustomer!.to).toBe("(erased)");
    expect(toCustomer!.html).toMatch(/<a href="[^"]+\/account"[^>]*>your account<\/a>/);
    expect(toCustomer!.text).toMatch(/\nYour account: \S+\/account$/);
  });
});
