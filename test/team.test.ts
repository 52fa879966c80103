import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMMON_PASSWORD } from "../schema/api/security";
import { INVITATION_EXPIRED, INVITATION_GONE, LICENCE_MESSAGE, type TeamMember } from "../schema/api/team";
import { totpCode } from "../worker/lib/totp";
import { INVALID_LOGIN } from "../worker/services/security/login";
import { adminHeaders } from "./helpers/admin";
import { admin, freshIp, login, resetSignIns, START, STEP } from "./helpers/admin-sign-in";
import { outboxTo, query } from "./helpers/factories-commerce";
import { call, callJson } from "./helpers/http";

// The back office's people (issue 46, part 1): the owner's invitations, edits, suspensions and
// removals; an invited person's link; and a team member's own sign-in.

beforeEach(async () => {
  await resetSignIns();
  await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'team-join:%'").run();
});
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = "copper pipes and brass fittings";
let people = 0;

/** An engineer's invitation as the owner sends it, with a name and address no other test uses. */
function engineer(overrides: Record<string, unknown> = {}) {
  const n = ++people;
  return {
    name: `Aoife Engineer ${n}`,
    email: `aoife.engineer${n}@example.com`,
    phone: "07700 900123",
    role: "engineer",
    // Each person's own: two people never share a licence.
    gasSafeLicence: String(7_100_000 + n),
    qualifications: ["gas-domestic", "unvented"],
    seesPrices: false,
    ...overrides,
  };
}

const invite = (json: unknown) => admin("/api/admin/team", json);
/** The owner's call to a person's route (POST by default). */
const team = async (path: string, method = "POST", json?: unknown) =>
  callJson(path, { method, json, headers: await adminHeaders() });

/** The token of the latest invitation e-mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mails = await outboxTo(email);
  const token = /\/admin\/join#([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? "")?.[1];
  expect(token, `an invitation link to ${email}`).toBeTruthy();
  return token!;
}

const lookUp = (token: string) =>
  callJson("/api/admin/join/invitation", { method: "POST", json: { token }, headers: { "CF-Connecting-IP": freshIp() } });
const join = (token: string, password = PASSWORD, confirm = password) =>
  callJson("/api/admin/join", { method: "POST", json: { token, password, confirm }, headers: { "CF-Connecting-IP": freshIp() } });

/** Invites someone and joins with their link: the person, and the headers of their first sign-in. */
async function joinedEngineer(overrides: Record<string, unknown> = {}) {
  const details = engineer(overrides);
  const invited = await invite(details);
  expect(invited.status).toBe(201);
  const person = invited.body as TeamMember;
  expect((await join(await invitationToken(details.email))).status).toBe(200);
  return { person, details };
}

async function signInAs(username: string, password = PASSWORD) {
  const signedIn = await login({ username, password });
  return { ...signedIn, headers: { Authorization: `Bearer ${signedIn.body.token}` } };
}

