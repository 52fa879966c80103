import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { VatStagger } from "../schema/api/billing";
import type { Money } from "../schema/api/reports";
import type { VatKind, VatReport } from "../schema/api/reports-vat";
import { londonToday } from "../schema/london-time";
import { lineAmounts, type VatRate } from "../schema/money";
import { getDb } from "../worker/db/client";
import { vatReport } from "../worker/services/reports/vat";
import { admin, adminHeaders } from "./helpers/admin";
import { countingD1 } from "./helpers/d1-counter";
import { createCustomer } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";

/**
 * VAT by VAT quarter (issue 45): the report against the test's own sums over the documents it wrote
 * in a year nobody else writes (2017), for each of HMRC's three staggers. A quarter with lines at
 * 20 % and 5 % (and the same work at 20 % on one invoice and 5 % on the next), an invoice issued
 * more than 14 days after the work (taxed at the work's date), one issued within 14 days across a
 * quarter's end (taxed at its own date), sales made while not registered (no VAT, not in box 6), a
 * credit note in a later quarter than its invoice, and drafts, void invoices and their credits left out.
 */

type Line = { quantity: number; unitPence: number; vatRate: VatRate };
type Doc = { status: "issued" | "void" | "draft"; supply: string; issue: string | null; registered: boolean; lines: Line[] };

const valves: Line = { quantity: 3, unitPence: 1_234, vatRate: 20 };
const invoicesIn = {
  service: {
    status: "issued",
    supply: "2017-01-09",
    issue: "2017-01-10",
    registered: true,
    lines: [{ quantity: 1, unitPence: 8_000, vatRate: 20 }, valves],
  },
  // Insulation at the reduced rate beside a 20 % line: 2.5 × £33.33 is £83.325, half-up £83.33.
  insulation: {
    status: "issued",
    supply: "2017-02-15",
    issue: "2017-02-15",
    registered: true,
    lines: [
      { quantity: 2.5, unitPence: 3_333, vatRate: 5 },
      { quantity: 1.15, unitPence: 999, vatRate: 20 },
    ],
  },
  // The same work as the first invoice's valves, now at 5 % (a rate's change between invoices), and a zero-rated line.
  newBuild: {
    status: "issued",
    supply: "2017-03-20",
    issue: "2017-03-31",
    registered: true,
    lines: [
      { ...valves, vatRate: 5 },
      { quantity: 1, unitPence: 50_000, vatRate: 0 },
    ],
  },
  thirtiethApril: {
    status: "issued",
    supply: "2017-04-28",
    issue: "2017-04-30",
    registered: true,
    lines: [{ quantity: 2, unitPence: 12_345, vatRate: 20 }],
  },
  // Issued 53 days after the work: its tax point is the work's date, in March.
  late: {
    status: "issued",
    supply: "2017-03-10",
    issue: "2017-05-02",
    registered: true,
    lines: [{ quantity: 1, unitPence: 7_777, vatRate: 20 }],
  },
  // Issued 8 days after the work: its tax point is the invoice's date, in July.
  acrossJuly: {
    status: "issued",
    supply: "2017-06-25",
    issue: "2017-07-03",
    registered: true,
    lines: [{ quantity: 4, unitPence: 2_501, vatRate: 20 }],
  },
  // Before registering: the line kept its 20 % but no VAT was charged.
  unregistered: {
    status: "issued",
    supply: "2017-02-01",
    issue: "2017-02-01",
    registered: false,
    lines: [{ quantity: 1, unitPence: 30_000, vatRate: 20 }],
  },
  voided: {
    status: "void",
    supply: "2017-02-10",
    issue: "2017-02-10",
    registered: true,
    lines: [{ quantity: 1, unitPence: 99_999, vatRate: 20 }],
  },
  draft: {
    status: "draft",
    supply: "2017-02-11",
    issue: null,
    registered: true,
    lines: [{ quantity: 1, unitPence: 44_444, vatRate: 20 }],
  },
} satisfies Record<string, Doc>;
type InvoiceName = keyof typeof invoicesIn;

const creditsIn: { of: InvoiceName; date: string; lines: Line[] }[] = [
  // One valve of January's invoice credited in April: April's quarter (stagger 1) is the one reduced.
  { of: "service", date: "2017-04-05", lines: [{ ...valves, quantity: 1 }] },
  { of: "unregistered", date: "2017-02-20", lines: [{ quantity: 0.5, unitPence: 30_000, vatRate: 20 }] },
  { of: "voided", date: "2017-02-12", lines: [{ quantity: 1, unitPence: 99_999, vatRate: 20 }] },
];

