import { Theme } from "@radix-ui/themes";
import { lazy, Suspense } from "react";
import { Slide, ToastContainer } from "react-toastify";
import { SWRConfig } from "swr";
import { Route, Router, Switch } from "wouter";
import { Layout } from "./components/layout";
import { CartProvider } from "./hooks/use-cart";
import { swrConfig } from "./lib/swr-config";
import BoilerPricing from "./pages/boiler-pricing";
import Cart from "./pages/cart";
import Checkout from "./pages/checkout";
import Home from "./pages/home";
import NotFound from "./pages/not-found";
import PaymentCancelled from "./pages/payment-cancelled";
import PaymentSuccess from "./pages/payment-success";
import BoilerService from "./pages/service-boiler";
import GasElectricity from "./pages/service-gas-electricity";
import Plumbing from "./pages/service-plumbing";
import Repairs from "./pages/service-repairs";
import Store from "./pages/store";

// The back office is client-only and loaded on demand, so visitors never download it.
const AdminApp = lazy(() => import("./pages/admin/admin-app"));

/** `ssrPath` is set when prerendering a page at build time; in the browser wouter reads location. */
export function App({ ssrPath }: { ssrPath?: string }) {
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
        <ToastContainer
          position="bottom-right"
          autoClose={5000}
          limit={1}
          newestOnTop
          draggable
          draggablePercent={20}
          closeOnClick={false}
          transition={Slide}
          theme="colored"
        />
      </SWRConfig>
    </Theme>
  );
}
