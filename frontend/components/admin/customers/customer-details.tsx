import { Button, Callout, Flex, Heading } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminCustomer, CustomerInput } from "../../../../schema/api/customers";
import { contactChannelLabels } from "../../../../schema/api/customers";
import { telHref } from "../../../lib/tel";
import { notify } from "../../../lib/toast";
import { BreakableEmail } from "../breakable-email";
import { EditIcon, MailIcon, PhoneIcon } from "../icons";
import { CustomerForm } from "./customer-form";
import { LandlordBadge } from "./landlord-badge";

/** A customer's details to read (phone and e-mail one tap away), and Edit to change them. */
export function CustomerDetails({
  customer,
  onSave,
}: {
  customer: AdminCustomer;
  onSave: (changes: Partial<CustomerInput> | { checkReason: null }) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [checking, setChecking] = useState(false);
  return (
    <section className="admin-card admin-panel admin-customer-details" aria-labelledby="customer-details-heading">
      {customer.checkReason ? (
        <Callout.Root color="orange" role="note" mb="3" aria-label="To check">
          <Callout.Text>
            <strong>To check:</strong> {customer.checkReason}
          </Callout.Text>
          <Flex>
            <Button
              size="2"
              variant="soft"
              color="orange"
              highContrast
              loading={checking}
              onClick={async () => {
                setChecking(true);
                try {
                  await onSave({ checkReason: null });
                  notify({ title: "Customer checked", description: "The note is gone from this customer.", variant: "success" });
                } finally {
                  setChecking(false);
                }
              }}
            >
              Mark as checked
            </Button>
          </Flex>
        </Callout.Root>
      ) : null}
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="4" id="customer-details-heading">
          Details
        </Heading>
        {editing ? null : (
          <Button variant="soft" color="gray" onClick={() => setEditing(true)}>
            <EditIcon /> Edit Details
          </Button>
        )}
      </Flex>
      {editing ? (
        <CustomerForm
          key={customer.id}
          idPrefix="customer"
          labelledBy="customer-details-heading"
          customer={customer}
          onCancel={() => setEditing(false)}
          onSave={async (changes) => {
            await onSave(changes);
            notify({ title: "Customer saved", description: "The details are up to date.", variant: "success" });
            setEditing(false);
          }}
        />
      ) : (
        <dl className="admin-fields">
          <div>
            <dt>Email</dt>
            <dd>
              {customer.email ? (
                <a className="admin-muted-link admin-icon-link" href={`mailto:${customer.email}`}>
                  <MailIcon /> <BreakableEmail email={customer.email} />
                </a>
              ) : (
                <span className="admin-muted">None: phone only</span>
              )}
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              {customer.phone ? (
                <a className="admin-muted-link admin-icon-link" href={telHref(customer.phone)}>
                  <PhoneIcon /> {customer.phone}
                </a>
              ) : (
                "Not known"
              )}
            </dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd className="admin-prewrap">{customer.address ?? "Not known"}</dd>
          </div>
          <div>
            <dt>Postcode</dt>
            <dd>{customer.postcode ?? "Not known"}</dd>
          </div>
          <div>
            <dt>Landlord</dt>
            <dd>{customer.isLandlord ? <LandlordBadge /> : "No"}</dd>
          </div>
          <div>
            <dt>Service messages by</dt>
            <dd>{contactChannelLabels[customer.contactChannel]}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