/** What the rules say, written out for this test: a quarter's first months under each stagger. */
const quarterStarts: Record<VatStagger, number[]> = { 1: [1, 4, 7, 10], 2: [2, 5, 8, 11], 3: [3, 6, 9, 12] };
/** The first month ("2017-02") of the quarter a date is in. */
function quarterOf(date: string, stagger: VatStagger): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const start = [...quarterStarts[stagger]].reverse().find((s) => s <= m);
  return start === undefined
    ? `${y - 1}-${String(quarterStarts[stagger].at(-1)).padStart(2, "0")}`
    : `${y}-${String(start).padStart(2, "0")}`;
}
const daysApart = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const taxPoint = (d: Doc) => (daysApart(d.supply, d.issue!) <= 14 ? d.issue! : d.supply);

const kindOf = (line: Line, registered: boolean): VatKind => (registered ? (`${line.vatRate}` as VatKind) : "outside");
const amountsOf = (line: Line, registered: boolean) => lineAmounts(line.quantity, line.unitPence, registered ? line.vatRate : 0);
const totalsOf = (lines: Line[], registered: boolean) =>
  lines.reduce(
    (t, l) => {
      const a = amountsOf(l, registered);
      return { net: t.net + a.netPence, vat: t.vat + a.vatPence };
    },
    { net: 0, vat: 0 },
  );

async function write() {
  const c = await createCustomer();
  const ids = {} as Record<InvoiceName, number>;
  for (const [n, [name, inv]] of Object.entries(invoicesIn).entries()) {
    const lines = inv.lines.map((l, i) => ({ id: `l${i}`, description: "Work", ...l }));
    const t = totalsOf(inv.lines, inv.registered);
    const [row] = await query<{ id: number }>(
      `INSERT INTO invoices (customer_id, number, status, lines, supply_date, issue_date, vat_registered, net_pence, vat_pence, gross_pence)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?8 + ?9) RETURNING id`,
      c.id,
      inv.status === "draft" ? null : 660_000 + n,
      inv.status,
      JSON.stringify(lines),
      inv.supply,
      inv.issue,
      inv.registered ? 1 : 0,
      t.net,
      t.vat,
    );
    ids[name as InvoiceName] = row!.id;
  }
  for (const [n, cn] of creditsIn.entries()) {
    const t = totalsOf(cn.lines, invoicesIn[cn.of].registered);
    await query(
      `INSERT INTO credit_notes (invoice_id, number, lines, reason, issue_date, net_pence, vat_pence, gross_pence)
       VALUES (?1, ?2, ?3, 'Overcharged', ?4, ?5, ?6, ?5 + ?6)`,
      ids[cn.of],
      660_000 + n,
      JSON.stringify(cn.lines.map((l, i) => ({ id: `c${i}`, description: "Work", ...l }))),
      cn.date,
      t.net,
      t.vat,
    );
  }
}

/** The test's own sums: each quarter's net and VAT by kind, invoices less credit notes, and the credit notes alone. */
function expected(stagger: VatStagger) {
  const sums = new Map<string, { net: number; vat: number }>();
  const add = (key: string, line: Line, registered: boolean, sign: number) => {
    const a = amountsOf(line, registered);
    const s = sums.get(key) ?? { net: 0, vat: 0 };
    sums.set(key, { net: s.net + sign * a.netPence, vat: s.vat + sign * a.vatPence });
  };
  for (const inv of Object.values(invoicesIn) as Doc[]) {
    if (inv.status !== "issued") continue;
    for (const l of inv.lines)
      add(`sales ${quarterOf(taxPoint(inv), stagger)} ${kindOf(l, inv.registered)}`, l, inv.registered, 1);
  }
  for (const cn of creditsIn) {
    const inv: Doc = invoicesIn[cn.of];
    if (inv.status !== "issued") continue;
    for (const l of cn.lines) {
      add(`sales ${quarterOf(cn.date, stagger)} ${kindOf(l, inv.registered)}`, l, inv.registered, -1);
      add(`credits ${quarterOf(cn.date, stagger)} ${kindOf(l, inv.registered)}`, l, inv.registered, 1);
    }
  }
  const money = (key: string): Money => {
    const s = sums.get(key) ?? { net: 0, vat: 0 };
    return { netPence: s.net, vatPence: s.vat, grossPence: s.net + s.vat };
  };
  return { money, sums };
}