describe("inviting and joining", () => {
  it("e-mails a one-time link, and the person sets a password, signs in and works", async () => {
    const details = engineer({ username: "aoife" });
    const invited = await invite(details);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      username: "aoife",
      name: details.name,
      role: "engineer",
      gasSafeLicence: details.gasSafeLicence,
      qualifications: ["gas-domestic", "unvented"],
      seesPrices: false,
      status: "invited",
      isOwner: false,
    });
    expect(invited.body).not.toHaveProperty("inviteHash");
    expect(Date.parse(invited.body.inviteExpiresAt) - START).toBe(7 * 86_400_000);

    const [mail] = await outboxTo(details.email);
    expect(mail!.subject).toContain("invitation to the back office");
    expect(mail!.text).toContain("Your username: aoife");
    const token = await invitationToken(details.email);
    // Only a keyed hash of the token is stored.
    expect(await query("SELECT id FROM admin_users WHERE invite_hash = ?1", token)).toEqual([]);

    const greeting = await lookUp(token);
    expect(greeting.status).toBe(200);
    expect(greeting.body).toEqual({ name: details.name, username: "aoife", role: "engineer" });

    const joined = await join(token);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ username: "aoife" });

    const { status, body, headers } = await signInAs("aoife");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect((await call("/api/admin/today", { headers })).status).toBe(200);
    // The username typed in capitals is the same person.
    expect((await signInAs("Aoife")).status).toBe(200);

    const log = await query<{ username: string; outcome: string }>("SELECT username, outcome FROM admin_sign_ins ORDER BY id");
    expect(log).toEqual([
      { username: "aoife", outcome: "success" },
      { username: "aoife", outcome: "success" },
    ]);
    const listed = (await admin("/api/admin/team")).body as TeamMember[];
    expect(listed.find((p) => p.username === "aoife")).toMatchObject({ status: "active", inviteExpiresAt: null });
  });

  it("works once: a used link, a replaced link and an expired link are refused with a human message", async () => {
    const details = engineer();
    const { body: person } = await invite(details);
    const first = await invitationToken(details.email);
    const resent = await team(`/api/admin/team/${person.id}/invitation`);
    expect(resent.status).toBe(200);
    const second = await invitationToken(details.email);
    expect(second).not.toBe(first);
    expect(await join(first)).toMatchObject({ status: 410, body: { error: INVITATION_GONE } });

    expect((await join(second)).status).toBe(200);
    expect(await join(second, "another long password here")).toMatchObject({ status: 410, body: { error: INVITATION_GONE } });
    expect((await lookUp(second)).status).toBe(410);
    // The second try did not change the password.
    expect((await signInAs(person.username)).status).toBe(200);
    expect((await team(`/api/admin/team/${person.id}/invitation`)).status).toBe(409);

    const late = engineer();
    await invite(late);
    const token = await invitationToken(late.email);
    vi.setSystemTime(START + 7 * 86_400_000 + 1000);
    expect(await lookUp(token)).toMatchObject({ status: 410, body: { error: INVITATION_EXPIRED } });
    expect(await join(token)).toMatchObject({ status: 410, body: { error: INVITATION_EXPIRED } });
    expect((await join("not-a-real-invitation-token-at-all")).status).toBe(410);
  });

  it("holds the first password to the Security screen's rules", async () => {
    const details = engineer({ username: "pat.k" });
    await invite(details);
    const token = await invitationToken(details.email);
    expect((await join(token, "too short")).status).toBe(400);
    expect(await join(token, "passwordpassword")).toMatchObject({ status: 400, body: { error: COMMON_PASSWORD } });
    expect(await join(token, "pat.k-is-my-password")).toMatchObject({ status: 400, body: { error: COMMON_PASSWORD } });
    expect(await join(token, PASSWORD, "something else entirely")).toMatchObject({ status: 400 });
    // None of those spent the link.
    expect((await join(token)).status).toBe(200);
  });
});

