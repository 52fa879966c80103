import { env } from "cloudflare:workers";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { adminHeaders } from "./helpers/admin";
import { createProduct } from "./helpers/factories";
import { callApp, callAppJson, newCartSession, putInCart, query } from "./helpers/factories-commerce";
import { call, callJson } from "./helpers/http";

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await adminHeaders();
});

const patch = (id: number | string, json: unknown) =>
  callJson(`/api/admin/products/${id}`, { method: "PATCH", json, headers: auth });

describe("PATCH /api/admin/products/:id", () => {
  it("changes any subset of fields and answers the product in the admin list's shape", async () => {
    const product = await createProduct({ name: "Old Name", pricePence: 4599 });
    const { status, body } = await patch(product.id, {
      name: "  New Name ",
      price: "£52.50",
      stockQuantity: 7,
      lowStockThreshold: 2,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: product.id,
      name: "New Name",
      price: "52.50",
      stockQuantity: 7,
      lowStockThreshold: 2,
      inStock: true,
      lowStock: false,
      brand: product.brand,
    });
    const listed = await callJson<any[]>("/api/admin/products", { headers: auth });
    expect(listed.body.find((p) => p.id === product.id)).toEqual(body);
  });

  it("answers 404 for an unknown product and 400 with field details for bad input, changing nothing", async () => {
    expect((await patch(999_999, { name: "X" })).status).toBe(404);
    const product = await createProduct({ name: "Steady", pricePence: 5000 });
    for (const [json, path] of [
      [{ price: "free" }, "price"],
      [{ name: "   " }, "name"],
      [{ category: "Kettles" }, "category"],
      [{ stockQuantity: -1 }, "stockQuantity"],
      [{ stockQuantity: 1.5 }, "stockQuantity"],
      [{ rating: 7 }, "rating"],
      [{ image: "https://evil.example/x.png" }, "image"],
      [{ originalPrice: "40.00" }, "originalPrice"],
    ] as const) {
      const { status, body } = await patch(product.id, json);
      expect(status, JSON.stringify(json)).toBe(400);
      expect(
        body.details.map((d: { path: string }) => d.path),
        JSON.stringify(json),
      ).toContain(path);
    }
    expect((await patch(product.id, {})).status).toBe(400);
    const [row] = await query<{ name: string; price_pence: number }>(
      "SELECT name, price_pence FROM products WHERE id = ?1",
      product.id,
    );
    expect(row).toEqual({ name: "Steady", price_pence: 5000 });
  });

  it("never changes orders already placed: their lines keep the price they were sold at", async () => {
    const product = await createProduct({ name: "Priced Part", pricePence: 3000 });
    const session = newCartSession();
    await putInCart(session, product.id, 1);
    const placed = await callAppJson("/api/orders", {
      method: "POST",
      session,
      json: {
        customerName: "Ann Example",
        customerEmail: "ann@example.com",
        customerPhone: "0161 496 0000",
        shippingAddress: "1 Example Street, Manchester M1 1AA",
        totalAmount: "30.00",
      },
    });
    expect((await patch(product.id, { price: "99.00", name: "Renamed Part" })).status).toBe(200);
    const [line] = await query<{ name: string; unit_price_pence: number }>(
      "SELECT name, unit_price_pence FROM order_lines WHERE order_id = ?1",
      placed.body.order.id,
    );
    expect(line).toEqual({ name: "Priced Part", unit_price_pence: 3000 });
  });

  it("records a stock change in the ledger and lists a product's last 20 movements", async () => {
    const product = await createProduct({ name: "Ledgered", stockQuantity: 5 });
    for (const count of [8, 6, 6, 9]) await patch(product.id, { stockQuantity: count });
    const { status, body } = await callJson(`/api/admin/products/${product.id}/stock-movements`, { headers: auth });
    expect(status).toBe(200);
    expect(
      body.map((m: { change: number; quantityAfter: number; reason: string }) => [m.reason, m.change, m.quantityAfter]),
    ).toEqual([
      ["edit", 3, 9],
      ["edit", -2, 6],
      ["edit", 3, 8],
    ]);
    expect((await callJson("/api/admin/products/999999/stock-movements", { headers: auth })).status).toBe(404);
  });
});

