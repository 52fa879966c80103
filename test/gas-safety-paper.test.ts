import { describe, expect, it } from "vitest";
import type { AdminGasSafetyRecord } from "../schema/api/gas-safety";
import { COMPLIANCE_STATEMENT } from "../schema/api/gas-safety";
import { renderGasSafetyRecord, renderWarningNotice } from "../worker/services/gas-safety/render";
import { oldNoticeSnapshot, oldNoticeText, oldRecordSnapshot, oldRecordText } from "./fixtures/gas-safety-old-snapshots";
import { adminHeaders } from "./helpers/admin";
import { callApp, query } from "./helpers/factories-commerce";
import {
  admin,
  completeRecord,
  draftAt,
  type Flat,
  issuedRecord,
  landlordWithFlat,
  pdfText,
  SIGNATURE,
  today,
  warningGiven,
} from "./helpers/gas-safety";

// The paper made complete (issue 44): the record's reg. 26(9) statement and CO alarm checks, the
// warning notice's every action and the responsible person told, the pre-issue refusals of a
// dangerous appliance marked safe and of a record without the engineer's licence, and records and
// notices issued before, which still say exactly what they said.

type Detail = { path: string; message: string };

async function refusal(f: Flat, changes: Record<string, unknown>) {
  const draft = await draftAt(f);
  expect((await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, completeRecord(f, changes))).status).toBe(200);
  const { status, body } = await admin("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
  expect(status).toBe(400);
  const [row] = await query<{ status: string }>("SELECT status FROM gas_safety_records WHERE id = ?1", draft.id);
  expect(row!.status).toBe("draft");
  return body.details as Detail[];
}

/** The fire (appliance 1, the lounge) found At Risk, with these notice details. */
function withNotice(f: Flat, warning: Record<string, unknown>) {
  const record = completeRecord(f);
  const appliances = [...(record.appliances as Record<string, unknown>[])];
  appliances[1] = {
    ...appliances[1],
    safeToUse: false,
    classification: "AR",
    spillage: "fail",
    defect: "Spillage at the draught diverter",
    remedialAction: "Flue to be swept and retested",
    warning,
  };
  return { appliances };
}