describe("the owner's choices", () => {
  it("makes a username from the e-mail address, numbered when taken, and refuses a taken one typed in", async () => {
    const a = await invite(engineer({ email: "Sam.Jones@example.com" }));
    const b = await invite(engineer({ email: "sam.jones@elsewhere.example" }));
    expect(a.body.username).toBe("sam.jones");
    expect(b.body.username).toBe("sam.jones2");
    const taken = await invite(engineer({ username: "sam.jones" }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('The username "sam.jones" is taken. Please choose another.');
    // The owner's own sign-in name is taken too.
    expect((await invite(engineer({ username: "admin" }))).status).toBe(409);
    expect((await invite(engineer({ username: "ab" }))).status).toBe(400);
    expect((await invite(engineer({ username: "Has Space" }))).status).toBe(400);
  });

  it("wants a 7-digit Gas Safe licence for an engineer doing gas work, and none for the office", async () => {
    for (const gasSafeLicence of ["123456", "12345678", "12a4567"]) {
      const bad = await invite(engineer({ gasSafeLicence }));
      expect(bad.status, gasSafeLicence).toBe(400);
      expect(bad.body.error).toBe(LICENCE_MESSAGE);
    }
    const missing = await invite(engineer({ gasSafeLicence: "" }));
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toBe("gasSafeLicence");
    expect((await invite(engineer({ gasSafeLicence: null, qualifications: ["plumbing"] }))).status).toBe(201);
    expect((await invite(engineer({ gasSafeLicence: "123 4567" }))).body.gasSafeLicence).toBe("1234567");

    const office = await invite(engineer({ role: "office", gasSafeLicence: null, qualifications: ["oil"], seesPrices: false }));
    expect(office.status).toBe(201);
    expect(office.body).toMatchObject({ role: "office", gasSafeLicence: null, qualifications: [], seesPrices: true });
    expect((await invite(engineer({ role: "owner" }))).status).toBe(400);
    expect((await invite(engineer({ qualifications: ["welding"] }))).status).toBe(400);
    expect((await invite({ ...engineer(), email: "not an address" })).status).toBe(400);
  });

  it("edits a person's details, and answers 404 for someone who is not there", async () => {
    const { body: person } = await invite(engineer());
    const edit = {
      name: "Aoife O'Brien",
      email: "aoife.obrien@example.com",
      phone: null,
      role: "engineer",
      gasSafeLicence: "7654321",
      qualifications: ["plumbing", "gas-domestic"],
      seesPrices: true,
    };
    const edited = await team(`/api/admin/team/${person.id}`, "PUT", edit);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ ...edit, qualifications: ["gas-domestic", "plumbing"], username: person.username });
    expect((await team("/api/admin/team/99999", "PUT", edit)).status).toBe(404);
    expect((await team("/api/admin/team/99999/suspend")).status).toBe(404);
    expect((await team(`/api/admin/team/${person.id}/promote`)).status).toBe(400);
    expect((await team(`/api/admin/team/${person.id}`, "PUT", { ...edit, role: "owner" })).status).toBe(409);
  });

  it("never gives two people one e-mail address or one Gas Safe licence; a removed person's are free again", async () => {
    const { body: first } = await invite(engineer());
    const sameEmail = await invite(engineer({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.details).toEqual([
      { path: "email", message: `${first.name} on the team has this e-mail address already.` },
    ]);
    const both = await invite(engineer({ email: first.email, gasSafeLicence: first.gasSafeLicence }));
    expect(both.status).toBe(409);
    expect(both.body.details.map((d: { path: string }) => d.path)).toEqual(["email", "gasSafeLicence"]);
    expect(both.body.error).toContain("has this Gas Safe licence number already");

    const { body: second } = await invite(engineer());
    const edit = { ...engineer(), name: second.name, email: second.email, gasSafeLicence: first.gasSafeLicence };
    const clash = await team(`/api/admin/team/${second.id}`, "PUT", edit);
    expect(clash.status).toBe(409);
    expect(clash.body.details).toEqual([
      { path: "gasSafeLicence", message: `${first.name} on the team has this Gas Safe licence number already.` },
    ]);
    // Saving one's own details unchanged is no clash with oneself.
    expect((await team(`/api/admin/team/${second.id}`, "PUT", { ...edit, gasSafeLicence: second.gasSafeLicence })).status).toBe(
      200,
    );
    expect((await team(`/api/admin/team/${first.id}/remove`)).status).toBe(200);
    expect((await invite(engineer({ email: first.email, gasSafeLicence: first.gasSafeLicence }))).status).toBe(201);
  });

  it("never suspends, removes or changes the role of the owner", async () => {
    for (const change of ["suspend", "remove"]) {
      const refused = await team(`/api/admin/team/1/${change}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe("The owner cannot be suspended or removed.");
    }
    const owner = { name: "Owner", email: "owner@example.com", role: "office", qualifications: [], seesPrices: true };
    expect((await team("/api/admin/team/1", "PUT", owner)).body.error).toBe(
      "The owner stays the owner: their role cannot change.",
    );
    const renamed = await team("/api/admin/team/1", "PUT", { ...owner, name: "Declan Owner", role: "owner" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Declan Owner", role: "owner", isOwner: true, status: "active" });
    const [first] = (await admin("/api/admin/team")).body as TeamMember[];
    expect(first!.id).toBe(1);
  });
});

describe("suspending, reinstating and removing", () => {
  it("ends a suspended person's sessions at once and refuses their sign-in until reinstated", async () => {
    const { person } = await joinedEngineer();
    const session = await signInAs(person.username);
    expect((await call("/api/admin/today", { headers: session.headers })).status).toBe(200);
    const device = session.setCookie!.split(";")[0]!;

    const suspended = await team(`/api/admin/team/${person.id}/suspend`);
    expect(suspended.status).toBe(200);
    expect(suspended.body.status).toBe("suspended");
    expect((await call("/api/admin/today", { headers: session.headers })).status).toBe(401);
    const refused = await login({ username: person.username, password: PASSWORD }, { cookie: device });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(INVALID_LOGIN);
    const devices = await query<{ revoked_at: string | null }>(
      "SELECT revoked_at FROM admin_devices WHERE username = ?1",
      person.username,
    );
    expect(devices.length).toBe(1);
    expect(devices.every((d) => d.revoked_at !== null)).toBe(true);
    // The history is kept.
    expect((await query("SELECT id FROM admin_sign_ins WHERE username = ?1", person.username)).length).toBe(2);
    expect((await team(`/api/admin/team/${person.id}/suspend`)).status).toBe(409);

    const reinstated = await team(`/api/admin/team/${person.id}/reinstate`);
    expect(reinstated.body).toMatchObject({ status: "active", suspendedAt: null });
    const again = await signInAs(person.username);
    expect(again.status).toBe(200);
    expect((await call("/api/admin/today", { headers: again.headers })).status).toBe(200);
  });

  it("removes a person for good: no sign-in, hidden from the list unless asked, the username kept", async () => {
    const { person } = await joinedEngineer({ username: "removed.one" });
    const session = await signInAs(person.username);
    const removed = await team(`/api/admin/team/${person.id}/remove`);
    expect(removed.body).toMatchObject({ status: "removed" });
    expect((await call("/api/admin/today", { headers: session.headers })).status).toBe(401);
    expect((await signInAs(person.username)).status).toBe(401);
    expect((await team(`/api/admin/team/${person.id}/reinstate`)).status).toBe(409);

    const current = (await admin("/api/admin/team")).body as TeamMember[];
    expect(current.map((p) => p.id)).not.toContain(person.id);
    const all = (await admin("/api/admin/team?removed=include")).body as TeamMember[];
    expect(all.at(-1)).toMatchObject({ id: person.id, name: person.name, status: "removed" });
    expect((await invite(engineer({ username: "removed.one" }))).status).toBe(409);
  });

  it("withdraws an invitation by removing it: the link stops working", async () => {
    const details = engineer();
    const { body: person } = await invite(details);
    const token = await invitationToken(details.email);
    expect((await team(`/api/admin/team/${person.id}/suspend`)).status).toBe(409);
    expect((await team(`/api/admin/team/${person.id}/remove`)).status).toBe(200);
    expect((await join(token)).status).toBe(410);
  });

  it("lists the active first, then the invited, then the suspended", async () => {
    const { person: active } = await joinedEngineer();
    const { person: suspended } = await joinedEngineer();
    await team(`/api/admin/team/${suspended.id}/suspend`);
    const { body: invited } = await invite(engineer());
    const order = ((await admin("/api/admin/team")).body as TeamMember[]).map((p) => p.status);
    expect(order).toEqual(
      [...order].sort((a, b) => ["active", "invited", "suspended"].indexOf(a) - ["active", "invited", "suspended"].indexOf(b)),
    );
    const ids = ((await admin("/api/admin/team")).body as TeamMember[]).map((p) => p.id);
    expect(ids.indexOf(active.id)).toBeLessThan(ids.indexOf(invited.id));
    expect(ids.indexOf(invited.id)).toBeLessThan(ids.indexOf(suspended.id));
  });
});

describe("a team member's sign-in", () => {
  it("checks a password hash whatever the username, so a wrong name takes as long as a wrong password", async () => {
    const details = engineer({ username: "still.invited" });
    await invite(details);
    const { person } = await joinedEngineer();
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    try {
      for (const username of ["nobody-here", "still.invited", person.username]) {
        derive.mockClear();
        const { status, body } = await login({ username, password: "a wrong password" });
        expect(status, username).toBe(401);
        expect(body.error).toBe(INVALID_LOGIN);
        expect(derive, username).toHaveBeenCalledTimes(1);
      }
    } finally {
      derive.mockRestore();
    }
    // An invited person cannot sign in before choosing a password, even with the owner's.
    expect((await login({ username: "still.invited", password: "admin-dev-password" })).status).toBe(401);
    const log = await query<{ username: string }>("SELECT username FROM admin_sign_ins ORDER BY id");
    expect(log.map((r) => r.username)).toEqual(["(another name)", "still.invited", person.username, "still.invited"]);
  });

  it("gives each person their own second factor and their own sign-in history", async () => {
    const { person } = await joinedEngineer();
    const first = await signInAs(person.username);
    const as = (path: string, json?: unknown) =>
      callJson(path, { method: json === undefined ? "GET" : "POST", json, headers: first.headers });
    const setup = await as("/api/admin/mfa/setup", {});
    const enabled = await as("/api/admin/mfa/enable", { password: PASSWORD, code: totpCode(setup.body.secret, Date.now()) });
    expect(enabled.status).toBe(200);

    const asked = await signInAs(person.username);
    expect(asked.body).toEqual({ success: false, mfaRequired: true });
    vi.setSystemTime(START + STEP);
    const code = totpCode(setup.body.secret, Date.now());
    expect((await login({ username: person.username, password: PASSWORD, code })).body.success).toBe(true);
    // The owner's account is untouched: still no second factor.
    expect((await login({ username: "admin", password: "admin-dev-password" })).body.success).toBe(true);
    await login({ username: "nobody-here", password: "a guess" });

    const own = await as("/api/admin/security");
    expect(own.body.mfaEnabled).toBe(true);
    expect(own.body.signIns.map((s: { outcome: string }) => s.outcome)).toEqual([
      "success",
      "code_required",
      "factor_confirmed",
      "success",
    ]);
    const owners = await admin("/api/admin/security");
    expect(owners.body.mfaEnabled).toBe(false);
    const everyone = await call("/api/admin/security/sign-ins?show=all", { headers: await adminHeaders() });
    expect(everyone.headers.get("X-Total-Count")).toBe("6");
    const page = await call("/api/admin/security/sign-ins?show=all", { headers: first.headers });
    expect(page.headers.get("X-Total-Count")).toBe("4");
  });

  it("keeps the owner's sign-in as it was", async () => {
    expect((await login({ username: "admin", password: "admin-dev-password" })).body.success).toBe(true);
    expect((await login({ username: "Admin", password: "admin-dev-password" })).status).toBe(401);
  });
});
