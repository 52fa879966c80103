import { describe, expect, it } from "vitest";
import type { AccountSummary } from "../schema/api/account";
import type { AuditEntry } from "../schema/api/audit";
import { OUT_OF_RANGE_NEEDS_REASON } from "../schema/api/benchmark-problems";
import type { AdminBenchmarkRecord } from "../schema/api/benchmark-records";
import type { SentAttachment } from "../schema/api/campaigns";
import type { DocumentSummary } from "../schema/api/documents";
import { addDays } from "../schema/london-time";
import { account, signIn } from "./helpers/account";
import { admin, adminHeaders } from "./helpers/admin";
import { completeChecklist, homeWithNewBoiler, issuedServiceSheet, today } from "./helpers/benchmark";
import { callApp, callAppJson, query } from "./helpers/factories-commerce";
import { pdfText } from "./helpers/gas-safety";
import { drainMail } from "./helpers/mail";
import { createEngineer } from "./helpers/team";

// Issue 47 part 1: a new gas boiler's Benchmark commissioning checklist, a document kind of its
// own: drafted at the fitting visit, tied to the boiler among the property's appliances, issued
// once under a Gas Safe licence with its combustion readings held against the manufacturer's
// limits, its PDF holding every value entered, e-mailed and listed where the customer's paperwork
// is, and followed by the boiler's later service sheets (its service record).

const post = (json: object) => admin<AdminBenchmarkRecord>("POST", "/api/admin/benchmark-records", json);
const pdfOf = async (url: string) => pdfText(new Uint8Array(await (await callApp(url)).arrayBuffer()));

