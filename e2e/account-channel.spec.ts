import type { AdminCustomer } from "../schema/api/customers";
import { landlord, signInLink } from "./account-helpers";
import { adminGet, expect, expectAccessible, expectNoHorizontalScroll, expectToast, shoot, test } from "./admin-fixtures";

// How service messages reach the customer (issue 49): e-mail, text or both, chosen on the account
// page and when booking the check from it; texts only with a UK mobile number.

test.describe("how service messages reach the customer", () => {
  // Texts to a landline are refused (409), as they should be.
  test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [/status of 409/] });

  test("the customer chooses texts once a mobile number is on file, and back to e-mail; the office sees the choice", async ({
    adminToken,
    page,
    request,
  }) => {
    const { email, lastName } = await landlord(request, adminToken);
    await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
    await request.post("/api/account/sign-in", { data: { email } });
    await page.goto(await signInLink(request, adminToken, email));
    const preferences = page.getByRole("region", { name: "Preferences" });
    const channels = preferences.getByRole("group", { name: /Booking confirmations, visit reminders/ });
    await expect(channels.getByRole("radio", { name: "By e-mail", exact: true })).toBeChecked();

    // The number on file is a landline: texts are refused, saying why, and nothing changes.
    await channels.getByRole("radio", { name: "By text" }).click();
    await expectToast(page, "Not changed", "Texts need a UK mobile number");
    await expect(channels.getByRole("radio", { name: "By e-mail", exact: true })).toBeChecked();

    const details = page.getByRole("region", { name: "Your details" });
    await details.getByRole("button", { name: "Change my details" }).click();
    await details.getByLabel("Phone number").fill("07911 123456");
    await details.getByRole("button", { name: "Save my details" }).click();
    await expectToast(page, "Details saved");
    await channels.getByRole("radio", { name: "By text" }).click();
    await expect(channels.getByRole("radio", { name: "By text" })).toBeChecked();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "account-channel-390");
    await page.reload();
    await expect(channels.getByRole("radio", { name: "By text" })).toBeChecked();
    const [customer] = await adminGet<AdminCustomer[]>(
      request,
      adminToken,
      `/api/admin/customers?q=${encodeURIComponent(lastName)}`,
    );
    expect(customer).toMatchObject({ contactChannel: "text" });

    await channels.getByRole("radio", { name: "By e-mail", exact: true }).click();
    await expect(channels.getByRole("radio", { name: "By e-mail", exact: true })).toBeChecked();
  });
});

test.describe("the channel chosen when booking the check", () => {
  // Texts to a landline are refused (400), as they should be.
  test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [/status of 400/] });

  test("the form starts from the account's choice; texts to a landline are refused beside the choice; a mobile books and becomes the account's", async ({
    adminToken,
    page,
    request,
  }) => {
    const { email, lastName } = await landlord(request, adminToken);
    await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
    await request.post("/api/account/sign-in", { data: { email } });
    await page.goto(await signInLink(request, adminToken, email));
    await page
      .getByRole("article", { name: "Flat 3, 14 Canal Street, Manchester" })
      .getByRole("link", { name: "Book the check" })
      .click();
    await expect(page).toHaveURL(/\/book\?service=gas-safety/);
    const channel = page.getByRole("group", { name: "How shall we confirm the booking and remind you of the visit?" });
    // The account's saved choice.
    await expect(channel.getByRole("radio", { name: "By e-mail" })).toBeChecked();
    await page
      .getByRole("group", { name: /^Time on/ })
      .getByRole("button")
      .first()
      .click();
    await channel.getByRole("radio", { name: "By text" }).click();
    await page.getByRole("button", { name: "Book this visit" }).click();
    // The number given is the landline on file: refused, said beside the choice.
    await expect(channel).toContainText("Texts need a UK mobile number");
    await expect(page.getByRole("alert")).toContainText("Texts need a UK mobile number: please enter one, or choose e-mail.");
    await expect(channel.getByRole("radio", { name: "By text" })).toBeFocused();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "account-book-channel-390");

    // 071xx to 073xx: every block a mobile range in libphonenumber's data (not every 07911 number is).
    const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "0");
    const mobile = `07${1 + Math.floor(Math.random() * 3)}${digits(2)} ${digits(6)}`;
    await page.getByLabel("Phone number").fill(mobile);
    await page.getByRole("button", { name: "Book this visit" }).click();
    await expect(page.getByRole("heading", { name: "You're booked in" })).toBeVisible();
    // The account's choice from now on, on its page and in the office, with the mobile given.
    await page.goto("/account");
    const channels = page.getByRole("region", { name: "Preferences" }).getByRole("group", { name: /Booking confirmations/ });
    await expect(channels.getByRole("radio", { name: "By text" })).toBeChecked();
    const [customer] = await adminGet<AdminCustomer[]>(
      request,
      adminToken,
      `/api/admin/customers?q=${encodeURIComponent(lastName)}`,
    );
    expect(customer).toMatchObject({ contactChannel: "text", phone: mobile });
  });
});
