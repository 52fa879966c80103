import type { APIRequestContext, Page } from "@playwright/test";
import { CART_SESSION_HEADER } from "../schema/api/cart";
import type { AdminProduct } from "../schema/api/catalogue";
import {
  adminGet,
  bearer,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  expectToast,
  shoot,
  test,
  unique,
} from "./admin-fixtures";
import { createProduct, skipSignupModal } from "./shop-helpers";

/**
 * The catalogue as a tool for thousands of parts, at a desk and on a phone: search and filters,
 * the editor (price, stock count, stock movements), CSV import with its preview.
 */
const widths = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const IMAGE = "/images/parts/vaillant-ecotec-plus-gas-valve.svg";
const CSV_HEADER =
  "id,name,description,price,originalPrice,category,brand,condition,rating,image,inStock,stockQuantity,lowStockThreshold";

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

/** The products screen searched for `q` (through the address, as a bookmark would). */
async function openProducts(page: Page, q: string) {
  await page.goto(`/admin/products?q=${encodeURIComponent(q)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Product Management" })).toBeVisible();
}

async function adminProduct(request: APIRequestContext, token: string, name: string): Promise<AdminProduct> {
  const found = await adminGet<AdminProduct[]>(request, token, `/api/admin/products?q=${encodeURIComponent(name)}`);
  const product = found.find((p) => p.name === name);
  expect(product, `admin product ${name}`).toBeDefined();
  return product!;
}

/** One unit of `productId` ordered through the public cart and order form. */
async function orderOne(request: APIRequestContext, productId: number, price: string) {
  const sessionId = `session_${Date.now()}_${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("")}`;
  const headers = { [CART_SESSION_HEADER]: sessionId };
  const add = await request.post("/api/cart/add", { headers, data: { sessionId, productId, quantity: 1 } });
  expect(add.ok(), await add.text()).toBe(true);
  const res = await request.post("/api/orders", {
    headers,
    data: {
      customerName: "Stock Buyer",
      customerEmail: "stock.buyer@example.com",
      customerPhone: "0161 496 0777",
      shippingAddress: "12 Test Street, Stretford, M32 0ZZ",
      sessionId,
      totalAmount: price,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { id: string } }).order.id;
}

for (const size of widths) {
  test.describe(`products at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the owner edits a price in the editor and the store shows it after a reload", async ({ adminPage: page, request }) => {
      await skipSignupModal(page);
      const product = await createProduct(request, { name: unique("Editable Valve"), price: "45.99" });
      const storeCard = page.locator(".product-card", { has: page.getByRole("button", { name: product.name, exact: true }) });
      // The whole catalogue is cached for the store: load it once so the edit has a cached copy to replace.
      await page.goto("/store");
      await expect(storeCard.getByText("£45.99")).toBeVisible();

      await openProducts(page, product.name);
      await card(page, product.name)
        .getByRole("button", { name: `Edit ${product.name}` })
        .click();
      const form = page.getByRole("form", { name: "Edit Product" });
      await expect(form.getByLabel("Product Name")).toHaveValue(product.name);
      await expect(form.getByLabel("Price (£)", { exact: true })).toHaveValue("45.99");
      await expect(form.getByLabel("Category")).toHaveText("Gas Valves");
      await expect(form.getByRole("img", { name: "Uploaded product preview" })).toHaveAttribute("src", IMAGE);
      await form.getByLabel("Price (£)", { exact: true }).fill("52.50");
      await expectNoHorizontalScroll(page);
      // The browser keeps the store's list for 30 s; the editor refreshes that copy after saving.
      const storeCopy = page.waitForResponse((r) => r.url().endsWith("/api/products") && r.request().method() === "GET");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Product saved", "The changes are live in the store.");
      await storeCopy;
      await expect(form).toHaveCount(0);
      await expect(card(page, product.name)).toContainText("£52.50");

      await page.goto("/store");
      await expect(storeCard.getByText("£52.50")).toBeVisible();
      await expect(storeCard.getByText("£45.99")).toHaveCount(0);
    });

    test("search, category, brand and Low stock filters narrow the list and live in the address", async ({
      adminPage: page,
      request,
    }) => {
      const tag = unique("shelf").replace(/-/g, "");
      const low = await createProduct(request, {
        name: `Low Fan ${tag}`,
        category: "Fans",
        brand: "Baxi",
        stockQuantity: 2,
        lowStockThreshold: 3,
      });
      const plenty = await createProduct(request, {
        name: `Plenty Fan ${tag}`,
        category: "Fans",
        brand: "Baxi",
        stockQuantity: 12,
      });
      const valve = await createProduct(request, { name: `Uncounted Valve ${tag}` });

      await page.goto("/admin/products");
      await page.getByRole("searchbox", { name: "Search products" }).fill(tag);
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
      await expect(page.getByRole("article")).toHaveCount(3);
      await expect(page.getByText("3 products found")).toBeVisible();
      await expect(card(page, low.name)).toContainText("2 in stock");
      await expect(card(page, low.name).getByText("Low stock", { exact: true })).toBeVisible();
      await expect(card(page, plenty.name)).toContainText("12 in stock");
      await expect(card(page, plenty.name).getByText("Low stock", { exact: true })).toHaveCount(0);
      await expect(card(page, valve.name)).toContainText("Not counted");
      await expect(card(page, valve.name)).toContainText("In Stock");
      await expectNoHorizontalScroll(page);
      await shoot(page, `products-list-${size.width}`);

      await page.getByRole("checkbox", { name: "Low stock only" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&lowStock=1$`));
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(card(page, low.name)).toBeVisible();

      await page.getByRole("checkbox", { name: "Low stock only" }).click();
      await page.getByRole("combobox", { name: "Filter by category" }).click();
      await page.getByRole("option", { name: "Gas Valves" }).click();
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(card(page, valve.name)).toBeVisible();
      await page.getByRole("combobox", { name: "Filter by category" }).click();
      await page.getByRole("option", { name: "All categories" }).click();
      await page.getByRole("combobox", { name: "Filter by brand" }).click();
      await page.getByRole("option", { name: "Baxi" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&brand=Baxi$`));
      await expect(page.getByRole("article")).toHaveCount(2);

      // A bookmarked filter opens as it was left.
      await page.goto(`/admin/products?lowStock=1&q=${tag}`);
      await expect(page.getByRole("checkbox", { name: "Low stock only" })).toBeChecked();
      await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue(tag);
      await expect(page.getByRole("article")).toHaveCount(1);
      await page.getByRole("button", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("");
      await expect(page.getByText(/^Showing 30 of \d+$/)).toBeVisible();
    });

    test("a count change and a sale show in the product's stock movements", async ({ adminPage: page, adminToken, request }) => {
      const product = await createProduct(request, { name: unique("Counted Burner"), stockQuantity: 5, lowStockThreshold: 2 });
      const orderId = await orderOne(request, product.id, product.price);

      await openProducts(page, product.name);
      await expect(card(page, product.name)).toContainText("4 in stock");
      await card(page, product.name)
        .getByRole("button", { name: `Edit ${product.name}` })
        .click();
      let form = page.getByRole("form", { name: "Edit Product" });
      await expect(form.getByRole("switch", { name: "Count stock" })).toBeChecked();
      await expect(form.getByRole("switch", { name: "In Stock" })).toHaveCount(0);
      await expect(form.getByLabel("Stock count")).toHaveValue("4");
      await expect(form.getByLabel("Low-stock level")).toHaveValue("2");
      const movements = page.getByRole("table", { name: /stock movements/ });
      await expect(movements.getByRole("row")).toHaveCount(3);
      await expect(movements.getByRole("row").nth(1)).toContainText("Sold");
      await expect(movements.getByRole("row").nth(1)).toContainText("\u22121");
      await expect(movements.getByRole("row").nth(1)).toContainText(orderId);

      await form.getByLabel("Stock count").fill("1.5");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Validation Error", "Stock must be a whole number");
      await expect(form.getByText("Stock must be a whole number")).toBeVisible();
      await expect(form.getByLabel("Stock count")).toHaveAttribute("aria-invalid", "true");
      await form.getByLabel("Stock count").fill("1");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Product saved");
      await expect(card(page, product.name)).toContainText("1 in stock");
      await expect(card(page, product.name).getByText("Low stock", { exact: true })).toBeVisible();

      await card(page, product.name)
        .getByRole("button", { name: `Edit ${product.name}` })
        .click();
      form = page.getByRole("form", { name: "Edit Product" });
      await expect(form.getByLabel("Stock count")).toHaveValue("1");
      const newest = movements.getByRole("row").nth(1);
      await expect(newest).toContainText("Count changed by you");
      await expect(newest).toContainText("\u22123");
      await expect(newest).toContainText("1");
      await expect(movements.getByRole("row")).toHaveCount(4);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await movements.evaluate((table) =>
        (table as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: "end" }),
      );
      await page.screenshot({ path: test.info().outputPath(`editor-movements-${size.width}.png`) });

      // Not counted any more: the In Stock switch rules, and only what changed is sent.
      const patch = page.waitForRequest((r) => r.method() === "PATCH" && r.url().endsWith(`/api/admin/products/${product.id}`));
      await form.getByRole("switch", { name: "Count stock" }).click();
      await form.getByRole("switch", { name: "In Stock" }).click();
      await form.getByRole("button", { name: "Save Changes" }).click();
      expect((await patch).postDataJSON()).toEqual({ inStock: false, stockQuantity: null });
      await expectToast(page, "Product saved");
      await expect(card(page, product.name)).toContainText("Not counted");
      await expect(card(page, product.name)).toContainText("Out of Stock");
      expect(await adminProduct(request, adminToken, product.name)).toMatchObject({ stockQuantity: null, inStockFlag: false });
    });

    test("a CSV with a bad row is shown row by row and nothing is applied; a good one applies", async ({
      adminPage: page,
      adminToken,
      request,
    }) => {
      const tag = unique("csv").replace(/-/g, "");
      const existing = await createProduct(request, { name: `Imported Valve ${tag}`, price: "40.00" });
      const row = (cells: (string | number)[]) => cells.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(",");
      const updated = row([
        existing.id,
        existing.name,
        "Updated by import.",
        "44.00",
        "",
        "Gas Valves",
        "Vaillant",
        "New",
        "",
        IMAGE,
        "true",
        6,
        3,
      ]);
      const fresh = row([
        "",
        `New Fan ${tag}`,
        "Added by import.",
        "19.99",
        "",
        "Fans",
        "Ideal",
        "New",
        "4.5",
        IMAGE,
        "true",
        9,
        3,
      ]);
      const bad = row([
        "",
        `Bad Fan ${tag}`,
        "A row with a broken price.",
        "twelve",
        "",
        "Fans",
        "Ideal",
        "New",
        "",
        IMAGE,
        "true",
        "",
        3,
      ]);
      const file = (lines: string[]) => ({
        name: `catalogue-${tag}.csv`,
        mimeType: "text/csv",
        buffer: Buffer.from([CSV_HEADER, ...lines].join("\r\n")),
      });
      const choose = async (lines: string[]) => {
        const chooser = page.waitForEvent("filechooser");
        await page.getByRole("button", { name: "Import CSV" }).click();
        await (await chooser).setFiles(file(lines));
      };

      await openProducts(page, tag);
      await expect(page.getByRole("article")).toHaveCount(1);
      await choose([updated, fresh, bad]);
      const preview = page.getByRole("dialog", { name: "Import preview" });
      await expect(preview).toContainText("nothing has been changed yet");
      await expect(preview.getByRole("definition").nth(0)).toHaveText("1");
      await expect(preview.getByRole("definition").nth(1)).toHaveText("1");
      await expect(preview.getByRole("alert")).toContainText("1 problem in the file");
      const errorRow = preview.getByRole("table", { name: "Problems in the file, by row" }).getByRole("row").nth(1);
      await expect(errorRow.getByRole("cell").nth(0)).toHaveText("4");
      await expect(errorRow.getByRole("cell").nth(1)).toHaveText("price");
      await expect(errorRow.getByRole("cell").nth(2)).toHaveText("Price must be an amount in pounds, like 45.99 or £45.99");
      await expect(preview.getByRole("button", { name: "Confirm import" })).toBeDisabled();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`import-preview-${size.width}.png`) });
      await preview.getByRole("button", { name: "Cancel" }).click();
      await expect(preview).toHaveCount(0);
      expect((await adminProduct(request, adminToken, existing.name)).price, "nothing applied").toBe("40.00");
      const none = await adminGet<AdminProduct[]>(request, adminToken, `/api/admin/products?q=${tag}`);
      expect(none.map((p) => p.name)).toEqual([existing.name]);

      await choose([updated, fresh]);
      await expect(preview.getByRole("alert")).toHaveCount(0);
      await expect(preview).toContainText("Confirm to add 1 new product and update 1 product");
      await preview.getByRole("button", { name: "Confirm import" }).click();
      await expectToast(page, "Import complete", "1 new, 1 updated, 0 unchanged.");
      await expect(preview).toHaveCount(0);
      await expect(page.getByRole("article")).toHaveCount(2);
      await expect(card(page, existing.name)).toContainText("£44.00");
      await expect(card(page, existing.name)).toContainText("6 in stock");
      await expect(card(page, `New Fan ${tag}`)).toContainText("9 in stock");

      // The same file again changes nothing, so there is nothing to confirm.
      await choose([updated, fresh.replace(`New Fan ${tag}`, `Second Fan ${tag}`)]);
      await expect(preview.getByRole("definition").nth(2)).toHaveText("1");
      await preview.getByRole("button", { name: "Cancel" }).click();
      const res = await request.get(`/api/admin/products?q=${tag}`, { headers: bearer(adminToken) });
      expect(res.headers()["x-total-count"]).toBe("2");
    });
  });
}
