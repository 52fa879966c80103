import type { Slot } from "../schema/api/bookings";
import type { BusinessSettings } from "../schema/api/settings";
import { addDays, londonToday } from "../schema/london-time";
import { adminGet, bearer, expect, expectNoHorizontalScroll, expectToast, shoot, test, unique } from "./admin-fixtures";
import { addCustomer } from "./workbench-helpers";

// The second hostile review (issue 28), as the owner meets it on a phone.
test.use({ viewport: { width: 390, height: 844 } });

test.describe(() => {
  // The browser reports the 409 the save is answered with.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("a settings save over someone else's newer one says 'changed elsewhere', and Keep mine saves over it", async ({
    adminPage: page,
    adminToken,
    request,
  }) => {
    const before = await adminGet<BusinessSettings>(request, adminToken, "/api/admin/settings");
    await page.goto("/admin/settings");
    const form = page.getByRole("form", { name: "Business settings" });
    await form.getByLabel("Region (optional)").fill("Greater Manchester (mine)");

    // Meanwhile another screen saves over the version this one read.
    const theirs = await request.patch("/api/admin/settings", {
      headers: { ...bearer(adminToken), "If-Match": `"${before.updatedAt ?? "new"}"` },
      data: { address: { ...before.facts.address, region: "Theirs" } },
    });
    expect(theirs.status()).toBe(200);

    await form.getByRole("button", { name: "Save settings" }).click();
    const elsewhere = page.getByRole("alert", { name: "Changed elsewhere" });
    await expect(elsewhere).toContainText("saved on another screen");
    await expectNoHorizontalScroll(page);
    await shoot(page, "settings-changed-elsewhere-390");
    // Nothing of mine went over theirs yet.
    expect((await adminGet<BusinessSettings>(request, adminToken, "/api/admin/settings")).facts.address.region).toBe("Theirs");

    await elsewhere.getByRole("button", { name: "Keep mine" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    await expect(elsewhere).toHaveCount(0);
    expect((await adminGet<BusinessSettings>(request, adminToken, "/api/admin/settings")).facts.address.region).toBe(
      "Greater Manchester (mine)",
    );

    // Put the region back for the other tests.
    const restored = await request.patch("/api/admin/settings", {
      headers: bearer(adminToken),
      data: { address: before.facts.address },
    });
    expect(restored.status()).toBe(200);
  });
});

test("an online booking under a known customer's e-mail with another name is a new customer to check, not theirs", async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const email = `${unique("known").toLowerCase()}@example.com`;
  const known = await addCustomer(request, adminToken, { firstName: "Aisha", lastName: "Khan", email, postcode: "M41 5AA" });
  const day = addDays(londonToday(), 9);
  const slots = (await (await request.get(`/api/availability?service=annual-service&from=${day}&days=7`)).json()) as Slot[];
  const booked = await request.post("/api/bookings", {
    headers: { "CF-Connecting-IP": "198.51.100.140" },
    data: {
      service: "annual-service",
      start: slots[0]!.start,
      name: "Mallory Jones",
      email: email.toUpperCase(),
      phone: "07700 900222",
      postcode: "M1 1AA",
      address: "9 Elsewhere Street",
      notes: "Leave the key under the mat",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.goto(`/admin/customers/${known.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Aisha Khan" })).toBeVisible();
  await expect(page.getByText("No service records for this customer yet.")).toBeVisible();

  await page.goto(`/admin/customers?q=${encodeURIComponent("Mallory Jones")}`);
  const row = page.getByRole("listitem").filter({ hasText: "Mallory Jones" });
  await expect(row.getByText("To check")).toBeVisible();
  await row.getByRole("link").click();
  const note = page.getByRole("note", { name: "To check" });
  await expect(note).toContainText("another name or postcode");
  await shoot(page, "customer-to-check-390");
  await note.getByRole("button", { name: "Mark as checked" }).click();
  await expectToast(page, "Customer checked");
  await expect(note).toHaveCount(0);
});
