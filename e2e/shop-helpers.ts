import type { APIRequestContext, Page } from "@playwright/test";
import type { ProductFormInput } from "../schema/api/catalogue";
import type { Product } from "../schema/api/products";

/**
 * Store, cart and checkout tests make their own products (through the admin API, with the local
 * development credentials) so they never depend on what the seed happens to contain.
 */
let token: string | undefined;

async function adminToken(request: APIRequestContext): Promise<string> {
  if (token) return token;
  const res = await request.post("/api/admin/login", { data: { username: "admin", password: "admin-dev-password" } });
  const body = (await res.json()) as { success: boolean; token?: string };
  if (!body.token) throw new Error(`admin login failed: ${res.status()}`);
  token = body.token;
  return token;
}

let counter = 0;
/** A name no other test (or seed row) uses, so a search finds exactly this product. */
export const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createProduct(
  request: APIRequestContext,
  overrides: Partial<ProductFormInput> = {},
  isRetry = false,
): Promise<Product> {
  const res = await request.post("/api/admin/products", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      name: uniqueName("Test Gas Valve"),
      price: "45.99",
      originalPrice: "",
      image: "/images/parts/vaillant-ecotec-plus-gas-valve.svg",
      category: "Gas Valves",
      brand: "Vaillant",
      description: "A replacement gas valve used by the browser tests.",
      condition: "New",
      rating: 4.5,
      inStock: true,
      ...overrides,
    } satisfies ProductFormInput,
  });
  // The kept token may have been ended meanwhile (the Security tests sign out everywhere): sign in again once.
  if (res.status() === 401 && !isRetry) {
    token = undefined;
    return createProduct(request, overrides, true);
  }
  if (res.status() !== 201) throw new Error(`creating a product failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Product;
}

/** The page's own cart session (created on first load), for adding lines through the API. */
export async function cartSession(page: Page): Promise<string> {
  if (page.url() === "about:blank") await page.goto("/payment-cancelled");
  const handle = await page.waitForFunction(() => localStorage.getItem("cart_session_id"));
  return (await handle.jsonValue()) as string;
}

/** Puts lines straight into the page's cart; the next page load shows them. */
export async function fillCart(page: Page, lines: { product: Product; quantity?: number }[]) {
  const sessionId = await cartSession(page);
  for (const { product, quantity = 1 } of lines) {
    const res = await page.request.post("/api/cart/add", {
      headers: { "X-Cart-Session": sessionId },
      data: { sessionId, productId: product.id, quantity },
    });
    if (!res.ok()) throw new Error(`adding to the cart failed: ${res.status()} ${await res.text()}`);
  }
}

/** The header's cart link carries the item count while the cart is not empty. */
export const cartBadge = (page: Page) => page.getByRole("banner").getByRole("link", { name: /cart/i });

/** The page's full width: more than the viewport means a horizontal scroll bar. */
export const scrollWidth = (page: Page) => page.evaluate<number>("document.documentElement.scrollWidth");

/**
 * The e-mail sign-up modal opens by itself after 3 s and would cover the page
 * under test; its once-per-session flag keeps it away, as for a visitor who has seen it.
 */
export const skipSignupModal = (page: Page) =>
  page.addInitScript({ content: "sessionStorage.setItem('emailSignupModalShown', 'true');" });

/** Opens the deals modal the way a reader does: scrolling through a third of the page. */
export const scrollToOpenSignupModal = (page: Page) =>
  page.evaluate("window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * 0.35)");

export { seriousViolations } from "./axe";
