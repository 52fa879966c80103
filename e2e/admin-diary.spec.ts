import type { APIRequestContext } from "@playwright/test";
import type { Slot } from "../schema/api/bookings";
import type { OutboxEmail } from "../schema/api/campaigns";
import type { DiaryEngineer } from "../schema/api/diary";
import type { TeamMember } from "../schema/api/team";
import { addDays, londonDateOf, londonToday } from "../schema/london-time";
import { formatTime } from "../schema/london-time-text";
import { adminGet, bearer, expect, test, unique } from "./admin-fixtures";
import { choose } from "./workbench-helpers";

// The diary per engineer (issue 46) on a phone: the owner blocks a day off in their own diary from
// the engineers' panel, /book stops offering it, and the week still fits the screen.
test("at 390px the owner blocks a day off in an engineer's diary and /book stops offering it", async ({
  adminPage: page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const slots = (await (await request.get("/api/availability?service=annual-service&days=14")).json()) as Slot[];
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(slots.at(-1)!.start));
  const offeredThatDay = async () =>
    ((await (await request.get(`/api/availability?service=annual-service&from=${day}&days=1`)).json()) as Slot[]).length;
  expect(await offeredThatDay()).toBeGreaterThan(0);

  await page.goto("/admin/calendar");
  const panel = page.getByRole("region", { name: "Engineers' hours and blocked times" });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("engineer-feed-url")).toContainText("/api/calendar/");
  const block = panel.getByRole("form", { name: /Block .*'s time/ });
  await block.getByLabel("Day", { exact: true }).fill(day);
  await block.getByLabel("Reason", { exact: true }).fill("Training");
  await block.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByText("Time blocked")).toBeVisible();
  const listed = panel
    .getByRole("list", { name: /blocked times/ })
    .getByRole("listitem")
    .filter({ hasText: "Training" });
  await expect(listed).toBeVisible();
  expect(await offeredThatDay()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/admin-diary/diary-390.png", fullPage: true });

  await listed.getByRole("button", { name: "Remove" }).click();
  await expect(listed).toHaveCount(0);
  expect(await offeredThatDay()).toBeGreaterThan(0);
});

/**
 * A plumber on the team, signed up through their invitation: they do work (so the diary has a column
 * for them), but no gas work, so /book's gas services never offer their time to other tests.
 */
async function activePlumber(request: APIRequestContext, token: string, name: string) {
  const email = `${unique("plumber").toLowerCase()}@example.com`;
  const invited = await request.post("/api/admin/team", {
    headers: bearer(token),
    data: { name, email, role: "engineer", qualifications: ["plumbing"] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const person = (await invited.json()) as TeamMember;
  let link = "";
  await expect
    .poll(
      async () => {
        const outbox = await adminGet<OutboxEmail[]>(request, token, "/api/admin/outbox?limit=20");
        link = /\/admin\/join#([A-Za-z0-9_-]+)/.exec(outbox.find((m) => m.to === email)?.text ?? "")?.[1] ?? "";
        return link;
      },
      { message: `the invitation e-mail to ${email}`, timeout: 20_000, intervals: [250] },
    )
    .not.toBe("");
  const password = "copper pipes and brass fittings";
  const joined = await request.post("/api/admin/join", {
    data: { token: link, password, confirm: password },
    headers: { "CF-Connecting-IP": "198.51.100.47" },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return person;
}

// The visit form's free times are the chosen engineers' (issue 46): asked again as the choice changes.
test("the visit form offers the free times of the engineers chosen", async ({ adminPage: page, adminToken, request }) => {
  const plumber = await activePlumber(request, adminToken, "Rhys Price");
  try {
    const owner = (await adminGet<DiaryEngineer[]>(request, adminToken, "/api/admin/engineers")).find((e) => e.role === "owner")!;
    const freeTimes = (day: string, ...who: number[]) =>
      adminGet<Slot[]>(
        request,
        adminToken,
        `/api/admin/service-records/free-times?minutes=60&from=${day}&days=1${who.map((id) => `&engineer=${id}`).join("")}`,
      );
    // A working day a week or more away, the plumber away for its first three hours.
    const [first] = await adminGet<Slot[]>(
      request,
      adminToken,
      `/api/admin/service-records/free-times?minutes=60&from=${addDays(londonToday(), 7)}&days=14`,
    );
    const day = londonDateOf(first!.start);
    const blocked = await request.post(`/api/admin/engineers/${plumber.id}/blocks`, {
      headers: bearer(adminToken),
      data: { start: first!.start, end: new Date(Date.parse(first!.start) + 3 * 3_600_000).toISOString(), reason: "Training" },
    });
    expect(blocked.status(), await blocked.text()).toBe(201);
    const [anyone, theirs, pair] = [
      await freeTimes(day),
      await freeTimes(day, plumber.id),
      await freeTimes(day, owner.id, plumber.id),
    ];
    const notTheirs = anyone.find((s) => !theirs.some((t) => t.start === s.start));
    expect(notTheirs, "a time the owner is free and the plumber is not").toBeDefined();
    expect(theirs.length).toBeGreaterThan(0);

    await page.goto("/admin/service-records");
    await page.getByRole("button", { name: "Add Record" }).click();
    const form = page.getByRole("dialog", { name: "Add Service Record" });
    await choose(form, page, "Kind of visit", "Annual Boiler Service");
    await form.getByLabel("Service date").fill(day);
    const times = form.getByRole("list", { name: "Free times for a 60-minute visit" }).getByRole("button");
    const offered = (slot: Slot) => times.filter({ hasText: new RegExp(`^${formatTime(slot.start)}–${formatTime(slot.end)}$`) });
    await expect(times).toHaveCount(anyone.length);
    await offered(notTheirs!).click();
    await expect(offered(notTheirs!)).toHaveAttribute("aria-pressed", "true");

    const askedForTheirs = page.waitForRequest(
      (r) => r.url().includes("/free-times?") && r.url().endsWith(`&engineer=${plumber.id}`),
    );
    await form.getByRole("checkbox", { name: "Rhys Price" }).click();
    await askedForTheirs;
    await expect(times).toHaveCount(theirs.length);
    await expect(offered(notTheirs!)).toHaveCount(0);
    // Nothing stays picked from the times of a choice no longer made.
    await expect(form.locator('[aria-pressed="true"]')).toHaveCount(0);

    await form.getByRole("checkbox", { name: owner.name }).click();
    await expect(times).toHaveCount(pair.length);
    for (const slot of pair) await expect(offered(slot)).toBeVisible();
  } finally {
    await request.post(`/api/admin/team/${plumber.id}/remove`, { headers: bearer(adminToken) });
  }
});
