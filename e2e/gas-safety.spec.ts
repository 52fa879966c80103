import type { Locator, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import type { AdminCustomer } from "../schema/api/customers";
import type { AdminProperty } from "../schema/api/properties";
import { londonToday } from "../schema/london-time";
import { bearer, expect, expectAccessible, expectNoHorizontalScroll, expectToast, shoot, test, unique } from "./admin-fixtures";

/** Picks an answer of a Pass / Fail / N/A (or Yes / No) question. */
async function answer(scope: Locator | Page, question: string, choice: string) {
  await scope.getByRole("group", { name: question }).getByRole("radio", { name: choice, exact: true }).click();
}

/** Draws a stroke across a signature box (the engineer's, unless named), as a finger would. */
async function sign(page: Page, name = "Engineer's signature") {
  const pad = page.getByRole("img", { name });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 ? 20 : -20));
  await page.mouse.up();
}

/** Issuing asks once, naming what cannot be undone: Cancel leaves the draft, the dialog's own button issues. */
async function issueConfirmed(page: Page, button: string, title: string, undone: RegExp) {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("alertdialog", { name: title });
  await expect(dialog).toContainText(undone);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: button })).toBeFocused();
  await page.getByRole("button", { name: button }).click();
  await dialog.getByRole("button", { name: button }).click();
}

