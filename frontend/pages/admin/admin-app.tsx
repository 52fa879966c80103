import { lazy, Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { company } from "../../../schema/business";
import { AdminLayout } from "../../components/admin/admin-layout";
import { LoadingState } from "../../components/admin/admin-states";
import { adminRoutes } from "../../routes";
import AdminNotFound from "./not-found";

// Each screen is its own chunk: the login screen stays small and the product form's upload code
// loads only for the products screen.
const Login = lazy(() => import("./login"));
const Quotes = lazy(() => import("./quotes"));
const EmailSubscribers = lazy(() => import("./email-subscribers"));
const ServiceRecords = lazy(() => import("./service-records"));
const Products = lazy(() => import("./products"));
const Orders = lazy(() => import("./orders"));
const Security = lazy(() => import("./security"));

/** Titles come from the route table the prerender uses, so the tab reads the same as the shell. */
function useAdminDocumentMeta() {
  const [location] = useLocation();
  useEffect(() => {
    const route = adminRoutes.find((r) => r.path === `/admin${location}`);
    document.title = `${route?.title ?? "404 Page Not Found"} | ${company.name}`;
    // Shells are served with noindex; this covers arriving here by client-side navigation.
    if (!document.querySelector('meta[name="robots"]')) {
      const meta = document.createElement("meta");
      meta.name = "robots";
      meta.content = "noindex, nofollow";
      document.head.append(meta);
    }
  }, [location]);
}

const screens = [
  { path: "/quotes", Screen: Quotes },
  { path: "/email-subscribers", Screen: EmailSubscribers },
  { path: "/service-records", Screen: ServiceRecords },
  { path: "/products", Screen: Products },
  { path: "/orders", Screen: Orders },
  { path: "/security", Screen: Security },
] as const;

/** The back office route table, nested under /admin and loaded only when an admin path opens. */
export default function AdminApp() {
  useAdminDocumentMeta();
  return (
    <Switch>
      <Route path="/login">
        <Suspense fallback={<LoadingState label="Loading…" />}>
          <Login />
        </Suspense>
      </Route>
      <Route path="/">
        <Redirect to="/quotes" replace />
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
