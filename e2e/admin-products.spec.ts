import type { AdminProduct } from "../schema/api/catalogue";
import type { Product } from "../schema/api/products";
import { adminGet, bearer, expect, expectToast, makePng, test, unique } from "./admin-fixtures";
import { createProduct } from "./shop-helpers";

test.describe("/admin/products", () => {
  test("Add Product validates, uploads a real PNG, creates the product and deletes it", async ({ adminPage: page, request }) => {
    // It hands the page a file just over 10 MB to refuse, which alone takes seconds on a busy machine.
    test.slow();
    const name = unique("Test Gas Valve");
    await page.goto("/admin/products");
    await expect(page.getByRole("heading", { level: 1, name: "Product Management" })).toBeVisible();
    await page.getByRole("button", { name: "Add Product" }).click();
    const form = page.getByRole("form", { name: "Add Product" });
    await expect(form.getByLabel("Category")).toHaveText("Gas Valves");
    await expect(form.getByLabel("Brand")).toHaveText("Vaillant");
    await expect(form.getByLabel("Condition")).toHaveText("New");
    await expect(form.getByRole("switch", { name: "In Stock" })).toBeChecked();
    await expect(form.getByLabel("Rating (1-5)")).toHaveAttribute("step", "0.1");

    await form.getByRole("button", { name: "Create Product" }).click();
    await expectToast(page, "Validation Error", "Please fill in: Product Name, Price, Description");
    await form.getByLabel("Product Name").fill(name);
    await form.getByLabel("Price (£)", { exact: true }).fill("129.99");
    await form.getByLabel("Description").fill("   ");
    await form.getByRole("button", { name: "Create Product" }).click();
    await expectToast(page, "Validation Error", "Please fill in: Description");
    await form.getByLabel("Description").fill("Genuine replacement gas valve, tested before dispatch.");
    await form.getByRole("button", { name: "Create Product" }).click();
    await expectToast(page, "Validation Error", "Please upload a product image.");

    const fileInput = page.locator("#product-image");
    await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expectToast(page, "Invalid file type", "Please select an image file (JPG, PNG, GIF, etc.)");
    await fileInput.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(10_485_761) });
    await expectToast(page, "File too large", "Please select an image smaller than 10MB");
    await expect(form.getByRole("img", { name: "Uploaded product preview" })).toHaveCount(0);

    await fileInput.setInputFiles({ name: "valve.png", mimeType: "image/png", buffer: makePng() });
    await expectToast(page, "Image uploaded", "Product image has been uploaded successfully.");
    const preview = form.getByRole("img", { name: "Uploaded product preview" });
    await expect(preview).toHaveAttribute("src", /^\/public-objects\/product-images\/[\w-]+\.png$/);
    await expect.poll(() => preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(16);
    await form.getByRole("button", { name: "Clear image" }).click();
    await expect(preview).toHaveCount(0);
    await fileInput.setInputFiles({ name: "valve.png", mimeType: "image/png", buffer: makePng(24, 24, [11, 59, 102]) });
    await expectToast(page, "Image uploaded");
    const imagePath = await preview.getAttribute("src");

    await form.getByLabel("Original Price (£)").fill("149.99");
    await form.getByLabel("Brand").click();
    await page.getByRole("option", { name: "Worcester" }).click();
    await form.getByLabel("Rating (1-5)").fill("4.5");
    await form.getByRole("button", { name: "Create Product" }).click();
    await expectToast(page, "Product created", "The product has been successfully added to the store.");
    await expect(form).toHaveCount(0);

    const card = page.getByRole("article", { name });
    await expect(card).toContainText("Worcester - Gas Valves");
    await expect(card).toContainText("£129.99");
    await expect(card.locator("s")).toContainText("£149.99");
    await expect(card).toContainText("4.5/5");
    await expect(card).toContainText("In Stock");
    await expect(card).toContainText("New");
    await expect(card.getByRole("img", { name })).toHaveAttribute("src", imagePath!);

    const publicList = (await (
      await request.get("/api/products", { headers: { "Cache-Control": "no-cache" } })
    ).json()) as Product[];
    const created = publicList.find((p) => p.name === name);
    expect(created).toMatchObject({
      price: "129.99",
      originalPrice: "149.99",
      brand: "Worcester",
      image: imagePath,
      rating: 4.5,
    });

    await card.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete product" }).click();
    await expectToast(page, "Product deleted", "The product has been successfully removed.");
    await expect(card).toHaveCount(0);
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 5\d\d/] });
    test("a failed upload says so and keeps no image", async ({ adminPage: page }) => {
      await page.route("**/api/uploads/**", (route) =>
        route.fulfill({ status: 500, json: { error: "R2 down", code: "INTERNAL" } }),
      );
      await page.goto("/admin/products");
      await page.getByRole("button", { name: "Add Product" }).click();
      await page.locator("#product-image").setInputFiles({ name: "valve.png", mimeType: "image/png", buffer: makePng() });
      await expectToast(page, "Upload failed", "Failed to upload image. Please try again.");
      await expect(page.getByRole("img", { name: "Uploaded product preview" })).toHaveCount(0);
    });
  });

  test("Cancel closes the form", async ({ adminPage: page }) => {
    await page.goto("/admin/products");
    await page.getByRole("button", { name: "Add Product" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("form", { name: "Add Product" })).toHaveCount(0);
  });

  test("an empty catalogue shows its empty message", async ({ adminPage: page }) => {
    await page.route(
      (url) => url.pathname === "/api/admin/products",
      (route) =>
        route.request().method() === "GET" ? route.fulfill({ json: [], headers: { "X-Total-Count": "0" } }) : route.continue(),
    );
    await page.goto("/admin/products");
    await expect(page.getByText("No products found. Add your first product to get started.")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search products" }).fill("nothing like this");
    await expect(page.getByText("No products match these filters. Try other words or clear the filters.")).toBeVisible();
  });

  test("Add Product can count stock: the count and the low-stock level are sent and shown", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const name = unique("Counted Fan");
    await page.goto("/admin/products");
    await page.getByRole("button", { name: "Add Product" }).click();
    const form = page.getByRole("form", { name: "Add Product" });
    await form.getByLabel("Product Name").fill(name);
    await form.getByLabel("Price (£)", { exact: true }).fill("89.00");
    await form.getByLabel("Description").fill("Fan assembly, counted on the shelf.");
    await page.locator("#product-image").setInputFiles({ name: "fan.png", mimeType: "image/png", buffer: makePng() });
    await expectToast(page, "Image uploaded");
    await form.getByRole("switch", { name: "Count stock" }).click();
    await expect(form.getByRole("switch", { name: "In Stock" })).toHaveCount(0);
    await expect(form.getByLabel("Low-stock level")).toHaveValue("3");
    await form.getByRole("button", { name: "Create Product" }).click();
    await expectToast(page, "Validation Error", "Stock must be a whole number");
    await expect(form.getByText("Stock must be a whole number")).toBeVisible();
    await form.getByLabel("Stock count").fill("7");
    await expect(form.getByText("Stock must be a whole number")).toHaveCount(0);
    await form.getByLabel("Low-stock level").fill("2");
    await form.getByRole("button", { name: "Create Product" }).click();
    await expectToast(page, "Product created");
    await expect(page.getByRole("article", { name })).toContainText("7 in stock");
    const [created] = await adminGet<AdminProduct[]>(request, adminToken, `/api/admin/products?q=${encodeURIComponent(name)}`);
    expect(created).toMatchObject({ stockQuantity: 7, lowStockThreshold: 2, lowStock: false, inStock: true });
    // Its uploaded PNG would otherwise stay in the store, whose seeded pictures are all SVG (seed.spec).
    const removed = await request.delete(`/api/admin/products/${created!.id}`, { headers: bearer(adminToken) });
    expect(removed.status()).toBe(200);
  });

  test.describe(() => {
    // The server's refusal of the price is a 400, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 400/] });
    test("the editor shows what is wrong beside the field, the server's answer included, and saves only what changed", async ({
      adminPage: page,
      request,
    }) => {
      const product = await createProduct(request, { name: unique("Priced Valve"), price: "45.99", originalPrice: "59.99" });
      await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
      await page.getByRole("button", { name: `Edit ${product.name}` }).click();
      const form = page.getByRole("form", { name: "Edit Product" });
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Nothing to save");

      await form.getByLabel("Product Name").fill(" ");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Validation Error", "Please fill in: Product Name");
      await expect(form.getByText("Please fill in: Product Name")).toBeVisible();
      await form.getByLabel("Product Name").fill(product.name);
      await expect(form.getByText("Please fill in: Product Name")).toHaveCount(0);

      // Only the price is sent; the server compares it with the stored original price.
      await form.getByLabel("Price (£)", { exact: true }).fill("65.00");
      const patch = page.waitForRequest((r) => r.method() === "PATCH");
      await form.getByRole("button", { name: "Save Changes" }).click();
      expect((await patch).postDataJSON()).toEqual({ price: "65.00" });
      await expectToast(page, "Error", "Original price must be higher than the price");
      await expect(form.getByText("Original price must be higher than the price")).toBeVisible();
      await expect(form.getByLabel("Original Price (£)")).toHaveAttribute("aria-invalid", "true");

      await form.getByLabel("Original Price (£)").fill("");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Product saved");
      const card = page.getByRole("article", { name: product.name });
      await expect(card).toContainText("£65.00");
      await expect(card.locator("s")).toHaveCount(0);

      // The cost price (the margin report's parts at cost): checked beside its field, then sent alone.
      await page.getByRole("button", { name: `Edit ${product.name}` }).click();
      const cost = form.getByLabel("Cost Price (£, before VAT)");
      await expect(cost).toHaveValue("");
      await cost.fill("about £30");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(form.getByText("Cost price must be an amount in pounds before VAT, like 12.50 or £12.50")).toBeVisible();
      await cost.fill("31.20");
      const costPatch = page.waitForRequest((r) => r.method() === "PATCH");
      await form.getByRole("button", { name: "Save Changes" }).click();
      expect((await costPatch).postDataJSON()).toEqual({ costPrice: "31.20" });
      await expectToast(page, "Product saved");
      await page.reload();
      await page.getByRole("button", { name: `Edit ${product.name}` }).click();
      await expect(form.getByLabel("Cost Price (£, before VAT)")).toHaveValue("31.20");
    });
  });
});
