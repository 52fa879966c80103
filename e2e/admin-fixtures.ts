import { crc32, deflateSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import type { OutboxEmail } from "../schema/api/campaigns";
import { CART_SESSION_HEADER } from "../schema/api/cart";
import type { Product } from "../schema/api/products";
import type { AdminLoginResult } from "../schema/api/security";
import { seriousViolations } from "./axe";
import { test as base, expect } from "./fixtures";

/**
 * Browser globals for code that runs inside the page: e2e is typechecked without the DOM library,
 * so `page.evaluate` callbacks reach them through `globalThis as unknown as PageWindow`.
 */
export type PageWindow = {
  location: { protocol: string };
  innerWidth: number;
  document: {
    documentElement: { scrollWidth: number };
    addEventListener(type: "click", listener: (event: PageClick) => void, capture: boolean): void;
  };
  lastMailto?: string;
  pwned?: boolean;
};
type PageClick = { target: { closest?(selector: string): { href: string } | null } | null; preventDefault(): void };

/** The documented local development credentials (README, decision record 004). */
export const ADMIN = { username: "admin", password: "admin-dev-password" } as const;

export async function loginToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/admin/login", { data: ADMIN });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as AdminLoginResult;
  if (!body.success) throw new Error("the local admin login asked for a second-factor code");
  return body.token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function adminGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: bearer(token) });
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

/**
 * Everyone but the owner removed from the team. A spec file that invites people calls it after each
 * test: the files after it on the same worker (and its data) book as a business of one, whose one
 * engineer a visit at a time takes off /book.
 */
export async function removeTeamMembers(request: APIRequestContext, token: string) {
  const people = await adminGet<{ id: number; isOwner: boolean; status: string }[]>(request, token, "/api/admin/team");
  for (const person of people.filter((p) => !p.isOwner && p.status !== "removed")) {
    const res = await request.post(`/api/admin/team/${person.id}/remove`, { headers: bearer(token) });
    expect(res.status(), `removing team member ${person.id}`).toBe(200);
  }
}

/**
 * `adminPage` is a page whose tab already holds a fresh admin token, as after logging in. The
 * token is put in place once, so a test that logs out stays logged out after reloads.
 */
export const test = base.extend<{ adminToken: string; adminPage: Page }>({
  adminToken: async ({ request }, use) => {
    await use(await loginToken(request));
  },
  adminPage: async ({ page, adminToken }, use) => {
    await page.addInitScript((token) => {
      // Browser error pages and about:blank have no storage of their own.
      const { protocol } = (globalThis as unknown as PageWindow).location;
      if (protocol !== "http:" && protocol !== "https:") return;
      if (sessionStorage.getItem("e2eTokenPlaced")) return;
      sessionStorage.setItem("e2eTokenPlaced", "1");
      sessionStorage.setItem("adminToken", token);
    }, adminToken);
    await use(page);
  },
});
export { expect };

/** A short unique tag, so each test finds its own rows among the seeded ones. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A quote through the public API, from an address of its own (quote requests are limited per address). */
export async function createEnquiry(
  request: APIRequestContext,
  name: string,
  service = "boiler-repair",
  message = `Test request from ${name}`,
) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`;
  const res = await request.post("/api/quotes", {
    data: { name, phone: "0161 496 0555", email, postcode: "M32 0ZZ", service, message },
    headers: { "CF-Connecting-IP": someAddress() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { name, email };
}

/**
 * A documentation-range address per call: the sign-up and confirm API limit requests per address,
 * and tests should not use up each other's allowance.
 */
const someAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** A sign-up through the public API: the address is pending until its confirmation link is followed. */
export async function signUpPending(request: APIRequestContext, email: string) {
  const res = await request.post("/api/email-signups", {
    data: { email, source: "/" },
    headers: { "CF-Connecting-IP": someAddress() },
  });
  expect(res.status(), await res.text()).toBe(202);
  return email;
}

/**
 * The token of the confirmation e-mail sent to `email`, read from the local outbox (the queue
 * sends it within a few seconds).
 */
export async function confirmationToken(request: APIRequestContext, token: string, email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = await adminGet<OutboxEmail[]>(request, token, "/api/admin/outbox?limit=20");
        const mail = outbox.find((m) => m.to === email && /confirm-subscription\?token=/.test(m.text));
        found = mail ? decodeURIComponent(/confirm-subscription\?token=([^\s"<]+)/.exec(mail.text)![1]!) : undefined;
        return found;
      },
      { message: `confirmation e-mail to ${email}`, timeout: 20_000, intervals: [250] },
    )
    .toBeTruthy();
  return found!;
}

/** An active subscriber: signed up and confirmed through the public API, as a visitor would. */
export async function signUp(request: APIRequestContext, token: string, email: string) {
  await signUpPending(request, email);
  const res = await request.post("/api/email-signups/confirm", {
    data: { token: await confirmationToken(request, token, email) },
    headers: { "CF-Connecting-IP": someAddress() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return email;
}

/** A real order through the public cart and order API, for one unit of the first product in stock. */
export async function placeOrder(request: APIRequestContext, customerName: string) {
  const products = (await (await request.get("/api/products")).json()) as Product[];
  const product = products.find((p) => p.inStock);
  if (!product) throw new Error("no product in stock to order");
  const sessionId = `session_${Date.now()}_${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("")}`;
  const headers = { [CART_SESSION_HEADER]: sessionId };
  const add = await request.post("/api/cart/add", { headers, data: { sessionId, productId: product.id, quantity: 1 } });
  expect(add.ok(), await add.text()).toBe(true);
  const res = await request.post("/api/orders", {
    headers,
    data: {
      customerName,
      customerEmail: `${customerName.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`,
      customerPhone: "0161 496 0777",
      shippingAddress: "12 Test Street, Stretford, M32 0ZZ",
      sessionId,
      totalAmount: product.price,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = (await res.json()) as { order: { id: string } };
  return { id: order.id, product };
}

/** A valid width×height RGB PNG of one colour, built byte by byte (signature, IHDR, IDAT, IEND). */
export function makePng(width = 16, height = 16, rgb: [number, number, number] = [255, 122, 26]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, default compression/filter/interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The toast with this title (a replaced toast may still be fading out beside it). */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const t = page.locator(".Toastify__toast").filter({ hasText: title }).first();
  await expect(t).toBeVisible();
  if (description) await expect(t).toContainText(description);
}

/** Screenshots to look at, in the test's own output folder: the whole page, and the first screenful at readable size. */
export async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await page.screenshot({ path: test.info().outputPath(`${name}-top.png`) });
}

/** No sideways scrolling at the current width; a failure names the elements that stick out. */
export async function expectNoHorizontalScroll(page: Page) {
  const { overflow, culprits } = await page.evaluate<{ overflow: number; culprits: string[] }>(`(() => {
    const overflow = document.documentElement.scrollWidth - innerWidth;
    const name = (el) => el.tagName.toLowerCase() + [...el.classList].map((c) => "." + c).join("");
    const culprits = overflow <= 0 ? [] : [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
      .slice(0, 8)
      .map((el) => name(el) + " (right " + Math.round(el.getBoundingClientRect().right) + ")");
    return { overflow, culprits };
  })()`);
  expect(overflow, `page wider than the viewport: ${culprits.join(", ")}`).toBeLessThanOrEqual(0);
}

/** No serious or critical accessibility problems (axe, WCAG 2.1 A and AA rules). */
export async function expectAccessible(page: Page) {
  // The e-mail preview is the owner's content in a sandbox where axe cannot run (and need not).
  expect(await seriousViolations(page, 'iframe[title="E-mail preview"]')).toEqual([]);
}
