import type { APIRequestContext, Page } from "@playwright/test";
import type { AdminOrder } from "../schema/api/orders";
import {
  adminGet,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  expectToast,
  placeOrder,
  shoot,
  test,
  unique,
} from "./admin-fixtures";

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const orderCard = (page: Page, number: string) => page.getByRole("tabpanel").getByRole("article", { name: `Order ${number}` });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search orders" });

/** A new order-form order, as the owner finds it: with its number. */
async function newOrder(request: APIRequestContext, token: string, customer = unique("Order Customer")) {
  const placed = await placeOrder(request, customer);
  const [order] = await adminGet<AdminOrder[]>(request, token, `/api/admin/orders?q=${encodeURIComponent(customer)}`);
  expect(order?.id).toBe(placed.id);
  expect(order?.number).toMatch(/^NS-\d{5,}$/);
  return { ...placed, number: order!.number!, customer };
}

/** Answers the not-paid-yet question with its go-ahead button. */
async function goAheadUnpaid(page: Page, button: "Confirm unpaid" | "Dispatch unpaid") {
  await page.getByRole("alertdialog", { name: "This order is not paid yet" }).getByRole("button", { name: button }).click();
}

test.describe("/admin/orders", () => {
  test("an order shows its number, customer, lines, totals and payment state and moves new → confirmed → dispatched → completed", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const order = await newOrder(request, adminToken);
    const before = await adminGet<AdminOrder[]>(request, adminToken, "/api/admin/orders");
    expect(before[0]?.id, "newest first").toBe(order.id);

    await page.goto("/admin/orders");
    await expect(tab(page, "All")).toHaveAttribute("aria-selected", "true");
    const card = orderCard(page, order.number);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(order.number);
    await expect(card).toContainText(order.customer);
    await expect(card.getByRole("link", { name: /@example\.com$/ })).toBeVisible();
    await expect(card).toContainText("12 Test Street, Stretford, M32 0ZZ");
    await expect(card.getByRole("table")).toContainText(order.product.name);
    await expect(card.getByRole("table")).toContainText(`£${order.product.price}`);
    await expect(card.getByRole("row", { name: /Order total/ })).toContainText(`£${order.product.price}`);
    await expect(card).toContainText("Unpaid");
    await expect(card.locator('[data-tone="default"]')).toHaveText("New");

    // A checkout-form order that is not paid yet asks before it goes ahead.
    await card.getByRole("button", { name: "Mark Confirmed" }).click();
    await goAheadUnpaid(page, "Confirm unpaid");
    await expectToast(page, "Order updated", `Order ${order.number} is now confirmed`);
    await expect(card).toContainText("Confirmed");
    await card.getByRole("button", { name: "Mark Dispatched" }).click();
    await goAheadUnpaid(page, "Dispatch unpaid");
    await card
      .getByRole("form", { name: `Dispatch ${order.number}` })
      .getByRole("button", { name: "Confirm Dispatch" })
      .click();
    await expectToast(page, "Order updated", "is now dispatched");
    await expect(card).toContainText("Dispatched");
    await expect(card).not.toContainText("Courier");
    await card.getByRole("button", { name: "Mark Completed" }).click();
    await expectToast(page, "Order updated", "is now completed");
    await expect(card.locator('[data-tone="success"]').filter({ hasText: "Completed" })).toBeVisible();

    await tab(page, "New").click();
    await expect(page).toHaveURL(/\?status=new$/);
    await expect(card).toHaveCount(0);
    await tab(page, "Completed").click();
    await expect(card).toBeVisible();
    const after = await adminGet<AdminOrder[]>(request, adminToken, "/api/admin/orders");
    expect(after.find((o) => o.id === order.id)?.fulfilmentStatus).toBe("completed");
  });

  test("cancelling asks first and moves the order to Cancelled", async ({ adminPage: page, adminToken, request }) => {
    const order = await newOrder(request, adminToken, unique("Cancelling Customer"));
    await page.goto("/admin/orders?status=new");
    await expect(tab(page, "New")).toHaveAttribute("aria-selected", "true");
    const card = orderCard(page, order.number);
    await card.getByRole("button", { name: "Cancel Order" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel order" }).click();
    await expectToast(page, "Order updated", "is now cancelled");
    await tab(page, "Cancelled").click();
    await expect(card.locator('[data-tone="destructive"]')).toHaveText("Cancelled");
    await expect(card.getByRole("button")).toHaveCount(0);
    const after = await adminGet<AdminOrder[]>(request, adminToken, "/api/admin/orders");
    expect(after.find((o) => o.id === order.id)?.fulfilmentStatus).toBe("cancelled");
  });

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test.describe(`at ${size.width}px`, () => {
      test.use({ viewport: size });

      test("an order is found by its number and dispatched with a courier and tracking reference", async ({
        adminPage: page,
        adminToken,
        request,
      }) => {
        const order = await newOrder(request, adminToken);
        await newOrder(request, adminToken);
        await page.goto("/admin/orders");
        await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
        await searchBox(page).fill(order.number);
        await expect(page).toHaveURL(new RegExp(`\\?q=${order.number}$`));
        await expect(page.getByRole("tabpanel").getByRole("article")).toHaveCount(1);
        await expect(page.getByText("Showing 1 of 1")).toBeVisible();
        const card = orderCard(page, order.number);

        // The digits alone find it too, and so does the customer's name.
        await searchBox(page).fill(order.number.replace("NS-", ""));
        await expect(page).toHaveURL(new RegExp(`\\?q=${order.number.replace("NS-", "")}$`));
        await expect(page.getByRole("tabpanel").getByRole("article")).toHaveCount(1);
        await expect(card).toBeVisible();
        await searchBox(page).fill(order.customer);
        await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(order.customer);
        await expect(page.getByRole("tabpanel").getByRole("article")).toHaveCount(1);
        await expect(card).toBeVisible();

        await card.getByRole("button", { name: "Mark Confirmed" }).click();
        await goAheadUnpaid(page, "Confirm unpaid");
        await expectToast(page, "Order updated", "is now confirmed");
        await card.getByRole("button", { name: "Mark Dispatched" }).click();
        await goAheadUnpaid(page, "Dispatch unpaid");
        const dispatch = card.getByRole("form", { name: `Dispatch ${order.number}` });
        await dispatch.getByLabel("Courier").fill("DPD");
        await dispatch.getByLabel("Tracking reference").fill("15501234567890");
        await expectNoHorizontalScroll(page);
        await shoot(page, `orders-dispatch-${size.width}`);
        await dispatch.getByRole("button", { name: "Confirm Dispatch" }).click();
        await expectToast(page, "Order updated", `Order ${order.number} is now dispatched.`);
        await expect(dispatch).toHaveCount(0);
        await expect(card.getByRole("definition").filter({ hasText: "DPD" })).toBeVisible();
        await expect(card.getByRole("definition").filter({ hasText: "15501234567890" })).toBeVisible();
        await expect(card.getByRole("button", { name: "Mark Completed" })).toBeVisible();

        await tab(page, "Dispatched").click();
        await expect(page).toHaveURL(/status=dispatched/);
        await expect(card).toBeVisible();
        await searchBox(page).fill("");
        await expect(page).toHaveURL(/\/admin\/orders\?status=dispatched$/);
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
        await shoot(page, `orders-${size.width}`);

        const [stored] = await adminGet<AdminOrder[]>(request, adminToken, `/api/admin/orders?q=${order.number}`);
        expect(stored).toMatchObject({ fulfilmentStatus: "dispatched", courier: "DPD", trackingReference: "15501234567890" });
      });
    });
  }
});
