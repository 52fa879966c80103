import type { Page } from "@playwright/test";
import { expect } from "./admin-fixtures";

/**
 * The engineer's phone ready to lose its signal on /admin/today: the service worker has the app and
 * the job sheet's code, and the phone keeps the catalogue's part names (so `partName` can be found
 * offline). Call it on the day's page, online.
 */
export async function phoneKeepsTheDay(page: Page, partName: string) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  // The job sheet's code is on the phone whether or not a sheet was opened: the worker fetched it when it
  // installed, with the script that starts the day's read.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const keys = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
        const urls = keys.flat().map((r) => r.url);
        return ["/job-sheet-", "/signature-field-", "/admin-day-preload-"].every((name) =>
          urls.some((url) => url.includes(name)),
        );
      }),
    )
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(
        (name) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open("northside-phone");
            open.onsuccess = () => {
              const read = open.result.transaction("catalogue").objectStore("catalogue").get("parts");
              read.onsuccess = () => resolve(Boolean(read.result?.parts.some((p: { name: string }) => p.name === name)));
              read.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
        partName,
      ),
    )
    .toBe(true);
}
