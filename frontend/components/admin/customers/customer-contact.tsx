import { Fragment } from "react";
import type { AdminCustomer } from "../../../../schema/api/customers";

/** "e-mail · phone · postcode" under a customer's name; a phone number or postcode never breaks in two. */
export function CustomerContact({ customer }: { customer: Pick<AdminCustomer, "email" | "phone" | "postcode"> }) {
  const parts = [customer.email, customer.phone, customer.postcode].filter((p): p is string => Boolean(p));
  return parts.map((part, i) => (
    <Fragment key={part}>
      {i > 0 ? " · " : null}
      <span className={i === 0 ? "admin-wrap-anywhere" : "admin-nowrap"}>{part}</span>
    </Fragment>
  ));
}
