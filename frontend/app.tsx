import { Theme } from "@radix-ui/themes";
import { Suspense, useEffect } from "react";
import { SWRConfig } from "swr";
import { Route, Router, Switch } from "wouter";
import { Layout } from "./components/layout";
import { lazyPage } from "./components/site/lazy-page";
import { CartProvider } from "./hooks/use-cart";
import { swrConfig } from "./lib/swr-config";
import { Toasts } from "./lib/toast";

/**
 * Each public page is its own chunk, so a visitor downloads the code of the page they opened and
 * not of the store, checkout and the rest. main.tsx loads the opened page's chunk before hydrating
 * (see lazyPage); chunks of pages a visitor points at or focuses a link to are fetched ahead of
 * the click.
 */
const Home = lazyPage(() => import("./pages/home"));
const BoilerPricing = lazyPage(() => import("./pages/boiler-pricing"));
const Store = lazyPage(() => import("./pages/store"));
const Cart = lazyPage(() => import("./pages/cart"));
const Checkout = lazyPage(() => import("./pages/checkout"));
const PaymentSuccess = lazyPage(() => import("./pages/payment-success"));
const PaymentCancelled = lazyPage(() => import("./pages/payment-cancelled"));
const ConfirmSubscription = lazyPage(() => import("./pages/confirm-subscription"));
const Privacy = lazyPage(() => import("./pages/privacy"));
const GasElectricity = lazyPage(() => import("./pages/service-gas-electricity"));
const BoilerService = lazyPage(() => import("./pages/service-boiler"));
const Plumbing = lazyPage(() => import("./pages/service-plumbing"));
const Repairs = lazyPage(() => import("./pages/service-repairs"));
const Book = lazyPage(() => import("./pages/book"));
const BookManage = lazyPage(() => import("./pages/book-manage"));
const QuotePage = lazyPage(() => import("./pages/quote"));
const InvoicePage = lazyPage(() => import("./pages/invoice"));
const Terms = lazyPage(() => import("./pages/terms"));
const ReviewPolicy = lazyPage(() => import("./pages/review-policy"));
const Account = lazyPage(() => import("./pages/account"));
const AccountSignIn = lazyPage(() => import("./pages/account-sign-in"));
const NotFound = lazyPage(() => import("./pages/not-found"));

const pagesByPath: Record<string, { preload: () => Promise<unknown> }> = {
  "/": Home,
  "/boiler-pricing": BoilerPricing,
  "/store": Store,
  "/cart": Cart,
  "/checkout": Checkout,
  "/payment-success": PaymentSuccess,
  "/payment-cancelled": PaymentCancelled,
  "/confirm-subscription": ConfirmSubscription,
  "/privacy": Privacy,
  "/terms": Terms,
  "/review-policy": ReviewPolicy,
  "/book": Book,
  "/book/manage": BookManage,
  "/quote": QuotePage,
  "/invoice": InvoicePage,
  "/account": Account,
  "/account/sign-in": AccountSignIn,
  "/service/gas-electricity": GasElectricity,
  "/service/boiler-service": BoilerService,
  "/service/plumbing": Plumbing,
  "/service/repairs": Repairs,
};

/** Loads the code of the public page at `path` (the not-found page for unknown paths). */
export function preloadPage(path: string): Promise<unknown> {
  // A customer's quote or invoice link (/quote/<token>, /invoice/<token>) is served its page.
  const page = path.startsWith("/quote/") ? "/quote" : path.startsWith("/invoice/") ? "/invoice" : path;
  return (pagesByPath[page] ?? NotFound).preload();
}

function usePrefetchOnIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      // A failure here is met again, and shown, when the link is followed.
      pagesByPath[link.pathname]?.preload().catch(() => undefined);
    };
    document.addEventListener("pointerover", onIntent, { passive: true });
    document.addEventListener("focusin", onIntent);
    return () => {
      document.removeEventListener("pointerover", onIntent);
      document.removeEventListener("focusin", onIntent);
    };
  }, []);
}

// The back office is client-only and loaded on demand, so visitors never download it.
const AdminApp = lazyPage(() => import("./pages/admin/admin-app"));

/** Loads the back office and the screen at `path` (/admin/…), so it renders at once. */
export function preloadAdmin(path: string): Promise<unknown> {
  return AdminApp.preload().then((admin) => admin.preloadAdminScreen(path.replace(/^\/admin/, "") || "/"));
}

/** `ssrPath` is set when prerendering a page at build time; in the browser wouter reads location. */
export function App({ ssrPath }: { ssrPath?: string }) {
  usePrefetchOnIntent();
  return (
    <Theme accentColor="orange" grayColor="slate" radius="medium" scaling="100%">
      <SWRConfig value={swrConfig}>
        <Router ssrPath={ssrPath}>
          <Switch>
            <Route path="/admin" nest>
              <Suspense fallback={null}>
                <AdminApp />
              </Suspense>
            </Route>
            <Route>
              <CartProvider>
                <Layout>
                  <Switch>
                    <Route path="/" component={Home} />
                    <Route path="/boiler-pricing" component={BoilerPricing} />
                    <Route path="/store" component={Store} />
                    <Route path="/cart" component={Cart} />
                    <Route path="/checkout" component={Checkout} />
                    <Route path="/payment-success" component={PaymentSuccess} />
                    <Route path="/payment-cancelled" component={PaymentCancelled} />
                    <Route path="/confirm-subscription" component={ConfirmSubscription} />
                    <Route path="/privacy" component={Privacy} />
                    <Route path="/terms" component={Terms} />
                    <Route path="/review-policy" component={ReviewPolicy} />
                    <Route path="/book" component={Book} />
                    <Route path="/book/manage" component={BookManage} />
                    <Route path="/quote" component={QuotePage} />
                    <Route path="/quote/:token" component={QuotePage} />
                    <Route path="/invoice" component={InvoicePage} />
                    <Route path="/invoice/:token" component={InvoicePage} />
                    <Route path="/account" component={Account} />
                    <Route path="/account/sign-in" component={AccountSignIn} />
                    <Route path="/service/gas-electricity" component={GasElectricity} />
                    <Route path="/service/boiler-service" component={BoilerService} />
                    <Route path="/service/plumbing" component={Plumbing} />
                    <Route path="/service/repairs" component={Repairs} />
                    <Route component={NotFound} />
                  </Switch>
                </Layout>
              </CartProvider>
            </Route>
          </Switch>
        </Router>
        <Toasts />
      </SWRConfig>
    </Theme>
  );
}