describe("the owner's product list", () => {
  it("searches name, brand and description, filters by category, brand and low stock, a page at a time with the total", async () => {
    const tag = `zq${crypto.randomUUID().slice(0, 6)}`;
    await createProduct({ name: `Diverter ${tag}`, brand: "Ideal", category: "Valves", stockQuantity: 1 });
    await createProduct({ name: `Fan ${tag}`, brand: "Baxi", category: "Fans", description: "quiet", stockQuantity: 20 });
    await createProduct({ name: "Pump", brand: "Baxi", category: "Fans", description: `for ${tag} boilers` });
    const list = async (q: string) => {
      const res = await call(`/api/admin/products?${q}`, { headers: auth });
      return {
        total: Number(res.headers.get("X-Total-Count")),
        names: ((await res.json()) as { name: string }[]).map((p) => p.name),
      };
    };
    expect((await list(`q=${tag}`)).total).toBe(3);
    expect((await list(`q=${tag}&brand=Baxi`)).names.sort()).toEqual([`Fan ${tag}`, "Pump"]);
    expect((await list(`q=${tag}&category=Valves`)).names).toEqual([`Diverter ${tag}`]);
    expect((await list(`q=${tag}&lowStock=1`)).names).toEqual([`Diverter ${tag}`]);
    expect((await list(`q=${tag.slice(0, 5)} fan`)).names).toEqual([`Fan ${tag}`]);
    const page = await list(`q=${tag}&limit=2&offset=2`);
    expect(page).toMatchObject({ total: 3 });
    expect(page.names).toHaveLength(1);
    expect((await call("/api/admin/products?limit=0", { headers: auth })).status).toBe(400);
    // Words only: nothing typed is read as search syntax.
    expect((await call(`/api/admin/products?q=${encodeURIComponent('" OR * NEAR(')}`, { headers: auth })).status).toBe(200);
  });
});

