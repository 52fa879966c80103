import { beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "../schema/api/catalogue";
import type { Product } from "../schema/api/products";
import { londonToday } from "../schema/london-time";
import { adminHeaders } from "./helpers/admin";
import { createProduct } from "./helpers/factories";
import { createCustomer } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";
import { callJson } from "./helpers/http";

/**
 * A product's cost price (issue 45's margin report): what a unit costs the firm before VAT, set and
 * cleared by the owner, never shown in the store; and the ledger keeping the cost each part a job
 * sheet took was taken at.
 */

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await adminHeaders();
});

const patch = (id: number, json: unknown) => callJson(`/api/admin/products/${id}`, { method: "PATCH", json, headers: auth });
const costOf = async (id: number) =>
  (await query<{ cost_pence: number | null }>("SELECT cost_pence FROM products WHERE id = ?1", id))[0]!.cost_pence;

describe("a product's cost price", () => {
  it("is given on Add Product, changed and cleared by the owner, and not shown in the store", async () => {
    const tag = `dv${crypto.randomUUID().slice(0, 6)}`;
    const made = await callJson("/api/admin/products", {
      method: "POST",
      headers: auth,
      json: {
        name: `Diverter valve ${tag}`,
        price: "£129.99",
        costPrice: "£84.20",
        image: "/public-objects/product-images/0b9d7e0c-1111-4222-8333-444455556666.png",
        category: "Gas Valves",
        brand: "Vaillant",
        description: "A valve",
        inStock: true,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.costPrice).toBe("84.20");
    expect(await costOf(made.body.id)).toBe(8_420);

    expect((await patch(made.body.id, { costPrice: "12.5" })).body.costPrice).toBe("12.50");
    expect(await costOf(made.body.id)).toBe(1_250);
    // Another field changed leaves the cost alone.
    expect((await patch(made.body.id, { name: `Diverter valve ${tag} mk2` })).body.costPrice).toBe("12.50");
    const owners = await callJson<AdminProduct[]>(`/api/admin/products?q=${tag}&limit=5`, { headers: auth });
    expect(owners.body.map((p) => p.costPrice)).toEqual(["12.50"]);
    // The store's list, read while the product has a cost: no sign of it.
    const store = await callJson<Product[]>(`/api/products?q=${tag}&limit=5`);
    expect(store.body.map((p) => p.id)).toEqual([made.body.id]);
    expect(JSON.stringify(store.body)).not.toMatch(/cost|1250|12\.50/i);
    expect((await patch(made.body.id, { costPrice: null })).body.costPrice).toBeNull();
    expect(await costOf(made.body.id)).toBeNull();
  });

  it("refuses a cost that is not an amount, saying so", async () => {
    const product = await createProduct({ costPence: 500 });
    for (const costPrice of ["about a fiver", "-3.00", "1.999"]) {
      const { status, body } = await patch(product.id, { costPrice });
      expect(status, costPrice).toBe(400);
      expect(body.error).toBe("Cost price must be an amount in pounds before VAT, like 12.50 or £12.50");
    }
    expect(await costOf(product.id)).toBe(500);
  });
});

describe("the ledger's unit cost", () => {
  it("keeps the cost a job sheet's part was taken at, gives one back at that cost, and leaves an unpriced part unpriced", async () => {
    const customer = await createCustomer();
    const visit = await callJson("/api/admin/service-records", {
      method: "POST",
      headers: auth,
      json: { customerId: customer.id, serviceType: "Boiler Repair", status: "scheduled", serviceDate: londonToday() },
    });
    const priced = await createProduct({ stockQuantity: 10, costPence: 2_000 });
    const unpriced = await createProduct({ stockQuantity: 10, costPence: null });
    const sync = async (baseVersion: string, pricedQuantity: number) => {
      const res = await callApp(`/api/admin/visits/${visit.body.id}/sheet`, {
        method: "PUT",
        headers: { ...auth, "Idempotency-Key": `cost-${crypto.randomUUID()}` },
        json: {
          baseVersion,
          workDone: "Repaired",
          parts: [
            { productId: priced.id, quantity: pricedQuantity },
            { productId: unpriced.id, quantity: 1 },
          ],
        },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await sync("1", 3);
    expect((await patch(priced.id, { costPrice: "45.00" })).status).toBe(200);
    await sync("2", 5);
    await sync("3", 4);
    const ledger = await query<{ product_id: number; change: number; unit_cost_pence: number | null }>(
      "SELECT product_id, change, unit_cost_pence FROM stock_movements WHERE service_record_id = ?1 ORDER BY id",
      visit.body.id,
    );
    expect(ledger).toEqual([
      { product_id: priced.id, change: -3, unit_cost_pence: 2_000 },
      { product_id: unpriced.id, change: -1, unit_cost_pence: null },
      // Two more after the cost went up: at the new cost; one back: at the cost of the latest taken.
      { product_id: priced.id, change: -2, unit_cost_pence: 4_500 },
      { product_id: priced.id, change: 1, unit_cost_pence: 4_500 },
    ]);
  });
});
