import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductFormInput } from "../schema/api/catalogue";
import { adminHeaders } from "./helpers/admin";
import { createProduct } from "./helpers/factories";
import { createOrder } from "./helpers/factories-admin";
import { callJson } from "./helpers/http";

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await adminHeaders();
});

/** What the Add Product form sends. */
const form = (overrides: Partial<Record<keyof ProductFormInput, unknown>> = {}) => ({
  name: "Vaillant Gas Valve",
  price: "£129.99",
  originalPrice: null,
  image: "/public-objects/product-images/0b9d7e0c-1111-4222-8333-444455556666.png",
  category: "Gas Valves",
  brand: "Vaillant",
  description: "Genuine replacement gas valve for ecoTEC boilers.",
  condition: "New",
  rating: null,
  inStock: true,
  ...overrides,
});

const create = (body: unknown) => callJson("/api/admin/products", { method: "POST", json: body, headers: auth });

describe("admin products: create", () => {
  it("creates a product and answers 201 with it, prices as decimal text", async () => {
    const { status, body } = await create(form({ originalPrice: "159.99", rating: 4.7, condition: "Used", inStock: false }));
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      name: "Vaillant Gas Valve",
      description: "Genuine replacement gas valve for ecoTEC boilers.",
      price: "129.99",
      originalPrice: "159.99",
      image: "/public-objects/product-images/0b9d7e0c-1111-4222-8333-444455556666.png",
      editedImage: null,
      condition: "Used",
      brand: "Vaillant",
      category: "Gas Valves",
      inStock: false,
      rating: 4.7,
      stockLeft: null,
      stockQuantity: null,
      lowStockThreshold: 3,
      costPrice: null,
      inStockFlag: false,
      lowStock: false,
    });
    const row = await env.DB.prepare("SELECT price_pence, original_price_pence, in_stock FROM products WHERE id = ?1")
      .bind(body.id)
      .first();
    expect(row).toEqual({ price_pence: 12999, original_price_pence: 15999, in_stock: 0 });
  });

  it("reads prices with or without £ and trims the text fields", async () => {
    const { status, body } = await create(form({ name: "  Fan  ", price: "45", rating: "3.5", image: "/images/parts/fan.svg" }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: "Fan", price: "45.00", rating: 3.5, image: "/images/parts/fan.svg" });
  });

  it("lists the missing required fields with the form's message and labels", async () => {
    const { status, body } = await create(form({ name: " ", price: "", category: "", brand: undefined, description: "   " }));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "VALIDATION_FAILED",
      error: "Please fill in: Product Name, Price, Category, Brand, Description",
    });
    expect((await create(form({ description: "" }))).body.error).toBe("Please fill in: Description");
  });

  it("asks for a product image when none was uploaded", async () => {
    const { status, body } = await create(form({ image: "" }));
    expect(status).toBe(400);
    expect(body.error).toBe("Please upload a product image.");
  });

  it("refuses images from outside the store or escaping its folders", async () => {
    for (const image of [
      "https://evil.example/x.png",
      "//evil.example/x.png",
      "/public-objects/product-images/../secret",
      "/api/x.png",
    ]) {
      const { status, body } = await create(form({ image }));
      expect(status, image).toBe(400);
      expect(body.error).toBe("The product image must be an image uploaded here.");
    }
  });

  it("explains a price that is not a price", async () => {
    for (const price of ["abc", "-5", "12.345", "£"]) {
      const { status, body } = await create(form({ price }));
      expect(status, price).toBe(400);
      expect(body.error).toBe("Price must be an amount in pounds, like 45.99 or £45.99");
    }
    expect((await create(form({ price: "0" }))).body.error).toBe("Price must be more than £0.00");
    expect((await create(form({ originalPrice: "100" }))).body.error).toBe("Original price must be higher than the price");
  });

  it("takes category, brand and condition only from the admin lists", async () => {
    expect((await create(form({ category: "Boilers" }))).body.error).toBe("Please choose a category from the list");
    expect((await create(form({ brand: "Acme" }))).body.error).toBe("Please choose a brand from the list");
    expect((await create(form({ condition: "Refurbished" }))).body.error).toBe("Condition must be New or Used");
    expect((await create(form({ category: "Thermostats", brand: "Hive" }))).status).toBe(201);
  });

  it("accepts a rating from 1 to 5 in steps of 0.1, or none", async () => {
    for (const rating of [0.9, 5.1, 4.55, "five"]) {
      const { status, body } = await create(form({ rating }));
      expect(status, String(rating)).toBe(400);
      expect(body.error).toBe("Rating must be a number from 1 to 5 in steps of 0.1");
    }
    for (const rating of [1, 5, 4.9, null, ""]) expect((await create(form({ rating }))).status, String(rating)).toBe(201);
  });
});

describe("admin products: list and delete", () => {
  it("lists the catalogue uncached for the back office", async () => {
    const product = await createProduct({ name: "Listed Part" });
    const { res, status, body } = await callJson<any[]>("/api/admin/products", { headers: auth });
    expect(status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(body.find((p) => p.id === product.id)?.name).toBe("Listed Part");
  });

  it("deletes a product: its cart lines go, orders keep their snapshot lines", async () => {
    const product = await createProduct({ name: "Doomed Valve", pricePence: 2500 });
    await env.DB.prepare("INSERT INTO cart_items (session_id, product_id, quantity) VALUES ('session_delete_test', ?1, 2)")
      .bind(product.id)
      .run();
    const order = await createOrder({}, [
      { productId: product.id, name: "Doomed Valve", brand: "Vaillant", image: product.image, unitPricePence: 2500, quantity: 2 },
    ]);
    const { status } = await callJson(`/api/admin/products/${product.id}`, { method: "DELETE", headers: auth });
    expect(status).toBe(200);
    expect(await env.DB.prepare("SELECT id FROM products WHERE id = ?1").bind(product.id).first()).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM cart_items WHERE product_id = ?1").bind(product.id).first()).toBeNull();
    const line = await env.DB.prepare("SELECT product_id, name, unit_price_pence, quantity FROM order_lines WHERE order_id = ?1")
      .bind(order.id)
      .first();
    expect(line).toEqual({ product_id: null, name: "Doomed Valve", unit_price_pence: 2500, quantity: 2 });
  });

  it("answers 404 when deleting an unknown product", async () => {
    const { status, body } = await callJson("/api/admin/products/999999", { method: "DELETE", headers: auth });
    expect(status).toBe(404);
    expect(body.error).toBe("Product not found");
  });
});
