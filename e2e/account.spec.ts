import type { AdminCustomer } from "../schema/api/customers";
import { landlord, signInLink } from "./account-helpers";
import { adminGet, expect, expectAccessible, expectNoHorizontalScroll, expectToast, shoot, test } from "./admin-fixtures";

test.describe("the customer's account", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a landlord signs in by the e-mailed link, opens the flat's gas safety record, pays an invoice and books the next check", async ({
    adminToken,
    browser,
    request,
  }) => {
    const { email, lastName, record, invoice } = await landlord(request, adminToken);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");

    // From the footer, signed out: the form, the same answer for any address.
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Your account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByLabel("Your e-mail address").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("status")).toContainText("If we have that address, a sign-in link is on its way.");
    await expectAccessible(page);
    await shoot(page, "account-sign-in-390");

    await page.goto(await signInLink(request, adminToken, email));
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Lena" })).toBeVisible();
    // The session is in a cookie scripts cannot read.
    expect(await page.evaluate(() => document.cookie)).not.toContain("__Secure-account");
    const cookie = (await context.cookies()).find((c) => c.name === "__Secure-account")!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/api/account" });

    const flat = page.getByRole("article", { name: "Flat 3, 14 Canal Street, Manchester" });
    await expect(flat).toContainText("Kitchen boiler Worcester Greenstar 30i");
    await expect(flat).toContainText("Next gas safety check due by");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "account-390");

    // The record's PDF.
    const pdfLink = flat.getByRole("link", { name: new RegExp(`Gas safety record ${record.number}`) });
    const pdf = await request.get((await pdfLink.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    // Paying the invoice, through Stripe's page (the fake), back to the invoice paid.
    const invoices = page.getByRole("region", { name: "Invoices" });
    await expect(invoices).toContainText(`${invoice.number} · £75.00`);
    await invoices.getByRole("link", { name: "Pay" }).click();
    await page.getByRole("button", { name: "Pay £75.00 by card" }).click();
    // Stripe's page (the fake) first: until it has loaded, "Pay £75.00" would also name the button just pressed.
    await expect(page.getByRole("heading", { name: "Pay £75.00" })).toBeVisible();
    await page.getByRole("button", { name: "Pay £75.00", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Paid in full. Thank you!" })).toBeVisible();
    await page.goto("/account");
    await expect(page.getByRole("region", { name: "Invoices" })).toContainText("Paid");

    // Booking the next check: the booking form, filled in for the flat.
    await page
      .getByRole("article", { name: "Flat 3, 14 Canal Street, Manchester" })
      .getByRole("link", { name: "Book the check" })
      .click();
    await expect(page).toHaveURL(/\/book\?service=gas-safety/);
    const details = page.getByRole("form", { name: "Your details" });
    await expect(details.getByLabel("Postcode")).toHaveValue("M1 3HW");
    await expect(details.getByLabel("E-mail address")).toHaveValue(email);
    await expect(details.getByLabel("Address of the visit")).toHaveValue("Flat 3, 14 Canal Street, Manchester");
    await expect(details.getByLabel("Full name")).toHaveValue(`Lena ${lastName}`);
    await expect(details.getByLabel("Phone number")).toHaveValue("0161 496 0123");
    await expect(page.getByRole("radio", { name: /Gas safety/i })).toBeChecked();
    await page
      .getByRole("group", { name: /^Time on/ })
      .getByRole("button")
      .first()
      .click();
    await page.getByRole("button", { name: "Book this visit" }).click();
    await expect(page.getByRole("heading", { name: "You're booked in" })).toBeVisible();
    // Booked at the flat, for Lena: the account lists it with its link to move or cancel.
    await page.goto("/account");
    const visits = page.getByRole("region", { name: "Your visits" });
    await expect(visits).toContainText("Gas Safety Certificate");
    await expect(visits).toContainText("Flat 3, 14 Canal Street, Manchester");
    await expect(visits.getByRole("link", { name: "Move or cancel" })).toBeVisible();
    await context.close();
  });

  test("the flat's tenant signs in and sees its gas safety record, and nothing of the landlord's", async ({
    adminToken,
    browser,
    request,
  }) => {
    const { record, invoice, tenantEmail, lastName } = await landlord(request, adminToken);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
    await request.post("/api/account/sign-in", { data: { email: tenantEmail } });
    await page.goto(await signInLink(request, adminToken, tenantEmail));
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Tom" })).toBeVisible();
    const home = page.getByRole("region", { name: "Your home" });
    const pdfLink = home.getByRole("link", { name: new RegExp(`Gas safety record ${record.number}`) });
    expect((await request.get((await pdfLink.getAttribute("href"))!)).headers()["content-type"]).toBe("application/pdf");
    await expect(home).toContainText("Next gas safety check due by");
    await expect(page.getByRole("region", { name: "Invoices" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Your properties" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Book the check" })).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText(invoice.number);
    await expect(page.locator("main")).not.toContainText(lastName);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await context.close();
  });

  test("the account at 1280 px; signing out; a used link says so and offers a new one", async ({
    adminToken,
    browser,
    request,
  }) => {
    const { email } = await landlord(request, adminToken);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
    await request.post("/api/account/sign-in", { data: { email } });
    const link = await signInLink(request, adminToken, email);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Lena" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your properties" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "account-1280");

    // A copy of everything held, as a file.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("my-data.json");
    const data = JSON.parse(await (await import("node:fs/promises")).readFile((await download.path())!, "utf8"));
    expect(data.account).toBe(email);
    expect(data.gasSafetyRecords).toHaveLength(1);

    // The link again: used.
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("This sign-in link has expired or was already used.");
    await expect(page.getByRole("button", { name: "Send me a link" })).toBeVisible();

    // The summary is asked for once, by the page's HTML before the app arrives, and the app takes
    // that answer rather than asking again.
    const reads: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/account") reads.push(r.url());
    });
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Lena" })).toBeVisible();
    expect(reads).toHaveLength(1);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expectToast(page, "Signed out");
    await expect(page.getByRole("button", { name: "Send me a link" })).toBeVisible();
    // Signed out, the page asks nothing (no 401 in the console).
    reads.length = 0;
    await page.reload();
    await expect(page.getByRole("button", { name: "Send me a link" })).toBeVisible();
    expect(reads).toEqual([]);
    await context.close();
  });
});