describe("CSV import and export", () => {
  const exportCsv = async () => {
    const res = await call("/api/admin/products/export.csv", { headers: auth });
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    return res.text();
  };
  const importCsv = (csv: string, dryRun = false) =>
    callJson(`/api/admin/products/import${dryRun ? "?dryRun=1" : ""}`, {
      method: "POST",
      body: csv,
      headers: { ...auth, "Content-Type": "text/csv" },
    });

  it("exports every product with a header row and RFC 4180 quoting", async () => {
    const product = await createProduct({ name: 'Valve, 22mm "long"', description: "Line one\nline two", stockQuantity: 4 });
    const csv = await exportCsv();
    expect(csv.split("\r\n")[0]).toBe(
      "id,name,description,price,originalPrice,category,brand,condition,rating,image,inStock,stockQuantity,lowStockThreshold",
    );
    expect(csv).toContain(`${product.id},"Valve, 22mm ""long""","Line one\nline two",45.99,`);
    const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
    expect(rows.find((r) => r.id === String(product.id))).toMatchObject({ name: 'Valve, 22mm "long"', stockQuantity: "4" });
  });

  it("previews with a dry run, then creates and updates, recording stock changes", async () => {
    const existing = await createProduct({ name: "Import Me", pricePence: 1000, stockQuantity: 2 });
    const untouched = await createProduct({ name: "Leave Me", pricePence: 2000 });
    const header =
      "id,name,description,price,originalPrice,category,brand,condition,rating,image,inStock,stockQuantity,lowStockThreshold";
    const row = (p: string[]) => p.map((v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(",");
    const untouchedRow = Papa.parse<Record<string, string>>(await exportCsv(), { header: true }).data.find(
      (r) => r.id === String(untouched.id),
    )!;
    const csv = [
      header,
      row([
        String(existing.id),
        "Import Me Now",
        "A part made for a test",
        "12.50",
        "",
        "Gas Valves",
        "Vaillant",
        "New",
        "",
        "/images/parts/test.svg",
        "true",
        "9",
        "3",
      ]),
      row([
        "",
        "Brand New Part",
        "Made by the import",
        "£8",
        "",
        "Fans",
        "Baxi",
        "Used",
        "4.5",
        "/images/parts/test.svg",
        "true",
        "",
        "3",
      ]),
      row(Object.values(untouchedRow)),
    ].join("\r\n");
    const preview = await importCsv(csv, true);
    expect(preview.body).toMatchObject({ created: 1, updated: 1, unchanged: 1, errors: [], applied: false });
    // What changes, field by field, old → new, and what is added.
    expect(preview.body.changes).toEqual([
      {
        row: 2,
        id: existing.id,
        name: "Import Me Now",
        fields: expect.arrayContaining([
          { column: "name", from: "Import Me", to: "Import Me Now" },
          { column: "price", from: "10.00", to: "12.50" },
          { column: "stockQuantity", from: "2", to: "9" },
        ]),
      },
    ]);
    expect(preview.body.additions).toEqual([{ row: 3, name: "Brand New Part", price: "8.00" }]);
    expect(await query("SELECT id FROM products WHERE name = 'Brand New Part'")).toEqual([]);
    const applied = await importCsv(csv);
    expect(applied.body).toMatchObject({ created: 1, updated: 1, unchanged: 1, errors: [], applied: true });
    const [updated] = await query<Record<string, unknown>>(
      "SELECT name, price_pence, stock_quantity FROM products WHERE id = ?1",
      existing.id,
    );
    expect(updated).toEqual({ name: "Import Me Now", price_pence: 1250, stock_quantity: 9 });
    const [created] = await query<Record<string, unknown>>(
      "SELECT brand, condition, rating, price_pence FROM products WHERE name = 'Brand New Part'",
    );
    expect(created).toEqual({ brand: "Baxi", condition: "Used", rating: 4.5, price_pence: 800 });
    const moves = await query<{ change: number; reason: string }>(
      "SELECT change, reason FROM stock_movements WHERE product_id = ?1",
      existing.id,
    );
    expect(moves).toEqual([{ change: 7, reason: "import" }]);
  });

  it("applies nothing when any row has an error, and names the row and column", async () => {
    const product = await createProduct({ name: "Keep Me", pricePence: 1000 });
    const header =
      "id,name,description,price,originalPrice,category,brand,condition,rating,image,inStock,stockQuantity,lowStockThreshold";
    const csv = [
      header,
      `${product.id},Changed Name,desc,10.00,,Gas Valves,Vaillant,New,,/images/parts/test.svg,true,,3`,
      ",Good New Part,desc,5.00,,Fans,Baxi,New,,/images/parts/test.svg,true,3,3",
      ",Broken Part,desc,not-a-price,,Kettles,Baxi,New,,/images/parts/test.svg,true,3,3",
      "999999,Ghost,desc,5.00,,Fans,Baxi,New,,/images/parts/test.svg,true,3,3",
    ].join("\n");
    const { status, body } = await importCsv(csv);
    expect(status).toBe(200);
    expect(body.applied).toBe(false);
    expect(body.errors).toEqual([
      { row: 4, column: "price", message: "Price must be an amount in pounds, like 45.99 or £45.99" },
      { row: 4, column: "category", message: "Please choose a category from the list" },
      { row: 5, column: "id", message: "There is no product with id 999999" },
    ]);
    expect(await query("SELECT name FROM products WHERE id = ?1", product.id)).toEqual([{ name: "Keep Me" }]);
    expect(await query("SELECT id FROM products WHERE name = 'Good New Part'")).toEqual([]);
  });

  it("refuses a file without a name and a price column, or with a column it does not know, a body that is not CSV, and one over 2 MB", async () => {
    const noPrice = await importCsv("name\nA part");
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.error).toContain("lacks: price");
    const typo = await importCsv("name,price,colour\nA part,1.00,red");
    expect(typo.status).toBe(400);
    expect(typo.body.details).toEqual([{ path: "colour", message: "Unknown column" }]);
    const json = await callJson("/api/admin/products/import", { method: "POST", json: { a: 1 }, headers: auth });
    expect(json.status).toBe(415);
    const big = await call("/api/admin/products/import", {
      method: "POST",
      body: "x".repeat(2 * 1024 * 1024 + 10),
      headers: { ...auth, "Content-Type": "text/csv" },
    });
    expect(big.status).toBe(413);
  });

  it("takes a supplier's price list of names and prices: updates the product of that name, adds the others without an image", async () => {
    const known = await createProduct({ name: "Supplier Valve", pricePence: 1500, brand: "Baxi", category: "Valves" });
    const csv = ["name,price", "supplier valve,16.25", "Brand New Pump,49.00"].join("\r\n");
    const preview = await importCsv(csv, true);
    expect(preview.body).toMatchObject({ created: 1, updated: 1, errors: [], applied: false });
    expect(preview.body.changes[0].fields).toEqual([{ column: "price", from: "15.00", to: "16.25" }]);
    expect((await importCsv(csv)).body.applied).toBe(true);
    const [kept] = await query<Record<string, unknown>>(
      "SELECT name, price_pence, brand, category FROM products WHERE id = ?1",
      known.id,
    );
    // The columns the file left out keep their values (the name is matched without regard to case).
    expect(kept).toEqual({ name: "Supplier Valve", price_pence: 1625, brand: "Baxi", category: "Valves" });
    const [added] = await query<Record<string, unknown>>(
      "SELECT description, image, brand, category, price_pence, in_stock FROM products WHERE name = 'Brand New Pump'",
    );
    expect(added).toEqual({
      description: "Brand New Pump",
      image: "",
      brand: "Other",
      category: "Other",
      price_pence: 4900,
      in_stock: 1,
    });
  });

  it("asks for the id when two products share the name a row gives", async () => {
    await createProduct({ name: "Twin Part" });
    await createProduct({ name: "Twin Part" });
    const { body } = await importCsv("name,price\nTwin Part,3.00", true);
    expect(body.errors).toEqual([
      { row: 2, column: "name", message: '2 products are called "Twin Part": add the id column to say which' },
    ]);
  });

  it("imports a 5,000-product catalogue's own export with new prices inside D1's production limits", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
       INSERT INTO products (name, description, price_pence, image, brand, category, stock_quantity)
       SELECT 'Scale Part ' || ?1 || ' ' || i, 'A part of a large catalogue', 1000 + i, '/images/parts/placeholder.svg', 'Ideal', 'Valves', 5 FROM n`,
    )
      .bind(tag)
      .run();
    // Through callApp: each request on the guarded binding (1,000 queries, 100 KB a statement).
    const headers = await adminHeaders();
    const exported = await callApp("/api/admin/products/export.csv", { headers });
    expect(exported.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>(await exported.text(), { header: true, skipEmptyLines: true }).data.filter(
      (r) => r.name?.startsWith(`Scale Part ${tag} `),
    );
    expect(rows).toHaveLength(5000);
    const csv = Papa.unparse(rows.map((r) => ({ ...r, price: (Number(r.price) + 1).toFixed(2) })));
    const send = (dryRun: boolean) =>
      callApp(`/api/admin/products/import${dryRun ? "?dryRun=1" : ""}`, {
        method: "POST",
        body: csv,
        headers: { ...headers, "Content-Type": "text/csv" },
      });
    const preview = await send(true);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ updated: 5000, created: 0, errors: [], applied: false });
    const applied = await send(false);
    expect(await applied.json()).toMatchObject({ updated: 5000, applied: true });
    const [prices] = await query<{ n: number; wrong: number }>(
      "SELECT count(*) AS n, sum(price_pence <> 1100 + CAST(substr(name, length(?1) + 1) AS INTEGER)) AS wrong FROM products WHERE name LIKE ?1 || '%'",
      `Scale Part ${tag} `,
    );
    expect(prices).toEqual({ n: 5000, wrong: 0 });
  }, 60_000);

  it("reads back its own export of 150 products with new prices: every one updated, in one go", async () => {
    const made = [];
    for (let i = 0; i < 150; i++) made.push(await createProduct({ name: `Bulk Part ${i}`, pricePence: 1000 + i }));
    const rows = Papa.parse<Record<string, string>>(await exportCsv(), { header: true, skipEmptyLines: true }).data.filter((r) =>
      r.name?.startsWith("Bulk Part "),
    );
    expect(rows).toHaveLength(150);
    const raised = rows.map((r) => ({ ...r, price: (Number(r.price) + 1).toFixed(2) }));
    const csv = Papa.unparse(raised);
    const preview = await importCsv(csv, true);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ updated: 150, created: 0, errors: [] });
    const applied = await importCsv(csv);
    expect(applied.body).toMatchObject({ updated: 150, applied: true });
    const prices = await query<{ price_pence: number }>(
      `SELECT price_pence FROM products WHERE id IN (${made.map((p) => p.id).join(",")}) ORDER BY id`,
    );
    expect(prices.map((p) => p.price_pence)).toEqual(made.map((_, i) => 1100 + i));
  });
});
