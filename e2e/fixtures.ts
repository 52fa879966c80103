import { test as base, expect } from "@playwright/test";
import { type AppServer, startAppServer } from "./app-server";

/**
 * Every browser test fails on a console error or an uncaught page error (Epic Stack's habit):
 * a screen that "works" while logging errors is not working. A test that provokes an error on
 * purpose (a 404 page, a failing API) lists the expected messages in `allowedConsoleErrors`, as ONE
 * regex in a one-element array (`[/status of (400|500)/]`): Playwright reads a two-element array
 * given to `test.use` as `[value, fixtureOptions]`, so a second regex would be lost.
 *
 * The check lives in the `page` fixture itself, so a test that only calls the API (`request`) opens
 * no browser context at all (half a second or more each on a loaded machine).
 */
export const test = base.extend<
  {
    allowedConsoleErrors: RegExp[];
  },
  { appServer: AppServer }
>({
  // Each worker's own server and state (e2e/app-server.ts); every page and request goes to it.
  appServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use, workerInfo) => {
      const server = await startAppServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.base),
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await use(page);
    const allowed: RegExp[] = Array.isArray(allowedConsoleErrors) ? allowedConsoleErrors : [allowedConsoleErrors];
    const unexpected = errors.filter((e) => !allowed.some((re) => re.test(e)));
    expect(unexpected, "console errors on the page").toEqual([]);
  },
});

/**
 * Runs one check per item, each as a named step, on the test's one page (whose cache stays warm, so
 * each load after the first costs a fraction of a fresh test's). A failing item does not stop the
 * others: the test fails at the end with every failure, each named, as separate tests would.
 * The test's time limit grows with the number of items.
 */
export async function checkEach<T>(
  items: readonly T[],
  name: (item: T) => string,
  check: (item: T) => Promise<void>,
  perItemMs = 15_000,
) {
  test.setTimeout(Math.max(test.info().timeout, items.length * perItemMs));
  const failures: string[] = [];
  for (const item of items) {
    try {
      await test.step(name(item), () => check(item));
    } catch (error) {
      failures.push(`${name(item)}: ${(error as Error).message}`);
    }
  }
  expect(failures, "the items whose check failed").toEqual([]);
}

export { expect };
