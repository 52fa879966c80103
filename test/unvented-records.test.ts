import { describe, expect, it } from "vitest";
import type { AccountSummary } from "../schema/api/account";
import type { AuditEntry } from "../schema/api/audit";
import type { SentAttachment } from "../schema/api/campaigns";
import type { DocumentSummary } from "../schema/api/documents";
import type { AdminProperty } from "../schema/api/properties";
import { type AdminUnventedRecord, NOT_QUALIFIED_FOR_G3 } from "../schema/api/unvented-records";
import { londonToday } from "../schema/london-time";
import { account, signIn } from "./helpers/account";
import { admin, adminHeaders } from "./helpers/admin";
import { createServiceRecord } from "./helpers/factories-admin";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";
import { pdfText, SIGNATURE } from "./helpers/gas-safety";
import { drainMail } from "./helpers/mail";
import { createEngineer } from "./helpers/team";

// Issue 47 part 3: the unvented hot water cylinder's commissioning record (G3), a document kind of
// its own: drafted at a visit, issued once by an engineer qualified for unvented work, its PDF
// holding every value entered, e-mailed and listed where the customer's paperwork is.

const today = londonToday();

async function homeWithVisit() {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `cyl-${tag}@example.com`;
  const { body: customer } = await admin("POST", "/api/admin/customers", {
    firstName: "Imogen",
    lastName: `Tank-${tag}`,
    email,
    address: "12 Mill Lane, Stockport",
    postcode: "SK4 1AA",
  });
  const [home] = (await admin<AdminProperty[]>("GET", `/api/admin/customers/${customer.id}/properties`)).body;
  const visit = await createServiceRecord({
    customerId: customer.id,
    propertyId: home!.id,
    serviceType: "Unvented cylinder installation",
    status: "in-progress",
    serviceDate: today,
  });
  return { customer, home: home!, visit, email, tag };
}

/** Every item of the record, as an engineer fills it in. */
const complete = {
  cylinderMake: "Megaflo",
  cylinderModel: "Eco 210i",
  cylinderSerial: "MF-55501",
  capacityLitres: 210,
  expansionVesselBar: 3.5,
  prvSettingBar: 3,
  expansionReliefChecked: true,
  expansionReliefBar: 6,
  tpReliefChecked: true,
  tpReliefBar: 7,
  tpReliefCelsius: 90,
  d1SizeMm: 15,
  d2SizeMm: 22,
  d2LengthM: 4.5,
  dischargeTermination: "Over the yard gully behind a grating",
  dischargeMeetsRule: true,
  thermostatChecked: true,
  cutOutChecked: true,
  customerName: "Imogen Tank",
  customerSignature: SIGNATURE,
  signature: SIGNATURE,
};

