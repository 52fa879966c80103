// node scripts/search-timing.mjs: how long the owner waits for a customer search over a large
// customer list. Builds the app into .bench/search-timing/ (its own build and local state, removed
// afterwards), adds SEARCH_CUSTOMERS (default 5,000) generated customers to the seeded ones in one
// SQL statement, then in Chromium types part of a phone number into the Customers screen's search
// box and times it until that customer's row is on screen, RUNS times (default 7). It also times
// the list call alone, so the share of the box's 250 ms typing pause, the Worker and the page shows.
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { startPreview } from "./preview-server.mjs";

const PORT = Number(process.env.SEARCH_TIMING_PORT ?? 8798);
const CUSTOMERS = Number(process.env.SEARCH_CUSTOMERS ?? 5000);
const RUNS = Number(process.env.RUNS ?? 7);
const ADMIN = { username: "admin", password: "admin-dev-password" };

/** Generated customer i's mobile: 07700 and six digits, different for every i below a million (7919 is prime). */
const tail = (i) => String((i * 7919) % 1_000_000).padStart(6, "0");

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (n) => `${n.toFixed(0)} ms`;

function d1(env, sql) {
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", env.STATE_DIR, "--json", "--command", sql],
    { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  return JSON.parse(out)[0]?.results ?? [];
}

const preview = await startPreview({ dir: ".bench/search-timing", port: PORT });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  d1(
    preview.env,
    `INSERT INTO customers (first_name, last_name, email, phone, postcode)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CUSTOMERS})
     SELECT 'Bench' || i, 'Customer' || i, 'bench.customer' || i || '@example.com',
            '07700 ' || printf('%06d', (i * 7919) % 1000000), 'M' || (1 + i % 40) || ' ' || (i % 10) || 'AB'
     FROM n`,
  );
  const [{ count }] = d1(preview.env, "SELECT COUNT(*) AS count FROM customers");
  console.log(`search-timing: ${count} customers`);

  const login = await fetch(`${preview.base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token } = await login.json();

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${preview.base}/admin/login`);
  await page.evaluate((t) => sessionStorage.setItem("adminToken", t), token);
  await page.goto(`${preview.base}/admin/customers`);
  const box = page.getByRole("searchbox", { name: "Search customers" });
  const rows = page.getByRole("list", { name: "Customers" }).getByRole("link");
  await rows.first().waitFor();

  const browserTimes = [];
  const apiTimes = [];
  for (let run = 0; run < RUNS; run++) {
    // Customers spread over the list, none of them on its first page (sorted by last name).
    const i = 1 + Math.floor(((run + 0.5) / RUNS) * CUSTOMERS);
    const typed = `${tail(i).slice(0, 3)} ${tail(i).slice(3)}`;
    const row = rows.filter({ hasText: `Bench${i} Customer${i}` });

    // Timed inside the page, from the first keystroke's input event to the frame after the row is
    // added: Playwright's own waiting polls at up to 500 ms intervals, too coarse for this.
    await page.evaluate((name) => {
      const win = /** @type {any} */ (window);
      win.searchTiming = new Promise((resolve) => {
        let typedAt = 0;
        document.querySelector('input[type="search"]').addEventListener("input", () => (typedAt ||= performance.now()));
        const seen = () =>
          [...document.querySelectorAll('ul[aria-label="Customers"] a')].some((a) => a.textContent.includes(name));
        new MutationObserver((_, observer) => {
          if (!typedAt || !seen()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - typedAt));
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    }, `Bench${i} Customer${i}`);
    await box.fill(typed);
    browserTimes.push(await page.evaluate(() => /** @type {any} */ (window).searchTiming));
    await row.first().waitFor();

    const apiStart = performance.now();
    const res = await fetch(`${preview.base}/api/admin/customers?q=${encodeURIComponent(typed)}&limit=30&offset=0`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const found = await res.json();
    apiTimes.push(performance.now() - apiStart);
    if (!found.some((c) => c.firstName === `Bench${i}`)) throw new Error(`the API did not find customer ${i} by "${typed}"`);
    console.log(`  "${typed}" → Bench${i} Customer${i}: ${ms(browserTimes.at(-1))} on screen, list call ${ms(apiTimes.at(-1))}`);

    await box.fill("");
    await page.waitForURL((url) => !url.searchParams.has("q"));
    await rows.first().waitFor();
  }
  console.log(
    `\ncustomer search over ${count} customers, median of ${RUNS}: ${ms(median(browserTimes))} from typing to the row on screen ` +
      `(of which 250 ms is the search box's typing pause), list call alone ${ms(median(apiTimes))}`,
  );
} finally {
  await browser.close();
  await preview.stop();
}
