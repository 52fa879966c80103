import { test as base, expect } from "@playwright/test";

/**
 * Every browser test fails on a console error or an uncaught page error (Epic Stack's habit):
 * a screen that "works" while logging errors is not working. A test that provokes an error on
 * purpose (a 404 page, a failing API) lists the expected messages in `allowedConsoleErrors`, as ONE
 * regex in a one-element array (`[/status of (400|500)/]`): Playwright reads a two-element array
 * given to `test.use` as `[value, fixtureOptions]`, so a second regex would be lost.
 */
export const test = base.extend<{
  allowedConsoleErrors: RegExp[];
  consoleErrors: string[];
}>({
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