afterEach(async () => {
  await query("DELETE FROM settings WHERE key = 'billing'");
});

describe("VAT by VAT quarter", () => {
  beforeAll(write);

  it("adds up VAT by rate for each quarter of each stagger, invoices at their tax point less credit notes at theirs", async () => {
    const starts: Record<VatStagger, string[]> = {
      1: ["2017-01", "2017-04", "2017-07", "2017-10"],
      2: ["2016-11", "2017-02", "2017-05", "2017-08"],
      3: ["2016-12", "2017-03", "2017-06", "2017-09"],
    };
    // The rule written out above, checked against the dates in words: 30 April is in April to June
    // for stagger 1, February to April for stagger 2 and March to May for stagger 3.
    expect([1, 2, 3].map((s) => quarterOf("2017-04-30", s as VatStagger))).toEqual(["2017-04", "2017-02", "2017-03"]);
    for (const stagger of [1, 2, 3] as const) {
      const saved = await admin("PATCH", "/api/admin/settings/billing", { vatStagger: stagger });
      expect(saved.status).toBe(200);
      const { status, body } = await admin<VatReport>("GET", "/api/admin/reports/vat?from=2017-01&to=2017-12");
      expect(status).toBe(200);
      expect(body.stagger).toBe(stagger);
      expect(body.quarters.map((q) => q.from)).toEqual(starts[stagger]);
      const { money, sums } = expected(stagger);
      for (const q of body.quarters) {
        for (const kind of ["20", "5", "0", "outside"] as const) {
          expect(q.sales[kind], `stagger ${stagger} ${q.from} ${kind}`).toEqual(money(`sales ${q.from} ${kind}`));
          expect(q.credits[kind], `stagger ${stagger} ${q.from} ${kind} credits`).toEqual(money(`credits ${q.from} ${kind}`));
        }
        const registered = (["20", "5", "0"] as const).map((k) => money(`sales ${q.from} ${k}`));
        expect(q.box1Pence).toBe(registered.reduce((a, m) => a + m.vatPence, 0));
        expect(q.box6Pence).toBe(registered.reduce((a, m) => a + m.netPence, 0));
      }
      // Every sum the test made lands in a quarter of the year's report (none dropped at an edge).
      const covered = [...sums.keys()].filter((k) => body.quarters.some((q) => k.split(" ")[1] === q.from));
      expect(covered.length, `stagger ${stagger}`).toBe(sums.size);
      expect(body.totals.box1Pence).toBe(body.quarters.reduce((a, q) => a + q.box1Pence, 0));
    }
  });

  it("crosses a rate's change within a quarter and takes a later credit off the later quarter (stagger 1, in pence)", async () => {
    const { body } = await admin<VatReport>("GET", "/api/admin/reports/vat?from=2017-01&to=2017-06");
    const [q1, q2] = body.quarters;
    // January to March: £80 + 3 × £12.34, 1.15 × £9.99 (£11.49) and £77.77 (the late invoice) at 20 %;
    // 2.5 × £33.33 (£83.33) and 3 × £12.34 at 5 %; £500 at 0 %; £300 less £150 credited without VAT.
    expect(q1!.sales["20"]).toEqual({
      netPence: 8_000 + 3_702 + 1_149 + 7_777,
      vatPence: 1_600 + 740 + 230 + 1_555,
      grossPence: 20_628 + 4_125,
    });
    expect(q1!.sales["5"]).toEqual({ netPence: 8_333 + 3_702, vatPence: 417 + 185, grossPence: 12_035 + 602 });
    expect(q1!.sales["0"]).toEqual({ netPence: 50_000, vatPence: 0, grossPence: 50_000 });
    expect(q1!.sales.outside).toEqual({ netPence: 15_000, vatPence: 0, grossPence: 15_000 });
    expect(q1!.box1Pence).toBe(4_125 + 602);
    // April to June: 2 × £123.45 at 20 %, less the valve credited in April (£12.34 + £2.47).
    expect(q2!.sales["20"]).toEqual({ netPence: 24_690 - 1_234, vatPence: 4_938 - 247, grossPence: 29_628 - 1_481 });
    expect(q2!.credits["20"]).toEqual({ netPence: 1_234, vatPence: 247, grossPence: 1_481 });
    expect(q2!.box6Pence).toBe(24_690 - 1_234);
    // The stored totals agree with the lines the report adds up.
    const [stored] = await query<{ net: number; vat: number }>(
      `SELECT SUM(net_pence) AS net, SUM(vat_pence) AS vat FROM invoices
       WHERE status = 'issued' AND vat_registered = 1 AND number >= 660000 AND number < 670000`,
    );
    const [credited] = await query<{ net: number; vat: number }>(
      "SELECT SUM(net_pence) AS net, SUM(vat_pence) AS vat FROM credit_notes WHERE number = 660000",
    );
    // Less the July invoice (£100.04 + £20.01), outside January to June.
    expect(body.quarters).toHaveLength(2);
    expect(body.totals.box6Pence).toBe(stored!.net - credited!.net - 10_004);
    expect(body.totals.box1Pence).toBe(stored!.vat - credited!.vat - 2_001);

    const csv = await callApp("/api/admin/reports/vat.csv?from=2017-01&to=2017-06", { headers: await adminHeaders() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="vat.csv"');
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      'Period start,Period end,VAT,Net (£),VAT (£),Gross (£),"of which credit notes, net (£)","of which credit notes, VAT (£)"',
    );
    expect(lines[7]).toBe('2017-04-01,2017-06-30,"Standard rate, 20%",234.56,46.91,281.47,-12.34,-2.47');
    expect(lines[11]).toBe('2017-04-01,2017-06-30,"Box 1, VAT due on sales",,46.91,,,');
  });

  it("covers the quarter today is in and the three before unless told, and says what is wrong with a range", async () => {
    const { status, body } = await admin<VatReport>("GET", "/api/admin/reports/vat");
    expect(status).toBe(200);
    expect(body.stagger).toBe(1);
    expect(body.quarters).toHaveLength(4);
    const thisMonth = londonToday().slice(0, 7);
    const last = body.quarters.at(-1)!;
    expect(last.from <= thisMonth && thisMonth <= last.to).toBe(true);
    for (const [params, error] of [
      ["from=2017-05&to=2017-01", "The first month is after the last"],
      ["from=2017-13", "The first month must be a month, like 2026-04"],
      ["to=June", "The last month must be a month, like 2026-04"],
      ["from=2010-01&to=2017-12", "A report covers at most 60 months"],
    ] as const) {
      const bad = await admin("GET", `/api/admin/reports/vat?${params}`);
      expect(bad.status, params).toBe(400);
      expect(bad.body.error).toBe(error);
    }
    const badCsv = await callApp("/api/admin/reports/vat.csv?from=2017-13", { headers: await adminHeaders() });
    expect(badCsv.status).toBe(400);
  });

  it("keeps the owner's stagger in the billing settings, the first unless chosen, and refuses one HMRC has not", async () => {
    expect((await admin("GET", "/api/admin/settings/billing")).body.vatStagger).toBe(1);
    expect((await admin("PATCH", "/api/admin/settings/billing", { vatStagger: 3 })).body.vatStagger).toBe(3);
    expect((await admin("GET", "/api/admin/settings/billing")).body.vatStagger).toBe(3);
    const bad = await admin("PATCH", "/api/admin/settings/billing", { vatStagger: 4 });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ path: "vatStagger", message: "Choose the months your VAT quarters end in" }]);
    expect((await admin("GET", "/api/admin/settings/billing")).body.vatStagger).toBe(3);
  });

  it("reads the stagger and both sums in one round trip, the invoices from the issue date's index", async () => {
    const counted = countingD1(env.DB);
    await vatReport(getDb({ DB: counted.db }), { from: "2017-01", to: "2017-12" });
    expect(counted.trips).toHaveLength(1);
    const [, invoicesRead, creditsRead] = counted.trips[0]!;
    const planOf = async (statement: string) =>
      (
        await query<{ detail: string }>(
          `EXPLAIN QUERY PLAN ${statement}`,
          ...statement
            .split("?")
            .slice(1)
            .map(() => "2017-01-01"),
        )
      )
        .map((p) => p.detail)
        .join("\n");
    // A range of the issue dates, not every issued invoice from the status's index.
    expect(await planOf(invoicesRead!)).toMatch(/^SEARCH invoices USING INDEX invoices_issue_date \(issue_date>\?\)/);
    // The credit notes lead, a range of their date's index (migration 0028), each finding its invoice by id.
    expect(await planOf(creditsRead!)).toMatch(
      /^SEARCH credit_notes USING INDEX credit_notes_issue_date \(issue_date>\? AND issue_date<\?\)\nSEARCH invoices USING INTEGER PRIMARY KEY/,
    );
  });
});