test.describe("the customer's own details", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a customer changes their name and phone number on a phone; the office sees them", async ({
    adminToken,
    page,
    request,
  }) => {
    const { email, lastName } = await landlord(request, adminToken);
    await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
    await request.post("/api/account/sign-in", { data: { email } });
    await page.goto(await signInLink(request, adminToken, email));
    const details = page.getByRole("region", { name: "Your details" });
    await expect(details.getByText("0161 496 0123")).toBeVisible();
    await details.getByRole("button", { name: "Change my details" }).click();
    await details.getByLabel("First name").fill("Magdalena");
    await details.getByLabel("Phone number").fill("07700 900456");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "account-details-390");
    await details.getByRole("button", { name: "Save my details" }).click();
    await expectToast(page, "Details saved");
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Magdalena" })).toBeVisible();
    await expect(details.getByText("07700 900456")).toBeVisible();

    // A bad number is explained at the field, and nothing changes.
    await details.getByRole("button", { name: "Change my details" }).click();
    await details.getByLabel("Phone number").fill("ring me");
    await details.getByRole("button", { name: "Save my details" }).click();
    await expect(details.getByRole("alert")).toHaveText("Please enter a valid phone number");
    await expect(details.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Magdalena" })).toBeVisible();
    await expect(details.getByText("07700 900456")).toBeVisible();

    const [customer] = await adminGet<AdminCustomer[]>(
      request,
      adminToken,
      `/api/admin/customers?q=${encodeURIComponent(lastName)}`,
    );
    expect(customer).toMatchObject({ firstName: "Magdalena", phone: "07700 900456" });
  });
});

test.describe("deleting an account", () => {
  test("the customer asks, the owner is told on the home screen and erases it from the Customers screen", async ({
    adminPage,
    adminToken,
    browser,
    request,
  }) => {
    const { email } = await landlord(request, adminToken);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript("try { sessionStorage.setItem('emailSignupModalShown', 'true') } catch {}");
    await request.post("/api/account/sign-in", { data: { email } });
    await page.goto(await signInLink(request, adminToken, email));
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByLabel("Anything you'd like to tell us (optional)").fill("Selling the flat");
    await page.getByRole("button", { name: "Ask us to delete my account" }).click();
    await expectToast(page, "Request sent");
    await expect(page.getByRole("region", { name: "Your data" })).toContainText("You asked us to delete your account on");

    await adminPage.goto("/admin");
    await adminPage.getByRole("link", { name: /for their account to be deleted/ }).click();
    const requests = adminPage.getByRole("region", { name: "Account deletion requests" });
    const row = requests.getByRole("listitem").filter({ hasText: email });
    await expect(row).toContainText('"Selling the flat"');
    await row.getByRole("button", { name: "Erase" }).click();
    await adminPage.getByRole("alertdialog").getByRole("button", { name: "Erase" }).click();
    await expectToast(adminPage, "Account erased");
    await expect(row).toHaveCount(0);

    // Signed out by the erasure; the address is no longer a customer's.
    await page.reload();
    await expect(page.getByRole("button", { name: "Send me a link" })).toBeVisible();
    await context.close();
  });
});
