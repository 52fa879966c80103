import type { Page } from "@playwright/test";
import type { AdminOrder } from "../schema/api/admin";
import { adminGet, expect, expectToast, placeOrder, test, unique } from "./admin-fixtures";

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}\\s*\\d*$`) });
const count = (page: Page, name: string) => tab(page, name).locator(".rt-Badge").first();

test.describe("/admin/orders", () => {
  test("an order shows customer, lines, totals and payment state and moves new → confirmed → dispatched → completed", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const customer = unique("Order Customer");
    const order = await placeOrder(request, customer);
    const before = await adminGet<AdminOrder[]>(request, adminToken, "/api/admin/orders");
    expect(before[0]?.id, "newest first").toBe(order.id);
    const open = before.filter((o) => ["new", "confirmed", "dispatched"].includes(o.fulfilmentStatus)).length;
    const completed = before.filter((o) => o.fulfilmentStatus === "completed").length;

    await page.goto("/admin/orders");
    await expect(count(page, "Open")).toHaveText(String(open));
    const card = page.getByRole("tabpanel").getByRole("article", { name: `Order ${order.id}` });
    await expect(card).toContainText(customer);
    await expect(card.getByRole("link", { name: /@example\.com$/ })).toBeVisible();
    await expect(card).toContainText("12 Test Street, Stretford, M32 0ZZ");
    await expect(card.getByRole("table")).toContainText(order.product.name);
    await expect(card.getByRole("table")).toContainText(`£${order.product.price}`);
    await expect(card.getByRole("row", { name: /Order total/ })).toContainText(`£${order.product.price}`);
    await expect(card).toContainText("Unpaid");
    await expect(card.locator('[data-tone="default"]')).toHaveText("New");

    for (const [button, state] of [
      ["Mark Confirmed", "Confirmed"],
      ["Mark Dispatched", "Dispatched"],
    ] as const) {
      await card.getByRole("button", { name: button }).click();
      await expectToast(page, "Order updated", `is now ${state.toLowerCase()}`);
      await expect(card).toContainText(state);
    }
    await card.getByRole("button", { name: "Mark Completed" }).click();
    await expectToast(page, "Order updated", "is now completed");
    await expect(card).toHaveCount(0);
    await expect(count(page, "Completed")).toHaveText(String(completed + 1));
    await tab(page, "Completed").click();
    await expect(page.getByRole("tabpanel").getByRole("article", { name: `Order ${order.id}` })).toBeVisible();
    const after = await adminGet<AdminOrder[]>(request, adminToken, "/api/admin/orders");
    expect(after.find((o) => o.id === order.id)?.fulfilmentStatus).toBe("completed");
  });

  test("cancelling asks first and moves the order to Cancelled", async ({ adminPage: page, adminToken, request }) => {
    const order = await placeOrder(request, unique("Cancelling Customer"));
    await page.goto("/admin/orders");
    const card = page.getByRole("tabpanel").getByRole("article", { name: `Order ${order.id}` });
    await card.getByRole("button", { name: "Cancel Order" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel order" }).click();
    await expectToast(page, "Order updated", "is now cancelled");
    await tab(page, "Cancelled").click();
    const cancelled = page.getByRole("tabpanel").getByRole("article", { name: `Order ${order.id}` });
    await expect(cancelled.locator('[data-tone="destructive"]')).toHaveText("Cancelled");
    await expect(cancelled.getByRole("button")).toHaveCount(0);
    const after = await adminGet<AdminOrder[]>(request, adminToken, "/api/admin/orders");
    expect(after.find((o) => o.id === order.id)?.fulfilmentStatus).toBe("cancelled");
  });
});
