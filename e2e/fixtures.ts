import { test as base, expect } from "@playwright/test";

/**
 * Every browser test fails on a console error or an uncaught page error (Epic Stack's habit):
 * a screen that "works" while logging errors is not working. A test that provokes an error on
 * purpose (a 404 page, a failing API) lists the expected messages in `allowedConsoleErrors`.
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
      const unexpected = errors.filter((e) => !allowedConsoleErrors.some((re) => re.test(e)));
      expect(unexpected, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