describe("Benchmark commissioning checklists", () => {
  it("drafts at a visit with the boiler chosen, refuses to issue unfinished, then issues BM-… with a PDF holding every value", async () => {
    const f = await homeWithNewBoiler();
    const created = await post({ propertyId: f.home.id, serviceRecordId: f.visit.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: "draft",
      commissionedOn: today,
      applianceId: f.boiler.id,
      boilerMake: "Worcester",
      boilerModel: "Greenstar 4000 30kW",
      boilerSerial: `WB-${f.tag}`,
      customerName: `Bea Combi-${f.tag}`,
      cleanedStandard: "BS 7593:2019",
      installer: { company: "Northside Heating & Plumbing", gasSafeNumber: expect.any(String) },
      serviceRecord: [],
    });
    expect(created.body.property!.appliances.map((a) => a.id)).toEqual([f.hob.id, f.boiler.id]);
    const path = `/api/admin/benchmark-records/${created.body.id}`;

    const early = await admin("POST", `${path}/issue`);
    expect(early.status).toBe(400);
    expect(early.body.error).toContain("cannot be issued yet");
    expect(early.body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining([
        "boilerType",
        "heatingControl",
        "boilerInterlock",
        "gasRate",
        "burnerPressureMbar",
        "cleanserName",
        "filter",
        "condensateToManufacturer",
        "maxCoPpm",
        "minCo2Percent",
        "limitRatio",
        "instructionsHanded",
        "customerSignature",
        "engineerLicence",
        "signature",
      ]),
    );

    // Saved a little at a time; a combination boiler then also owes its hot water readings.
    const { body: partly } = await admin<AdminBenchmarkRecord>("PATCH", path, { boilerType: "combination", gasRate: 2.85 });
    expect(partly).toMatchObject({ boilerType: "combination", gasRate: 2.85, boilerMake: "Worcester" });
    const combi = await admin("POST", `${path}/issue`);
    expect(combi.body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(["dhwGasRate", "dhwInletPressureMbar", "coldInletTempC", "hotOutletTempC", "dhwFlowLpm"]),
    );
    expect((await admin("PATCH", path, completeChecklist)).status).toBe(200);

    const { status, body: issued } = await admin<AdminBenchmarkRecord>("POST", `${path}/issue`);
    expect(status, JSON.stringify(issued)).toBe(200);
    expect(issued.number).toMatch(/^BM-\d{6}$/);
    expect(issued.pdfUrl).toMatch(/^\/api\/documents\/benchmark\//);
    expect((await admin("PATCH", path, { boilerSerial: "changed" })).status).toBe(409);
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
      "Benchmark Commissioning Checklist",
      "7 Weir Street, Stretford",
      "BUILDING REGULATIONS NOTIFICATION NUMBER GSR/2026/0042",
      "MAKE Worcester",
      "MODEL Greenstar 4000 30kW",
      `SERIAL NUMBER WB-${f.tag}`,
      "BOILER TYPE Combination",
      "LOCATION Airing cupboard",
      "COMPANY Northside Heating & Plumbing",
      "GAS SAFE REGISTRATION",
      "INSTALLING ENGINEER Owner",
      "GAS SAFE LICENCE NUMBER 1234567",
      "COMMISSIONING ENGINEER Cara Commissioner",
      "COMMISSIONING ENGINEER'S LICENCE 7654321",
      "TIME AND TEMPERATURE CONTROL TO HEATING Programmable room thermostat",
      "TIME AND TEMPERATURE CONTROL TO HOT WATER Combination boiler",
      "HEATING ZONE VALVES Not required",
      "HOT WATER ZONE VALVES Not required",
      "THERMOSTATIC RADIATOR VALVES Fitted",
      "AUTOMATIC BYPASS Fitted",
      "BOILER INTERLOCK PROVIDED Yes",
      "ENERGY-EFFICIENCY MEASURE Weather compensation",
      "GAS RATE 2.85 m³/h",
      "BURNER OPERATING PRESSURE 8.4 mbar",
      "GAS INLET PRESSURE 20.5 mbar",
      "FLOW TEMPERATURE 68 °C",
      "RETURN TEMPERATURE 51 °C",
      "CLEANED AND FLUSHED TO BS 7593:2019",
      "CLEANSER Sentinel X400, 1 litres",
      "INHIBITOR Fernox F1, 0.5 litres",
      "FILTER FITTED Magnetic filter",
      "HOT WATER GAS RATE 3.1 m³/h",
      "HOT WATER GAS INLET PRESSURE 20.2 mbar",
      "COLD WATER INLET TEMPERATURE 11 °C",
      "HOT WATER OUTLET TEMPERATURE 49 °C",
      "HOT WATER FLOW RATE 12.5 litres/min",
      "CONDENSATE DISPOSAL AS THE MANUFACTURER'S INSTRUCTIONS Yes",
      // The ratio is computed: 42 / (9.4 × 10,000) = 0.00045, and 9 / (8.9 × 10,000) = 0.0001.
      "Maximum rate 42 9.4 0.0004",
      "Minimum rate 9 8.9 0.0001",
      "MANUFACTURER'S MAXIMUM CO 350 ppm",
      "MANUFACTURER'S MAXIMUM RATIO 0.004",
      "MANUFACTURER'S CO2 RANGE 8.5% to 10.5%",
      "WITHIN THE MANUFACTURER'S LIMITS Yes",
      "INSTRUCTIONS HANDED TO THE CUSTOMER Yes",
      "CONTROLS SHOWN TO THE CUSTOMER Yes",
      "Signed by Owner",
      "Signed by Bea Combi",
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
    expect((await admin<AdminBenchmarkRecord>("GET", path)).body.customerEmailed).toBe(true);

    // Listed with the customer's, the property's and the account's paperwork, on its visit and its job.
    const { body: documents } = await admin<DocumentSummary[]>("GET", `/api/admin/customers/${f.customer.id}/documents`);
    expect(documents).toEqual([
      expect.objectContaining({ kind: "benchmark", number: issued.number, title: "Benchmark commissioning checklist" }),
    ]);
    const { body: property } = await admin("GET", `/api/admin/properties/${f.home.id}`);
    expect(property.documents.map((d: DocumentSummary) => d.number)).toEqual([issued.number]);
    const cookie = await signIn(f.email);
    const { body: summary } = await account<AccountSummary>(cookie);
    const home = summary.properties.find((p) => p.id === f.home.id)!;
    expect(home.documents).toEqual([expect.objectContaining({ kind: "benchmark", number: issued.number, serviceRecord: [] })]);
    const { body: exported } = await account(cookie, "/export");
    expect(exported.benchmarkRecords).toEqual([expect.objectContaining({ id: issued.id, status: "issued" })]);
    const { body: visits } = await admin("GET", `/api/admin/service-records?customerId=${f.customer.id}`);
    expect(visits[0].benchmarkRecord).toEqual({ id: issued.id, status: "issued" });
    const { body: job } = await admin("GET", `/api/admin/jobs/${visits[0].jobId}`);
    expect(job.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "document",
          title: `Benchmark checklist ${issued.number}`,
          href: `/benchmark-records/${issued.id}`,
        }),
      ]),
    );
    const { body: history } = await admin<AuditEntry[]>("GET", `/api/admin/audit/benchmark/${issued.id}`);
    expect(history.map((e) => e.summary)).toEqual(
      expect.arrayContaining([`Benchmark checklist ${issued.id}: created`, `Benchmark checklist ${issued.id}: issued`]),
    );
  });

  it("refuses readings outside the manufacturer's limits until the reason is given, which the PDF prints", async () => {
    const f = await homeWithNewBoiler();
    const { body: draft } = await post({ propertyId: f.home.id, ...completeChecklist, maxCoPpm: 420, minCo2Percent: 8.1 });
    const issue = () => admin("POST", `/api/admin/benchmark-records/${draft.id}/issue`);
    const refused = await issue();
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      {
        path: "outOfRangeReason",
        message: `${OUT_OF_RANGE_NEEDS_REASON} (CO at maximum rate 420 ppm is above 350 ppm; CO/CO2 ratio at maximum rate 0.0045 is above 0.004; CO2 at minimum rate 8.1% is below 8.5%)`,
      },
    ]);
    await admin("PATCH", `/api/admin/benchmark-records/${draft.id}`, {
      outOfRangeReason: "Flue terminal replaced under warranty next week; the manufacturer's engineer attends",
    });
    const issued = await issue();
    expect(issued.status).toBe(200);
    const text = await pdfOf(issued.body.pdfUrl);
    expect(text).toContain("WITHIN THE MANUFACTURER'S LIMITS No");
    expect(text).toContain("Maximum rate 420 9.4 0.0045");
    expect(text).toContain("CO2 at minimum rate 8.1% is below 8.5%");
    expect(text).toContain("the manufacturer's engineer attends");
  });

  it("is issued under a Gas Safe licence: an engineer without one on their profile is told so, one with it issues under their name", async () => {
    const f = await homeWithNewBoiler();
    const noLicence = await createEngineer("Nell Nolicence", ["gas-domestic"], "engineer");
    const licensed = await createEngineer("Gail Gasafe", ["gas-domestic"], "engineer", { licence: "5550003" });
    for (const e of [noLicence, licensed]) {
      await query("INSERT INTO visit_engineers (service_record_id, user_id) VALUES (?1, ?2)", f.visit.id, e.id);
    }
    const { status, body: draft } = await licensed.call<AdminBenchmarkRecord>("POST", "/api/admin/benchmark-records", {
      propertyId: f.home.id,
      serviceRecordId: f.visit.id,
    });
    expect(status).toBe(201);
    expect(draft).toMatchObject({ engineerName: "Gail Gasafe", engineerLicence: "5550003" });
    await admin("PATCH", `/api/admin/benchmark-records/${draft.id}`, {
      ...completeChecklist,
      engineerName: null,
      engineerLicence: null,
    });
    const refused = await noLicence.call("POST", `/api/admin/benchmark-records/${draft.id}/issue`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("Your Gas Safe licence number is not on your profile yet");
    // The owner without a licence on the profile issues as the form says, and the form has none.
    const unnamed = await admin("POST", `/api/admin/benchmark-records/${draft.id}/issue`);
    expect(unnamed.body.details).toEqual(
      expect.arrayContaining([{ path: "engineerLicence", message: "Enter the engineer's Gas Safe licence number" }]),
    );
    expect((await admin<AdminBenchmarkRecord>("GET", `/api/admin/benchmark-records/${draft.id}`)).body.status).toBe("draft");
    const issued = await licensed.call<AdminBenchmarkRecord>("POST", `/api/admin/benchmark-records/${draft.id}/issue`);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ status: "issued", engineerName: "Gail Gasafe", engineerLicence: "5550003" });
    expect(await pdfOf(issued.body.pdfUrl!)).toContain("INSTALLING ENGINEER Gail Gasafe");
    const stranger = await createEngineer("Stan Stranger", ["gas-domestic"], "engineer", { licence: "5550004" });
    expect((await stranger.call("GET", `/api/admin/benchmark-records/${draft.id}`)).status).toBe(403);
    expect((await stranger.call("POST", "/api/admin/benchmark-records", { propertyId: f.home.id })).status).toBe(403);
  });

  it("shows the job's Building Regulations notification once recorded, and prints its reference when none was entered", async () => {
    const f = await homeWithNewBoiler();
    const { body: draft } = await post({ propertyId: f.home.id, serviceRecordId: f.visit.id });
    expect(draft.buildingRegs).toBeNull();
    const [{ jobId }] = (await query<{ jobId: number }>(
      "SELECT job_id AS jobId FROM service_records WHERE id = ?1",
      f.visit.id,
    )) as [{ jobId: number }];
    // The job fitted a boiler (its accepted quote's marked line, kept on the job: migration 0037).
    await query("UPDATE jobs SET installations = '[\"boiler\"]' WHERE id = ?1", jobId);
    const recorded = await admin("PUT", `/api/admin/jobs/${jobId}/building-regs`, {
      notifiedBy: "us",
      notifiedOn: today,
      reference: "GSR-REF-7788",
      certificateNumber: "CERT-5521",
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const path = `/api/admin/benchmark-records/${draft.id}`;
    expect((await admin<AdminBenchmarkRecord>("GET", path)).body.buildingRegs).toEqual({
      notifiedOn: today,
      reference: "GSR-REF-7788",
      certificateNumber: "CERT-5521",
    });
    await admin("PATCH", path, { ...completeChecklist, buildingRegsNumber: null });
    const issued = await admin<AdminBenchmarkRecord>("POST", `${path}/issue`);
    expect(issued.status).toBe(200);
    const text = await pdfOf(issued.body.pdfUrl!);
    expect(text).toContain("BUILDING REGULATIONS NOTIFICATION NUMBER GSR-REF-7788");
    expect(text).toContain("COMPLIANCE CERTIFICATE NUMBER CERT-5521");
  });

  it("issued twice at once takes one number: the other answer is 409 and no number is lost", async () => {
    const f = await homeWithNewBoiler();
    const { body: draft } = await post({ propertyId: f.home.id, ...completeChecklist });
    const answers = await Promise.all([1, 2].map(() => admin("POST", `/api/admin/benchmark-records/${draft.id}/issue`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [counter] = await query<{ last: number }>("SELECT last FROM number_series WHERE series = 'benchmark'");
    const issued = answers.find((a) => a.status === 200)!.body as AdminBenchmarkRecord;
    expect(issued.number).toBe(`BM-${String(counter!.last).padStart(6, "0")}`);
  });

  it("answers bad input with a human message beside its field, and an unknown property, visit or appliance clearly", async () => {
    const f = await homeWithNewBoiler();
    const other = await homeWithNewBoiler("Otto");
    const headers = await adminHeaders();
    const send = (json: unknown) => callAppJson("/api/admin/benchmark-records", { method: "POST", json, headers });
    const bad = await send({ propertyId: f.home.id, gasRate: "lots", flowTempC: -4, boilerType: "steam", trvs: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { path: "gasRate", message: "Gas rate must be a number" },
        { path: "flowTempC", message: "Central heating flow temperature (°C) cannot be negative" },
        { path: "boilerType", message: "The boiler's type: choose one of the options" },
        { path: "trvs", message: "Thermostatic radiator valves: choose one of the options" },
      ]),
    );
    expect((await send({})).body.details).toEqual([{ path: "propertyId", message: "Choose the property" }]);
    expect((await send({ propertyId: 999_999 })).status).toBe(404);
    expect((await send({ propertyId: f.home.id, serviceRecordId: other.visit.id })).status).toBe(404);
    const elsewhere = await send({ propertyId: f.home.id, applianceId: other.boiler.id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.details).toEqual([{ path: "applianceId", message: "This appliance is not at this property" }]);
    const { body: draft } = await send({ propertyId: f.home.id });
    const empty = await callAppJson(`/api/admin/benchmark-records/${draft.id}`, { method: "PATCH", json: {}, headers });
    expect(empty.body.error).toContain("Nothing to change");
    expect((await admin("GET", "/api/admin/benchmark-records/999999")).status).toBe(404);
  });

  it("keeps the boiler's service record: its later service sheets, not another appliance's, an earlier one's, or another customer's", async () => {
    const a = await homeWithNewBoiler("Ada");
    const b = await homeWithNewBoiler("Ben");
    const commissioned = addDays(today, -3);
    const issue = async (f: typeof a) => {
      const { body } = await post({ propertyId: f.home.id, ...completeChecklist, commissionedOn: commissioned });
      return (await admin<AdminBenchmarkRecord>("POST", `/api/admin/benchmark-records/${body.id}/issue`)).body;
    };
    const [benchA, benchB] = [await issue(a), await issue(b)];
    await issuedServiceSheet(a.home.id, a.boiler.id, addDays(today, -5)); // before it was fitted
    const first = await issuedServiceSheet(a.home.id, a.boiler.id, addDays(today, -1), { partsUsed: "Gasket" });
    const second = await issuedServiceSheet(a.home.id, a.boiler.id, today, { engineerName: "Sid Service", coPpm: 20 });
    await issuedServiceSheet(a.home.id, a.hob.id, today); // another appliance
    const theirs = await issuedServiceSheet(b.home.id, b.boiler.id, today, { engineerName: "Bo Other" });

    const { body: readA } = await admin<AdminBenchmarkRecord>("GET", `/api/admin/benchmark-records/${benchA.id}`);
    expect(readA.serviceRecord).toEqual([
      {
        sheetId: first.id,
        number: first.number,
        serviceDate: addDays(today, -1),
        engineerName: "Dave Hughes",
        engineerLicence: "1112223",
        coPpm: 14,
        co2Percent: 9.2,
        coCo2Ratio: 0.0015,
        partsUsed: "Gasket",
        nextServiceDate: first.nextServiceDate,
      },
      expect.objectContaining({ sheetId: second.id, engineerName: "Sid Service", coPpm: 20, serviceDate: today }),
    ]);
    const { body: readB } = await admin<AdminBenchmarkRecord>("GET", `/api/admin/benchmark-records/${benchB.id}`);
    expect(readB.serviceRecord.map((e) => e.sheetId)).toEqual([theirs.id]);

    // The account shows each customer their own boiler's history under its Benchmark.
    for (const [f, bench, sheets] of [
      [a, benchA, [first.id, second.id]],
      [b, benchB, [theirs.id]],
    ] as const) {
      const { body } = await account<AccountSummary>(await signIn(f.email));
      const listed = body.properties.flatMap((p) => p.documents).find((d) => d.number === bench.number)!;
      expect(listed.serviceRecord!.map((e) => e.sheetId)).toEqual(sheets);
    }
  });
});
