import { lazy, Suspense, useEffect } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter } from "wouter";
import { company } from "../../../schema/business";
import { adminRoutes } from "../../../schema/routes";
import { AdminLayout } from "../../components/admin/admin-layout";
import { LoadingState } from "../../components/admin/admin-states";
import AdminNotFound from "./not-found";

// Each screen is its own chunk: the login screen stays small and the product form's upload code
// loads only for the products screen.
const Login = lazy(() => import("./login"));
const Home = lazy(() => import("./home"));
const Customers = lazy(() => import("./customers"));
const Customer = lazy(() => import("./customer"));
const Quotes = lazy(() => import("./quotes"));
const EmailSubscribers = lazy(() => import("./email-subscribers"));
const ServiceRecords = lazy(() => import("./service-records"));
const GasSafetyRecord = lazy(() => import("./gas-safety-record"));
const ServiceSheet = lazy(() => import("./service-sheet"));
const Estimates = lazy(() => import("./estimates"));
const Estimate = lazy(() => import("./estimate"));
const Invoices = lazy(() => import("./invoices"));
const Today = lazy(() => import("./today"));
const Invoice = lazy(() => import("./invoice"));
const Products = lazy(() => import("./products"));
const Orders = lazy(() => import("./orders"));
const Calendar = lazy(() => import("./calendar"));
const Reminders = lazy(() => import("./reminders"));
const Chats = lazy(() => import("./chats"));
const Outbox = lazy(() => import("./outbox"));
const Settings = lazy(() => import("./settings"));
const Security = lazy(() => import("./security"));

/** Titles come from the route table the prerender uses, so the tab reads the same as the shell. */
function useAdminDocumentMeta() {
  const [location] = useLocation();
  const { parser } = useRouter();
  useEffect(() => {
    // Nested under /admin, so a location of "/" is the home screen at /admin.
    const path = location === "/" ? "/admin" : `/admin${location}`;
    const route = adminRoutes.find((r) => matchRoute(parser, r.path, path)[0]);
    document.title = `${route?.title ?? "404 Page Not Found"} | ${company.name}`;
    // Shells are served with noindex; this covers arriving here by client-side navigation.
    if (!document.querySelector('meta[name="robots"]')) {
      const meta = document.createElement("meta");
      meta.name = "robots";
      meta.content = "noindex, nofollow";
      document.head.append(meta);
    }
  }, [location, parser]);
}

const screens = [
  { path: "/", Screen: Home },
  { path: "/quotes", Screen: Quotes },
  { path: "/customers", Screen: Customers },
  { path: "/customers/:id", Screen: Customer },
  { path: "/email-subscribers", Screen: EmailSubscribers },
  { path: "/service-records", Screen: ServiceRecords },
  { path: "/gas-safety-records/:id", Screen: GasSafetyRecord },
  { path: "/service-sheets/:id", Screen: ServiceSheet },
  { path: "/estimates", Screen: Estimates },
  { path: "/estimates/:id", Screen: Estimate },
  { path: "/invoices", Screen: Invoices },
  { path: "/today", Screen: Today },
  { path: "/invoices/:id", Screen: Invoice },
  { path: "/products", Screen: Products },
  { path: "/orders", Screen: Orders },
  { path: "/calendar", Screen: Calendar },
  { path: "/reminders", Screen: Reminders },
  { path: "/chats", Screen: Chats },
  { path: "/outbox", Screen: Outbox },
  { path: "/settings", Screen: Settings },
  { path: "/security", Screen: Security },
] as const;

/**
 * The back office's service worker (public/admin-sw.js), scoped to /admin/: what the phone opened
 * once opens again without signal. Not in `vite dev`, whose scripts are not the build's.
 */
function useAdminServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/admin-sw.js", { scope: "/admin/" }).catch((error: unknown) => {
      console.warn("The back office's offline copy is unavailable:", error);
    });
  }, []);
}

/** The back office route table, nested under /admin and loaded only when an admin path opens. */
export default function AdminApp() {
  useAdminDocumentMeta();
  useAdminServiceWorker();
  return (
    <Switch>
      <Route path="/login">
        <Suspense fallback={<LoadingState label="Loading…" />}>
          <Login />
        </Suspense>
      </Route>
      {screens.map(({ path, Screen }) => (
        <Route key={path} path={path}>
          <AdminLayout>
            <Suspense fallback={<LoadingState label="Loading…" />}>
              <Screen />
            </Suspense>
          </AdminLayout>
        </Route>
      ))}
      <Route>
        <AdminNotFound />
      </Route>
    </Switch>
  );
}
