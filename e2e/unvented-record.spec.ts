import type { Locator, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import type { AdminCustomer } from "../schema/api/customers";
import type { AdminProperty } from "../schema/api/properties";
import { londonToday } from "../schema/london-time";
import { bearer, expect, expectNoHorizontalScroll, shoot, test, unique } from "./admin-fixtures";

// Issue 47 part 3: an unvented cylinder's commissioning record (G3), filled from its visit on a
// phone, refused while the discharge pipe is unconfirmed, issued and listed with its PDF.

async function answer(scope: Locator | Page, question: string, choice: string) {
  await scope.getByRole("group", { name: question }).getByRole("radio", { name: choice, exact: true }).click();
}

/** Draws a stroke across a signature box, as a finger would. */
async function sign(page: Page, name: string) {
  const pad = page.getByRole("img", { name });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 ? 20 : -20));
  await page.mouse.up();
}

test.describe("an unvented cylinder record on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("started from the cylinder's visit, refused until the discharge pipe is confirmed, issued with its PDF and listed", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    test.slow();
    const headers = bearer(adminToken);
    const lastName = unique("Tank");
    const customer = (await (
      await request.post("/api/admin/customers", {
        headers,
        data: {
          firstName: "Imogen",
          lastName,
          email: `${lastName.toLowerCase()}@example.com`,
          address: "12 Mill Lane, Stockport",
          postcode: "SK4 1AA",
        },
      })
    ).json()) as AdminCustomer;
    const [home] = (await (
      await request.get(`/api/admin/customers/${customer.id}/properties`, { headers })
    ).json()) as AdminProperty[];
    const visit = await request.post("/api/admin/service-records", {
      headers,
      data: {
        customerId: customer.id,
        propertyId: home!.id,
        serviceType: "Unvented cylinder installation",
        status: "in-progress",
        serviceDate: londonToday(),
      },
    });
    expect(visit.status()).toBe(201);

    await page.goto(`/admin/customers/${customer.id}`);
    const records = page.getByRole("region", { name: /Service records/ });
    await records.getByRole("button", { name: "Start unvented cylinder record" }).click();
    await expect(page).toHaveURL(/\/admin\/unvented-records\/\d+$/);
    await expect(page.getByRole("heading", { name: "Unvented cylinder record (G3)", level: 1 })).toBeVisible();

    await page.getByLabel("Make").fill("Megaflo");
    await page.getByLabel("Model").fill("Eco 210i");
    await page.getByLabel("Serial number").fill("MF-55501");
    await page.getByLabel("Capacity").fill("210");
    await page.getByLabel("Expansion vessel charge").fill("3.5");
    await page.getByLabel("Pressure reducing valve").fill("3");
    await answer(page, "Expansion relief valve checked", "Yes");
    await page.getByLabel("Expansion relief valve rating").fill("6");
    await answer(page, "Temperature/pressure relief valve checked", "Yes");
    await page.locator("#g3-tpReliefBar").fill("7");
    await page.locator("#g3-tpReliefCelsius").fill("90");
    await answer(page, "Thermostat checked", "Yes");
    await answer(page, "High-limit cut-out checked", "Yes");
    await page.getByLabel("D1 size").fill("15");
    await page.getByLabel("D2 size").fill("22");
    await page.getByLabel("D2 length").fill("4.5");
    await page.getByLabel("Termination").fill("Over the yard gully behind a grating");
    await sign(page, "Engineer's signature");
    await sign(page, "Customer's signature");

    // Not yet confirmed against the manufacturer's rule: Issue names it and asks nothing.
    await page.getByRole("button", { name: "Issue the record" }).click();
    await expect(page.getByText("Confirm the discharge pipe against the manufacturer's rule")).toBeVisible();
    await expect(page.getByRole("alertdialog")).toBeHidden();
    await answer(page, "Meets the manufacturer's rule for D1, D2 and termination", "Yes");
    await expectNoHorizontalScroll(page);
    await shoot(page, "unvented-record-draft-390");

    await page.getByRole("button", { name: "Issue the record" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Issue the unvented cylinder record?" });
    await expect(dialog).toContainText(/takes the next G3 number/);
    await dialog.getByRole("button", { name: "Issue the record" }).click();
    const heading = page.getByRole("heading", { name: /^Unvented cylinder record G3-\d{6}$/ });
    await expect(heading).toBeVisible();
    const number = (await heading.textContent())!.replace("Unvented cylinder record ", "").trim();
    const pdfHref = await page.getByRole("link", { name: "Open the PDF" }).getAttribute("href");
    const pdf = await request.get(pdfHref!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
    for (const words of [number, "Megaflo", "MF-55501", "210 litres", "7 bar, 90 °C", "D2 LENGTH 4.5 m", "Over the yard gully"])
      expect(text.replace(/\s+/g, " ")).toContain(words);
    // Its History, newest first: issued after it was created.
    const history = page.getByRole("region", { name: "History" }).locator("ol.audit-history > li");
    await expect(history.first()).toContainText("issued");
    await expect(history.last()).toContainText("created");

    // A year's service appended to it (here the same day): refused with a check missing, then recorded.
    await page.getByRole("button", { name: "Record this year's service" }).click();
    const service = page.getByRole("form", { name: "This year's service" });
    await service.getByLabel("Expansion vessel charge pressure").fill("3.4");
    await service.getByLabel("Pressure reducing valve setting").fill("3");
    for (const check of ["Expansion relief valve", "Temperature/pressure relief valve", "Thermostat", "High-limit cut-out"])
      await answer(service, `${check} checked`, "Yes");
    await service.getByLabel("Parts replaced").fill("Tundish O-ring");
    await service.getByRole("button", { name: "Record the service" }).click();
    await expect(service.getByText("Check the tundish and discharge pipe before recording the service")).toBeVisible();
    await answer(service, "Tundish and discharge pipe checked", "Yes");
    await service.getByRole("button", { name: "Record the service" }).click();
    const services = page.getByRole("region", { name: "Annual services" });
    await expect(services.locator("ol > li")).toHaveCount(1);
    await expect(services).toContainText("Expansion vessel 3.4 bar");
    await expect(services).toContainText("parts: Tundish O-ring");
    await expect(service).toBeHidden();
    await expect(history.first()).toContainText("recorded an annual service");
    await expectNoHorizontalScroll(page);
    await shoot(page, "unvented-record-issued-390");

    await page.getByRole("link", { name: "Back to the customer" }).click();
    const card = page.getByRole("article", { name: "Property: 12 Mill Lane, Stockport" });
    await expect(card.getByRole("list", { name: "Gas safety records, notices and service sheets" })).toContainText(number);
    await expect(card.locator('a[href^="/api/documents/unvented-record/"]')).toHaveText("PDF");
  });
});
