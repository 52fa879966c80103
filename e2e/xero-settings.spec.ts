import { XERO_OFF } from "../schema/api/xero";
import { expect, test } from "./admin-fixtures";

// The browser tests' site has no Xero app (no XERO_CLIENT_ID): the link is off and says so, and
// the billing settings around it work as before. Connecting is tested against the fake Xero in
// test/xero-connect.test.ts.
test("the owner's billing settings say the Xero link is off without the Xero app, and offer nothing to connect", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/settings");
  await expect(page.getByRole("form", { name: "Billing settings" })).toBeVisible();
  await expect(page.getByText(XERO_OFF)).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Xero" })).toHaveCount(0);
});
