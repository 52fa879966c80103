import { test as base, expect } from "@playwright/test";
import { type AppServer, startAppServer } from "./app-server";

/**
 * Every browser test fails on a console error or an uncaught page error (Epic Stack's habit):
 * a screen that "works" while logging errors is not working. A test that provokes an error on
 * purpose (a 404 page, a failing API) lists the expected messages in `allowedConsoleErrors`, as ONE
 * regex in a one-element array (`[/status of (400|500)/]`): Playwright reads a two-element array
 * given to `test.use` as `[value, fixtureOptions]`, so a second regex would be lost.
 */
export const test = base.extend<
  {
    allowedConsoleErrors: RegExp[];
    consoleErrors: string[];
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
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      const allowed: RegExp[] = Array.isArray(allowedConsoleErrors) ? allowedConsoleErrors : [allowedConsoleErrors];
      const unexpected = errors.filter((e) => !allowed.some((re) => re.test(e)));
      expect(unexpected, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
