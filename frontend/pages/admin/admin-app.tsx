import { Suspense, useEffect } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter } from "wouter";
import { adminRoutes } from "../../../schema/admin-routes";
import { paperNames, papers } from "../../../schema/api/papers";
import { company } from "../../../schema/business";
import { matchesRoute } from "../../../schema/routes";
import { AdminLayout } from "../../components/admin/admin-layout";
import { LoadingState } from "../../components/admin/admin-states";
import { RoleGate } from "../../components/admin/role-gate";
import { lazyPage } from "../../components/site/lazy-page";
import { onAdminSessionEnd } from "../../lib/admin/admin-api";
import { forgetPhoneData } from "../../lib/admin/phone-data";
import { whenIdle } from "../../lib/idle";
import { wantToasts } from "../../lib/toast";
import AdminNotFound from "./not-found";
import { paperScreens } from "./paper-screens";

// Each screen is its own chunk: the login screen stays small and the product form's upload code
// loads only for the products screen. The screen a tab opens on is loaded before the first render
// (preloadAdminScreen), so it renders at once and starts its own reads a render earlier.
const Login = lazyPage(() => import("./login"));
const Join = lazyPage(() => import("./join"));
const Home = lazyPage(() => import("./home"));
const Customers = lazyPage(() => import("./customers"));
const Customer = lazyPage(() => import("./customer"));
const Enquiries = lazyPage(() => import("./enquiries"));
const EmailSubscribers = lazyPage(() => import("./email-subscribers"));
const ServiceRecords = lazyPage(() => import("./service-records"));
const GasSafetyRecords = lazyPage(() => import("./gas-safety"));
const Quotes = lazyPage(() => import("./quotes"));
const Quote = lazyPage(() => import("./quote"));
const Invoices = lazyPage(() => import("./invoices"));
const Today = lazyPage(() => import("./today"));
const Invoice = lazyPage(() => import("./invoice"));
const Job = lazyPage(() => import("./job"));
const Jobs = lazyPage(() => import("./jobs"));
const Reports = lazyPage(() => import("./reports"));
const Products = lazyPage(() => import("./products"));
const Orders = lazyPage(() => import("./orders"));
const Calendar = lazyPage(() => import("./calendar"));
const Reminders = lazyPage(() => import("./reminders"));
const Chats = lazyPage(() => import("./chats"));
const Outbox = lazyPage(() => import("./outbox"));
const Settings = lazyPage(() => import("./settings"));
const Security = lazyPage(() => import("./security"));
const Team = lazyPage(() => import("./team"));
const Testimonials = lazyPage(() => import("./testimonials"));
const Audit = lazyPage(() => import("./audit"));

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
  { path: "/quotes", Screen: Enquiries },
  { path: "/customers", Screen: Customers },
  { path: "/customers/:id", Screen: Customer },
  { path: "/email-subscribers", Screen: EmailSubscribers },
  { path: "/service-records", Screen: ServiceRecords },
  { path: "/gas-safety", Screen: GasSafetyRecords },
  // Each paper drafted at a visit, at its segment (paper-screens.ts).
  ...paperNames.map((name) => ({ path: `/${papers[name].segment}/:id`, Screen: paperScreens[name].Screen })),
  { path: "/estimates", Screen: Quotes },
  { path: "/estimates/:id", Screen: Quote },
  { path: "/invoices", Screen: Invoices },
  { path: "/today", Screen: Today },
  { path: "/invoices/:id", Screen: Invoice },
  { path: "/jobs", Screen: Jobs },
  { path: "/reports", Screen: Reports },
  { path: "/jobs/:id", Screen: Job },
  { path: "/products", Screen: Products },
  { path: "/orders", Screen: Orders },
  { path: "/calendar", Screen: Calendar },
  { path: "/reminders", Screen: Reminders },
  { path: "/chats", Screen: Chats },
  { path: "/outbox", Screen: Outbox },
  { path: "/settings", Screen: Settings },
  { path: "/security", Screen: Security },
  { path: "/team", Screen: Team },
  { path: "/testimonials", Screen: Testimonials },
  { path: "/audit", Screen: Audit },
] as const;

/** The screen at `path` (under /admin: "/" is the home screen), loaded; nothing for an unknown path. */
export function preloadAdminScreen(path: string): Promise<unknown> {
  const address = path.replace(/(.)\/$/, "$1");
  if (address === "/login") return Login.preload();
  if (address === "/join") return Join.preload();
  const screen = screens.find(({ path: pattern }) => matchesRoute(pattern, address));
  return screen ? screen.Screen.preload() : Promise.resolve();
}

/** A session that ends takes the phone's copy of the day with it (lib/admin/phone-data.ts says what stays). */
function useForgetPhoneDataOnSessionEnd() {
  useEffect(() => onAdminSessionEnd(({ byServer }) => forgetPhoneData({ keepUnsynced: byServer })), []);
}

/**
 * The back office's service worker (public/admin-sw.js), scoped to /admin/: what the phone opened
 * once opens again without signal. Not in `vite dev`, whose scripts are not the build's.
 */
function useAdminServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    // Once the page has loaded and the browser is idle: installing downloads the offline files,
    // which would otherwise take the connection from the screen's own scripts and reads, and the
    // registering itself is not work for the first render's effects.
    let cancel = () => {};
    const register = () => {
      cancel = whenIdle(() => {
        navigator.serviceWorker.register("/admin-sw.js", { scope: "/admin/" }).catch((error: unknown) => {
          console.warn("The back office's offline copy is unavailable:", error);
        });
      });
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => {
      window.removeEventListener("load", register);
      cancel();
    };
  }, []);
}

/**
 * Toasts are the back office's everyday answer to a tap: their code comes in once the screen is
 * idle, so the first Save's toast shows at once (a visitor's page loads it with its first toast).
 */
function useToastsReady() {
  useEffect(() => whenIdle(wantToasts), []);
}

/** The back office route table, nested under /admin and loaded only when an admin path opens. */
export default function AdminApp() {
  useAdminDocumentMeta();
  useToastsReady();
  useAdminServiceWorker();
  useForgetPhoneDataOnSessionEnd();
  return (
    <Switch>
      <Route path="/login">
        <Suspense fallback={<LoadingState label="Loading…" />}>
          <Login />
        </Suspense>
      </Route>
      {/* An invited person's link: public, like the sign-in. */}
      <Route path="/join">
        <Suspense fallback={<LoadingState label="Loading…" />}>
          <Join />
        </Suspense>
      </Route>
      {screens.map(({ path, Screen }) => (
        <Route key={path} path={path}>
          <AdminLayout>
            <Suspense fallback={<LoadingState label="Loading…" />}>
              <RoleGate path={path}>
                <Screen />
              </RoleGate>
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