describe("unvented cylinder records (G3)", () => {
  it("drafts at a visit, refuses to issue unfinished, then issues G3-… with a PDF holding every value, e-mailed and listed", async () => {
    const f = await homeWithVisit();
    const created = await admin<AdminUnventedRecord>("POST", "/api/admin/unvented-records", {
      propertyId: f.home.id,
      serviceRecordId: f.visit.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "draft", commissionedOn: today, customerName: `Imogen Tank-${f.tag}` });
    const path = `/api/admin/unvented-records/${created.body.id}`;

    const early = await admin("POST", `${path}/issue`);
    expect(early.status).toBe(400);
    expect(early.body.error).toContain("cannot be issued yet");
    expect(early.body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining([
        "cylinderMake",
        "capacityLitres",
        "expansionVesselBar",
        "prvSettingBar",
        "tpReliefChecked",
        "tpReliefCelsius",
        "d2LengthM",
        "dischargeMeetsRule",
        "cutOutChecked",
        "customerSignature",
        "signature",
      ]),
    );

    // Saved a little at a time, as the engineer goes.
    await admin("PATCH", path, { cylinderMake: "Megaflo" });
    const { body: partly } = await admin<AdminUnventedRecord>("PATCH", path, { capacityLitres: 210 });
    expect(partly).toMatchObject({ cylinderMake: "Megaflo", capacityLitres: 210 });
    expect((await admin("PATCH", path, complete)).status).toBe(200);

    const { status, body: issued } = await admin<AdminUnventedRecord>("POST", `${path}/issue`);
    expect(status, JSON.stringify(issued)).toBe(200);
    expect(issued.number).toMatch(/^G3-\d{6}$/);
    expect(issued.pdfUrl).toMatch(/^\/api\/documents\/unvented-record\//);
    expect(issued.engineerName).toBe("Owner");
    expect((await admin("PATCH", path, { cylinderSerial: "changed" })).status).toBe(409);
    expect((await admin("POST", `${path}/issue`)).status).toBe(409);

    const res = await callApp(issued.pdfUrl!);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), (b) =>
      b.toString(16).padStart(2, "0"),
    ).join("");
    expect(digest).toBe(issued.pdfSha256);
    const text = await pdfText(bytes);
    for (const words of [
      issued.number!,
      "12 Mill Lane, Stockport",
      "Megaflo",
      "Eco 210i",
      "MF-55501",
      "CAPACITY 210 litres",
      "EXPANSION VESSEL CHARGE PRESSURE 3.5 bar",
      "PRESSURE REDUCING VALVE SETTING 3 bar",
      "EXPANSION RELIEF VALVE CHECKED Yes",
      "EXPANSION RELIEF VALVE RATING 6 bar",
      "T&P RELIEF VALVE CHECKED Yes",
      "7 bar, 90 °C",
      "THERMOSTAT CHECKED Yes",
      "HIGH-LIMIT CUT-OUT CHECKED Yes",
      "D1 SIZE 15 mm",
      "D2 SIZE 22 mm",
      "D2 LENGTH 4.5 m",
      "Over the yard gully behind a grating",
      "MEETS THE MANUFACTURER'S RULE Yes",
      "QUALIFICATION Unvented hot water (G3)",
      "Signed by Owner",
      "Signed by Imogen Tank",
    ]) {
      expect(text).toContain(words);
    }

    await drainMail();
    const [mail] = await query<{ attachments: string; subject: string }>(
      "SELECT attachments, subject FROM outbox WHERE `to` = ?1",
      f.email,
    );
    expect(mail!.subject).toContain(issued.number!);
    const [file] = JSON.parse(mail!.attachments) as SentAttachment[];
    expect(file).toMatchObject({ name: `${issued.number}.pdf`, contentType: "application/pdf" });
    expect((await admin<AdminUnventedRecord>("GET", path)).body.customerEmailed).toBe(true);

    // Listed with the customer's, the property's and the account's paperwork.
    const { body: documents } = await admin<DocumentSummary[]>("GET", `/api/admin/customers/${f.customer.id}/documents`);
    expect(documents).toEqual([
      expect.objectContaining({ kind: "unvented-record", number: issued.number, title: "Unvented cylinder record (G3)" }),
    ]);
    const { body: property } = await admin("GET", `/api/admin/properties/${f.home.id}`);
    expect(property.documents.map((d: DocumentSummary) => d.number)).toEqual([issued.number]);
    const cookie = await signIn(f.email);
    const { body: summary } = await account<AccountSummary>(cookie);
    const home = summary.properties.find((p) => p.id === f.home.id)!;
    expect(home.documents.map((d) => [d.kind, d.number])).toEqual([["unvented-record", issued.number]]);
    // The customer's data export holds it, as the law keeps it.
    const { body: exported } = await account(cookie, "/export");
    expect(exported.unventedRecords).toEqual([expect.objectContaining({ id: issued.id, status: "issued" })]);
    // And on its visit, and in its job's thread.
    const { body: visits } = await admin("GET", `/api/admin/service-records?customerId=${f.customer.id}`);
    expect(visits[0].unventedRecord).toEqual({ id: issued.id, status: "issued" });
    const { body: job } = await admin("GET", `/api/admin/jobs/${visits[0].jobId}`);
    expect(job.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "document",
          title: `Unvented cylinder record ${issued.number}`,
          href: `/unvented-records/${issued.id}`,
        }),
      ]),
    );
  });

  it("refuses a discharge pipe not confirmed against the manufacturer's rule, and one that fails it without a reason", async () => {
    const f = await homeWithVisit();
    const { body: draft } = await admin<AdminUnventedRecord>("POST", "/api/admin/unvented-records", {
      propertyId: f.home.id,
      ...complete,
      dischargeMeetsRule: null,
    });
    const issue = () => admin("POST", `/api/admin/unvented-records/${draft.id}/issue`);
    const unconfirmed = await issue();
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.details).toEqual([
      { path: "dischargeMeetsRule", message: "Confirm the discharge pipe against the manufacturer's rule" },
    ]);
    await admin("PATCH", `/api/admin/unvented-records/${draft.id}`, { dischargeMeetsRule: false });
    const noReason = await issue();
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toEqual([
      {
        path: "dischargeReason",
        message: "The discharge pipe does not meet the manufacturer's rule: give the reason it is left so",
      },
    ]);
    await admin("PATCH", `/api/admin/unvented-records/${draft.id}`, {
      dischargeReason: "D2 runs 9 m to the only outside wall; the manufacturer agreed a 28 mm pipe by letter",
    });
    const issued = await issue();
    expect(issued.status).toBe(200);
    const text = await pdfText(new Uint8Array(await (await callApp(issued.body.pdfUrl)).arrayBuffer()));
    expect(text).toContain("MEETS THE MANUFACTURER'S RULE No");
    expect(text).toContain("the manufacturer agreed a 28 mm pipe by letter");
    // Its history on its screen: made, changed, refused, issued.
    const { body: history } = await admin<AuditEntry[]>("GET", `/api/admin/audit/unvented-record/${draft.id}`);
    expect(history.map((e) => e.summary)).toEqual(
      expect.arrayContaining([`Unvented cylinder record ${draft.id}: created`, `Unvented cylinder record ${draft.id}: issued`]),
    );
    expect(history.find((e) => e.summary.endsWith("issued"))!.after).toMatchObject({ status: "issued" });
  });

  it("is issued only by an engineer qualified for unvented hot water, under their own name", async () => {
    const f = await homeWithVisit();
    const gasOnly = await createEngineer("Gus Gasonly", ["gas-domestic"], "engineer", { licence: "5550001" });
    const qualified = await createEngineer("Una Vented", ["gas-domestic", "unvented"], "engineer", { licence: "5550002" });
    for (const e of [gasOnly, qualified]) {
      await query("INSERT INTO visit_engineers (service_record_id, user_id) VALUES (?1, ?2)", f.visit.id, e.id);
    }
    const { status, body: draft } = await gasOnly.call<AdminUnventedRecord>("POST", "/api/admin/unvented-records", {
      propertyId: f.home.id,
      serviceRecordId: f.visit.id,
      ...complete,
    });
    expect(status).toBe(201);
    expect(draft.engineerName).toBe("Gus Gasonly");
    const refused = await gasOnly.call("POST", `/api/admin/unvented-records/${draft.id}/issue`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "FORBIDDEN", error: NOT_QUALIFIED_FOR_G3 });
    expect((await admin<AdminUnventedRecord>("GET", `/api/admin/unvented-records/${draft.id}`)).body.status).toBe("draft");

    const issued = await qualified.call<AdminUnventedRecord>("POST", `/api/admin/unvented-records/${draft.id}/issue`);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ status: "issued", engineerName: "Una Vented", engineerLicence: "5550002" });
    const text = await pdfText(new Uint8Array(await (await callApp(issued.body.pdfUrl!)).arrayBuffer()));
    expect(text).toContain("Signed by Una Vented");
    expect(text).not.toContain("Gus Gasonly");

    // The office is not qualified for it either; an engineer not on a visit there cannot reach it.
    const office = await createEngineer("Olive Office", [], "office");
    const { body: another } = await admin<AdminUnventedRecord>("POST", "/api/admin/unvented-records", {
      propertyId: f.home.id,
      ...complete,
    });
    expect((await office.call("POST", `/api/admin/unvented-records/${another.id}/issue`)).status).toBe(403);
    const stranger = await createEngineer("Sam Stranger", ["unvented"], "engineer");
    expect((await stranger.call("GET", `/api/admin/unvented-records/${another.id}`)).status).toBe(403);
    expect((await stranger.call("POST", "/api/admin/unvented-records", { propertyId: f.home.id })).status).toBe(403);
  });

  it("issued twice at once takes one number: the other answer is 409 and no number is lost", async () => {
    const f = await homeWithVisit();
    const { body: draft } = await admin<AdminUnventedRecord>("POST", "/api/admin/unvented-records", {
      propertyId: f.home.id,
      ...complete,
    });
    const answers = await Promise.all([1, 2].map(() => admin("POST", `/api/admin/unvented-records/${draft.id}/issue`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const issued = answers.find((a) => a.status === 200)!.body as AdminUnventedRecord;
    // Other files issue G3 records meanwhile: so no number is lost when, in one look, every number the
    // series has given is on exactly one record, this one's among them.
    const [numbers] = await query<{ last: number; given: number; ours: number }>(
      `SELECT (SELECT last FROM number_series WHERE series = 'unventedRecord') AS last,
        (SELECT count(DISTINCT number) FROM unvented_records WHERE number IS NOT NULL) AS given,
        (SELECT count(*) FROM unvented_records WHERE number = ?1) AS ours`,
      Number(issued.number!.slice(3)),
    );
    expect(numbers).toEqual({ last: numbers!.given, given: numbers!.given, ours: 1 });
  });

  it("answers bad input with a human message beside its field, and an unknown property or visit with 404", async () => {
    const f = await homeWithVisit();
    const headers = await adminHeaders();
    const post = (json: unknown) => callAppJson("/api/admin/unvented-records", { method: "POST", json, headers });
    const bad = await post({ propertyId: f.home.id, capacityLitres: "big", d2LengthM: -1, tpReliefChecked: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { path: "capacityLitres", message: "Capacity (litres) must be a number" },
        { path: "d2LengthM", message: "D2 length (m) cannot be negative" },
        { path: "tpReliefChecked", message: "Temperature/pressure relief valve checked must be yes or no" },
      ]),
    );
    expect((await post({})).body.details).toEqual([{ path: "propertyId", message: "Choose the property" }]);
    expect((await post({ propertyId: 999_999 })).status).toBe(404);
    const other = await homeWithVisit();
    expect((await post({ propertyId: f.home.id, serviceRecordId: other.visit.id })).status).toBe(404);
    const { body: draft } = await post({ propertyId: f.home.id });
    const empty = await callAppJson(`/api/admin/unvented-records/${draft.id}`, { method: "PATCH", json: {}, headers });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain("Nothing to change");
    expect((await admin("GET", "/api/admin/unvented-records/999999")).status).toBe(404);
  });
});
