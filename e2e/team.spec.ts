import type { OutboxEmail } from "../schema/api/campaigns";
import {
  adminGet,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  expectToast,
  removeTeamMembers,
  shoot,
  test,
  unique,
} from "./admin-fixtures";

// The owner's Team screen and an invited person's first sign-in, on a phone (issue 46, part 1).
test.use({
  viewport: { width: 390, height: 844 },
  extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.46" },
  // The used link's second opening is answered 410, as it should be.
  allowedConsoleErrors: [/status of 410/],
});

const PASSWORD = "copper pipes and brass fittings";

test.afterEach(async ({ request, adminToken }) => removeTeamMembers(request, adminToken));

test("the owner invites an engineer, who sets a password from the e-mailed link and signs in", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const username = unique("eng").toLowerCase().slice(0, 30);
  const email = `${username}@example.com`;

  await page.goto("/admin/team");
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Invite someone" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite someone" });
  await dialog.getByLabel("Name", { exact: true }).fill("Aoife O'Brien");
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByLabel("Username (optional)").fill(username);
  // Gas work without a licence number is refused beside the field.
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("An engineer who does gas work needs their Gas Safe licence number")).toBeVisible();
  await dialog.getByLabel("Gas Safe licence number").fill("1234567");
  await dialog.getByRole("checkbox", { name: "Unvented hot water" }).click();
  await expectNoHorizontalScroll(page);
  await shoot(page, "team-invite");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expectToast(page, "Invitation sent", `Their username is ${username}`);
  await expect(dialog).toBeHidden();

  const card = page.getByRole("article", { name: "Aoife O'Brien" }).filter({ hasText: username });
  await expect(card).toContainText("Invited");
  await expect(card).toContainText("1234567");
  await expect(card).toContainText("Gas (domestic), Unvented hot water");
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await shoot(page, "team");

  let link = "";
  await expect
    .poll(
      async () => {
        const outbox = await adminGet<OutboxEmail[]>(request, adminToken, "/api/admin/outbox?limit=20");
        link = /\/admin\/join#[A-Za-z0-9_-]+/.exec(outbox.find((m) => m.to === email)?.text ?? "")?.[0] ?? "";
        return link;
      },
      { message: `the invitation e-mail to ${email}`, timeout: 20_000, intervals: [250] },
    )
    .not.toBe("");

  // The engineer opens the link on their own phone: no session of the owner's there.
  await page.evaluate(() => sessionStorage.removeItem("adminToken"));
  await page.goto(link);
  await expect(page.getByText(`Welcome, Aoife O'Brien`)).toBeVisible();
  await expect(page.getByText(username, { exact: true })).toBeVisible();
  await page.getByLabel("Choose a password (at least 12 characters)").fill(PASSWORD);
  await page.getByLabel("The same password again").fill(PASSWORD);
  await expectNoHorizontalScroll(page);
  await shoot(page, "join");
  await page.getByRole("button", { name: "Set my password" }).click();
  await expectToast(page, "Password set");
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expectToast(page, "Login Successful");
  // An engineer starts on their day, and their phone shows only what their role opens.
  await expect(page).toHaveURL(/\/admin\/today$/);
  const token = await page.evaluate(() => sessionStorage.getItem("adminToken"));
  const claims = JSON.parse(Buffer.from(token!.split(".")[1]!, "base64url").toString()) as { sub: string };
  expect(claims.sub).toBe(username);
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(nav.getByRole("link", { name: "My Day" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Security" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Invoices" })).toHaveCount(0);
  await expect(nav.getByRole("button", { name: /More/ })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await shoot(page, "engineer-day");
  await page.goto("/admin/invoices");
  await expect(page.getByRole("alert")).toContainText("This screen is not part of your role in the team");
  await page.getByRole("link", { name: "Go to My Day" }).click();
  await expect(page).toHaveURL(/\/admin\/today$/);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("This invitation link has been used");
});
