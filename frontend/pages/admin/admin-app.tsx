import { Route, Switch } from "wouter";

/** The back office route table (nested under /admin). Placeholder until the admin screens land. */
export default function AdminApp() {
  return (
    <Switch>
      <Route path="/login">
        <h1>Admin Login</h1>
      </Route>
      <Route path="/quotes">
        <h1>Quotes</h1>
      </Route>
      <Route path="/email-subscribers">
        <h1>Email Subscribers</h1>
      </Route>
      <Route path="/service-records">
        <h1>Service Records Management</h1>
      </Route>
      <Route path="/products">
        <h1>Product Management</h1>
      </Route>
      <Route path="/orders">
        <h1>Orders</h1>
      </Route>
      <Route>
        <h1>404 Page Not Found</h1>
      </Route>
    </Switch>
  );
}