async function textOf(pdf: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

test.describe("a gas safety record on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a landlord with two properties: the record is filled from the booked visit at the flat, saved as it goes, issued and its PDF opened", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    // A whole flow of about 20 s alone: room for a busy machine.
    test.slow();
    const headers = bearer(adminToken);
    const lastName = unique("Landlord");
    const email = `${lastName.toLowerCase()}@example.com`;
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers,
        data: { firstName: "Lena", lastName, email, address: "9 Agent Row, Altrincham", postcode: "WA14 1AA", isLandlord: true },
      })
    ).json()) as AdminCustomer;
    const flat = (await (
      await request.post(`/api/admin/customers/${customer.id}/properties`, {
        headers,
        data: {
          address: "Flat 2, 14 Canal Street, Manchester",
          postcode: "M1 3HW",
          tenantName: "Tom Tenant",
          tenantEmail: `tenant-${lastName.toLowerCase()}@example.com`,
          tenantGetsCopies: true,
        },
      })
    ).json()) as AdminProperty;
    for (const appliance of [
      { location: "Kitchen cupboard", type: "boiler", make: "Worcester", model: "Greenstar 30i", flueType: "room-sealed" },
      { location: "Kitchen", type: "cooker", make: "Belling", flueType: "flueless", landlordOwned: false },
    ]) {
      expect((await request.post(`/api/admin/properties/${flat.id}/appliances`, { headers, data: appliance })).status()).toBe(
        201,
      );
    }
    const visit = await request.post("/api/admin/service-records", {
      headers,
      data: {
        customerId: customer.id,
        propertyId: flat.id,
        serviceType: "Gas Safety Certificate (CP12)",
        status: "scheduled",
        serviceDate: londonToday(),
      },
    });
    expect(visit.status()).toBe(201);

    // From the booked visit on the customer's page.
    await page.goto(`/admin/customers/${customer.id}`);
    await expect(page.getByRole("heading", { name: "Properties (2)" })).toBeVisible();
    const records = page.getByRole("region", { name: /Service records/ });
    await records.getByRole("button", { name: "Start gas safety record" }).click();
    await expect(page).toHaveURL(/\/admin\/gas-safety-records\/\d+$/);
    await expect(page.getByRole("heading", { name: "Gas safety record", level: 1 })).toBeVisible();
    await expect(page.getByText("Flat 2, 14 Canal Street, Manchester, M1 3HW")).toBeVisible();
    const boiler = page.getByRole("article", { name: "Appliance: Boiler: Worcester Greenstar 30i, Kitchen cupboard" });
    const cooker = page.getByRole("article", { name: "Appliance: Cooker: Belling, Kitchen" });
    await expect(cooker.getByRole("checkbox", { name: "Visual check only" })).toBeChecked();

    // Issuing too soon names what is missing, beside each field.
    await page.getByRole("button", { name: "Issue the record" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "need filling in" })).toBeFocused();
    await expect(boiler.getByText("Enter the operating pressure or the heat input")).toBeVisible();
    await expect(page.getByText("The engineer signs the record")).toBeVisible();
    await expect(page.getByText("Confirm that the check complied with regulation 26(9)")).toBeVisible();
    // No dialog while something is missing.
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    await boiler.getByLabel("Operating pressure").fill("20.5");
    await answer(boiler, "Safety devices", "Pass");
    await answer(boiler, "Ventilation", "Pass");
    await answer(boiler, "Flue visual condition", "Pass");
    await answer(boiler, "Safe to use", "Yes");
    // The tenant's cooker is At Risk: its warning notice takes two actions and the tenant's signature.
    await answer(cooker, "Safe to use", "No");
    await answer(cooker, "Unsafe situation", "AR");
    await cooker.getByLabel("Defect found").fill("No flame supervision on the grill");
    await cooker.getByRole("checkbox", { name: "Turned off" }).click();
    await cooker.getByRole("checkbox", { name: "Advised (the responsible person told)" }).click();
    await answer(cooker, "Responsible person's permission", "Given");
    await cooker.getByLabel("Responsible person told (name)").fill("Tom Tenant");
    await sign(page, "Responsible person's signature");
    await expect(cooker.getByRole("img", { name: "Responsible person's signature" })).toBeVisible();
    // A CO alarm question for each room with an appliance: the boiler's cupboard and the kitchen.
    const cupboardAlarm = page.getByRole("article", { name: "CO alarm: Kitchen cupboard" });
    const kitchenAlarm = page.getByRole("article", { name: "CO alarm: Kitchen", exact: true });
    await expect(cupboardAlarm.getByText("Say whether a CO alarm is fitted in the Kitchen cupboard")).toBeVisible();
    await answer(cupboardAlarm, "CO alarm fitted", "No");
    await answer(kitchenAlarm, "CO alarm fitted", "Yes");
    await answer(kitchenAlarm, "Alarm tested", "Yes");
    await answer(kitchenAlarm, "Alarm working", "Yes");
    await answer(page, "Gas tightness test", "Pass");
    await answer(page, "Emergency control accessible", "Yes");
    await page.getByLabel("Engineer's name").fill("Dave Hughes");
    await page.getByLabel("Gas Safe licence number").fill("1234567");
    await page.getByRole("checkbox", { name: /This check complied with regulation 26\(9\)/ }).click();
    await sign(page);
    await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shoot(page, "gas-safety-record-draft-390");

    // Nothing is lost on a reload: the draft comes back as filled.
    await page.reload();
    await expect(boiler.getByLabel("Operating pressure")).toHaveValue("20.5");
    await expect(boiler.getByRole("group", { name: "Safety devices" }).getByRole("radio", { name: "Pass" })).toBeChecked();
    await expect(page.getByRole("img", { name: "Engineer's signature" })).toBeVisible();
    await expect(cooker.getByRole("checkbox", { name: "Turned off" })).toBeChecked();
    await expect(kitchenAlarm.getByRole("group", { name: "Alarm working" }).getByRole("radio", { name: "Yes" })).toBeChecked();

    await issueConfirmed(
      page,
      "Issue the record",
      "Issue gas safety record?",
      /takes the next number and is e-mailed, with its warning notices, to the landlord and the tenant; an issued record cannot be changed, only replaced by a correction/,
    );
    await expectToast(page, "Issued GSR-");
    const heading = page.getByRole("heading", { name: /^Gas safety record GSR-\d{6}$/ });
    await expect(heading).toBeVisible();
    const number = (await heading.textContent())!.replace("Gas safety record ", "");
    await expect(page.getByRole("definition").filter({ hasText: /^(Being e-mailed|E-mailed)/ })).toHaveCount(2);

    // The PDF opens from its link, without signing in.
    const pdfLink = page.getByRole("link", { name: "Open the PDF" });
    const href = (await pdfLink.getAttribute("href"))!;
    const popupPromise = page.waitForEvent("popup");
    await pdfLink.click();
    const popup = await popupPromise;
    await popup.close();
    const pdf = await request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOf(await pdf.body());
    expect(text).toContain("complied with regulation 26(9) of the Gas Safety (Installation and Use) Regulations 1998");
    expect(text).toContain("Kitchen cupboard No - -");
    expect(text).toContain("Kitchen Yes Yes Yes");
    const notice = page.getByRole("link", { name: /^Warning notice WN-\d{6}$/ });
    const noticeText = await textOf(await (await request.get((await notice.getAttribute("href"))!)).body());
    for (const words of ["Turned off", "Advised (the responsible person told)", "NAME Tom Tenant", "Signed by Tom Tenant"])
      expect(noticeText).toContain(words);
    await expectNoHorizontalScroll(page);
    await shoot(page, "gas-safety-record-issued-390");

    // The customer's page lists it at the flat, with its PDF.
    await page.getByRole("link", { name: "Back to the customer" }).click();
    const flatCard = page.getByRole("article", { name: "Property: Flat 2, 14 Canal Street, Manchester" });
    const documents = flatCard.getByRole("list", { name: "Gas safety records, notices and service sheets" });
    await expect(documents).toContainText(number);
    // The record and its warning notice, each with its PDF.
    await expect(documents.getByRole("link", { name: "PDF" })).toHaveCount(2);
    for (const kind of ["gas-safety-record", "warning-notice"])
      await expect(documents.locator(`a[href^="/api/documents/${kind}/"]`)).toHaveText("PDF");
    await expectNoHorizontalScroll(page);
    await shoot(page, "customer-gas-safety-390");
  });

  test("an annual service's sheet: started from the home, filled, issued, listed with its PDF", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    // A whole flow of about 20 s alone: room for a busy machine.
    test.slow();
    const headers = bearer(adminToken);
    const lastName = unique("Owner");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers,
        data: {
          firstName: "Hana",
          lastName,
          email: `${lastName.toLowerCase()}@example.com`,
          address: "3 Oak Road, Sale",
          postcode: "M33 2AB",
        },
      })
    ).json()) as AdminCustomer;
    const [home] = (await (
      await request.get(`/api/admin/customers/${customer.id}/properties`, { headers })
    ).json()) as AdminProperty[];
    await request.post(`/api/admin/properties/${home!.id}/appliances`, {
      headers,
      data: { location: "Utility room", type: "boiler", make: "Vaillant", model: "ecoTEC plus 832", flueType: "room-sealed" },
    });

    await page.goto(`/admin/customers/${customer.id}`);
    const card = page.getByRole("article", { name: "Property: 3 Oak Road, Sale" });
    await card.getByRole("button", { name: "Start service sheet" }).click();
    await expect(page).toHaveURL(/\/admin\/service-sheets\/\d+$/);
    await expect(page.getByRole("combobox", { name: "Appliance serviced" })).toContainText(
      "Boiler: Vaillant ecoTEC plus 832, Utility room",
    );
    for (const check of [
      "Burner and injectors",
      "Heat exchanger",
      "Case seals and gaskets",
      "Condensate trap and pipe",
      "Expansion vessel charge",
      "Flue route and terminal",
      "Controls and thermostats",
      "Safety devices",
      "Ventilation",
      "Gas tightness",
    ]) {
      await answer(page, check, "Pass");
    }
    await page.getByLabel("Operating pressure").fill("20");
    await page.getByLabel("CO", { exact: true }).fill("14");
    await page.getByLabel("CO2").fill("9.2");
    await answer(page, "Safe to use", "Yes");
    await page.getByLabel("Parts used (optional)").fill("Condensate trap seal");
    await page.getByLabel("Engineer's name").fill("Dave Hughes");
    await page.getByLabel("Gas Safe licence number").fill("1234567");
    await sign(page);
    await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await issueConfirmed(
      page,
      "Issue the service sheet",
      "Issue service sheet?",
      /takes the next number, sets the visit's next service date and is e-mailed to the customer; an issued service sheet cannot be changed/,
    );
    await expectToast(page, "Issued SS-");
    await expect(page.getByRole("heading", { name: /^Service sheet SS-\d{6}$/ })).toBeVisible();
    const pdf = await request.get((await page.getByRole("link", { name: "Open the PDF" }).getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await shoot(page, "service-sheet-issued-390");
    await page.getByRole("link", { name: "Back to the customer" }).click();
    await expect(card.getByRole("list", { name: "Gas safety records, notices and service sheets" })).toContainText("SS-");
  });
});