async function noticeText(record: AdminGasSafetyRecord) {
  const [notice] = record.warningNotices;
  const res = await callApp(`/api/admin/warning-notices/${notice!.id}/pdf`, { headers: await adminHeaders() });
  expect(res.status).toBe(200);
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

const recordText = async (record: AdminGasSafetyRecord) =>
  pdfText(new Uint8Array(await (await callApp(record.pdfUrl!)).arrayBuffer()));

describe("the gas safety record's reg. 26(9) statement", () => {
  it("refuses to issue until the engineer confirms it, then prints the statement", async () => {
    const f = await landlordWithFlat();
    for (const complianceConfirmed of [null, false]) {
      expect(await refusal(f, { complianceConfirmed })).toEqual([
        {
          path: "complianceConfirmed",
          message:
            "Confirm that the check complied with regulation 26(9) of the Gas Safety (Installation and Use) Regulations 1998",
        },
      ]);
    }
    const record = await issuedRecord(f);
    const text = await recordText(record);
    expect(text).toContain(COMPLIANCE_STATEMENT);
    expect(text).toContain("regulation 26(9) of the Gas Safety (Installation and Use) Regulations 1998");
    const [row] = await query<{ snapshot: string }>("SELECT snapshot FROM gas_safety_records WHERE id = ?1", record.id);
    expect(JSON.parse(row!.snapshot).complianceStatement).toBe(COMPLIANCE_STATEMENT);
  });

  it("is confirmed afresh on a correction, as the signature is", async () => {
    const f = await landlordWithFlat();
    const original = await issuedRecord(f);
    const correction = await draftAt(f, { replacesId: original.id });
    expect(correction).toMatchObject({ complianceConfirmed: null, signature: null, coAlarms: completeRecord(f).coAlarms });
  });
});

describe("the gas safety record's CO alarm checks", () => {
  it("asks each room with an appliance on the record once, and refuses to issue until each is answered", async () => {
    const f = await landlordWithFlat();
    // Kitchen (the boiler and the cooker) and lounge (the fire): nothing answered.
    expect(await refusal(f, { coAlarms: [] })).toEqual([
      { path: "coAlarms.0.fitted", message: "Say whether a CO alarm is fitted in the Kitchen" },
      { path: "coAlarms.1.fitted", message: "Say whether a CO alarm is fitted in the Lounge" },
    ]);
    // Fitted, then tested, then working: each asked once the answer before makes it a question.
    expect(
      await refusal(f, {
        coAlarms: [
          { room: "kitchen ", fitted: true, tested: true },
          { room: "Lounge", fitted: true },
        ],
      }),
    ).toEqual([
      { path: "coAlarms.0.working", message: "Say whether the alarm works" },
      { path: "coAlarms.1.tested", message: "Say whether the alarm was tested" },
    ]);
    // An alarm fitted but not tested is an answer; a room with no appliance on the record is not asked.
    const withoutFire = completeRecord(f);
    const record = await issuedRecord(f, {
      appliances: [withoutFire.appliances[0], withoutFire.appliances[2]],
      coAlarms: [{ room: "Kitchen", fitted: true, tested: false }],
    });
    expect(record.status).toBe("issued");
    const [row] = await query<{ snapshot: string }>("SELECT snapshot FROM gas_safety_records WHERE id = ?1", record.id);
    expect(JSON.parse(row!.snapshot).coAlarms).toEqual([{ room: "Kitchen", fitted: true, tested: false, working: null }]);
    expect(await recordText(record)).toContain("Kitchen Yes No Not tested");
  });

  it("prints a row for each room: fitted, tested and working", async () => {
    const f = await landlordWithFlat();
    const record = await issuedRecord(f);
    const text = await recordText(record);
    expect(text).toContain("Carbon monoxide alarms ROOM WITH A GAS APPLIANCE CO ALARM FITTED TESTED WORKING");
    expect(text).toContain("Kitchen Yes Yes Yes");
    expect(text).toContain("Lounge No - -");
  });

  it("refuses a malformed answer beside its field", async () => {
    const f = await landlordWithFlat();
    const draft = await draftAt(f);
    const { status, body } = await admin("PATCH", `/api/admin/gas-safety-records/${draft.id}`, {
      coAlarms: [{ room: "", fitted: "maybe" }],
    });
    expect(status).toBe(400);
    expect(body.details.map((d: Detail) => d.path).sort()).toEqual(["coAlarms.0.fitted", "coAlarms.0.room"]);
  });
});

describe("the warning notice", () => {
  it("refuses to issue without an action, the person told, and their signature or refusal", async () => {
    const f = await landlordWithFlat();
    const paths = (details: Detail[]) => details.map((d) => d.path);
    expect(paths(await refusal(f, withNotice(f, { actionsTaken: [], permission: "given" })))).toEqual([
      "appliances.1.warning.actionsTaken",
      "appliances.1.warning.responsiblePerson",
      "appliances.1.warning.responsibleSignature",
    ]);
    const unsigned = await refusal(f, withNotice(f, { ...warningGiven, responsibleSignature: null }));
    expect(unsigned).toEqual([
      {
        path: "appliances.1.warning.responsibleSignature",
        message: "The responsible person signs, or tick that they refused to sign",
      },
    ]);
    const both = await refusal(f, withNotice(f, { ...warningGiven, refusedToSign: true }));
    expect(both).toEqual([
      { path: "appliances.1.warning.responsibleSignature", message: 'Either their signature or "refused to sign", not both' },
    ]);
  });

  it("prints every action taken, the person told by name and their signature", async () => {
    const f = await landlordWithFlat();
    const record = await issuedRecord(
      f,
      withNotice(f, {
        ...warningGiven,
        // In any order: printed in the form's order.
        actionsTaken: ["advised", "label-attached", "disconnected", "turned-off"],
      }),
    );
    expect(record.warningNotices).toHaveLength(1);
    const text = await noticeText(record);
    expect(text).toContain(
      'ACTIONS TAKEN Turned off Disconnected Labelled ("Do not use" label attached) Advised (the responsible person told)',
    );
    expect(text).toContain("RESPONSIBLE PERSON'S PERMISSION Given");
    expect(text).toContain("Responsible person told");
    expect(text).toContain("NAME Tom Tenant");
    expect(text).toContain("Signed by Tom Tenant");
    expect(text).not.toContain("Refused to sign");
    expect(text).toContain(`LANDLORD OR AGENT Lena Landlord-${f.tag}`);
  });

  it('prints "refused to sign" when the person told would not sign, and no "turned off" when it was not', async () => {
    const f = await landlordWithFlat();
    // Permission to turn it off refused: labelled, the person told, the emergency service told.
    const record = await issuedRecord(
      f,
      withNotice(f, {
        actionsTaken: ["label-attached", "advised"],
        permission: "refused",
        emergencyServiceInformed: true,
        responsiblePerson: "Tom Tenant",
        refusedToSign: true,
      }),
    );
    const text = await noticeText(record);
    for (const words of [
      'Labelled ("Do not use" label attached) Advised (the responsible person told)',
      "RESPONSIBLE PERSON'S PERMISSION Refused",
      "GAS EMERGENCY SERVICE TOLD Yes",
      "NAME Tom Tenant",
      "SIGNATURE Refused to sign",
      "It should not be used until it is repaired.",
    ])
      expect(text).toContain(words);
    expect(text).not.toContain("Signed by Tom Tenant");
    expect(text).not.toContain("turned off");
  });

  it("refuses a signature that cannot be drawn, or one too large, beside the notice's field", async () => {
    const f = await landlordWithFlat();
    const unreadable = await refusal(f, withNotice(f, { ...warningGiven, responsibleSignature: "data:image/png;base64,AAAA" }));
    expect(unreadable.map((d) => d.path)).toEqual(["appliances.1.warning.responsibleSignature"]);
    const draft = await draftAt(f);
    const large = `data:image/png;base64,${"A".repeat(16_000)}`;
    const { status, body } = await admin(
      "PATCH",
      `/api/admin/gas-safety-records/${draft.id}`,
      withNotice(f, { ...warningGiven, responsibleSignature: large }),
    );
    expect(status).toBe(400);
    expect(body.details).toEqual([
      {
        path: "appliances.1.warning.responsibleSignature",
        message: "The signature is too large; please clear it and sign again",
      },
    ]);
  });

  it("keeps a notice's details off an appliance that needs none", async () => {
    const f = await landlordWithFlat();
    const record = completeRecord(f);
    const appliances = [...(record.appliances as Record<string, unknown>[])];
    appliances[0] = { ...appliances[0], warning: warningGiven };
    const issued = await issuedRecord(f, { appliances });
    expect(issued.warningNotices).toEqual([]);
    const [row] = await query<{ snapshot: string }>("SELECT snapshot FROM gas_safety_records WHERE id = ?1", issued.id);
    expect(JSON.parse(row!.snapshot).appliances[0].warning).toBeNull();
  });
});

describe("the pre-issue checks", () => {
  it("refuses an appliance classed Immediately Dangerous or At Risk and also marked safe to use", async () => {
    const f = await landlordWithFlat();
    for (const classification of ["ID", "AR"]) {
      const { appliances } = withNotice(f, warningGiven);
      appliances[1] = { ...appliances[1], classification, safeToUse: true };
      expect(await refusal(f, { appliances })).toEqual([
        { path: "appliances.1.safeToUse", message: "An ID or AR appliance is not safe to use" },
      ]);
    }
    // Not to Current Standards is advice: safe to use is allowed.
    const { appliances } = withNotice(f, warningGiven);
    appliances[1] = { ...appliances[1], classification: "NCS", safeToUse: true, spillage: "pass", warning: null };
    expect((await issuedRecord(f, { appliances })).warningNotices).toEqual([]);
  });

  it("refuses a record without the engineer's Gas Safe licence number", async () => {
    const f = await landlordWithFlat();
    for (const engineerLicence of [null, ""]) {
      expect(await refusal(f, { engineerLicence })).toEqual([
        { path: "engineerLicence", message: "Enter the engineer's Gas Safe licence number" },
      ]);
    }
  });
});

describe("records and notices from before", () => {
  it("render exactly as they did: no statement, no CO alarms, the notice's one action", async () => {
    const record = await renderGasSafetyRecord(oldRecordSnapshot as never, "GSR-000042", [null, "WN-000007"]);
    expect(await pdfText(record)).toBe(oldRecordText);
    const notice = await renderWarningNotice(oldNoticeSnapshot as never, "WN-000007", "GSR-000042");
    expect(await pdfText(notice)).toBe(oldNoticeText);
  });

  it("serve an issued record's PDF from its old snapshot as it was", async () => {
    const f = await landlordWithFlat();
    const issued = await issuedRecord(f);
    // As a record issued before was stored: its snapshot without the new parts, its PDF not yet rendered.
    const {
      coAlarms: _,
      complianceStatement: __,
      ...old
    } = JSON.parse(
      (await query<{ snapshot: string }>("SELECT snapshot FROM gas_safety_records WHERE id = ?1", issued.id))[0]!.snapshot,
    );
    await query(
      "UPDATE gas_safety_records SET snapshot = ?1, pdf_key = NULL, pdf_sha256 = NULL WHERE id = ?2",
      JSON.stringify(old),
      issued.id,
    );
    const text = await recordText(issued);
    expect(text).toContain(issued.number!);
    expect(text).not.toContain("26(9)");
    expect(text).not.toContain("Carbon monoxide alarms");
  });

  it("open a draft of before with the new fields empty and its one action as the list", async () => {
    const f = await landlordWithFlat();
    const old = {
      landlordName: "Lena Landlord",
      landlordAddress: "9 Agent Row",
      appliances: [
        {
          applianceId: f.fire.id,
          visualOnly: false,
          safeToUse: false,
          classification: "AR",
          defect: "Spillage",
          warning: { actionTaken: "turned-off", permission: "given", emergencyServiceInformed: null },
        },
      ],
      tightnessTest: "pass",
      emergencyControlAccessible: true,
      notes: null,
      engineerName: "Dave Hughes",
      engineerLicence: "1234567",
      signature: SIGNATURE,
    };
    const [row] = await query<{ id: number }>(
      "INSERT INTO gas_safety_records (property_id, customer_id, check_date, details) VALUES (?1, ?2, ?3, ?4) RETURNING id",
      f.flat.id,
      f.customer.id,
      today,
      JSON.stringify(old),
    );
    const { status, body } = await admin<AdminGasSafetyRecord>("GET", `/api/admin/gas-safety-records/${row!.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ coAlarms: [], complianceConfirmed: null, engineerName: "Dave Hughes" });
    expect(body.appliances[0]!.warning).toEqual({
      actionsTaken: ["turned-off"],
      permission: "given",
      emergencyServiceInformed: null,
      responsiblePerson: null,
      responsibleSignature: null,
      refusedToSign: null,
    });
    // A form of before still saves its one action.
    const saved = await admin<AdminGasSafetyRecord>("PATCH", `/api/admin/gas-safety-records/${row!.id}`, {
      appliances: [{ ...old.appliances[0], warning: { actionTaken: "label-attached", permission: "given" } }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.appliances[0]!.warning?.actionsTaken).toEqual(["label-attached"]);
  });
});
