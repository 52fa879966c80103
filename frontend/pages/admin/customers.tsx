import { Badge, Button, Dialog, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { CustomerContact } from "../../components/admin/customers/customer-contact";
import { CustomerForm } from "../../components/admin/customers/customer-form";
import { ErasureRequests } from "../../components/admin/customers/erasure-requests";
import { LandlordBadge } from "../../components/admin/customers/landlord-badge";
import { ExportButton } from "../../components/admin/export-button";
import { PlusIcon } from "../../components/admin/icons";
import { PageHeader } from "../../components/admin/page-header";
import { PagedList } from "../../components/admin/paged-list";
import { SearchBox } from "../../components/admin/search-box";
import { CUSTOMERS_EXPORT_PATH, createCustomer, customerName, useAdminCustomers } from "../../hooks/admin/use-customers";
import { useSearchQuery } from "../../hooks/admin/use-search-query";
import { notify } from "../../lib/toast";

const plural = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "customer" : "customers"}`;

export default function Customers() {
  const [q] = useSearchQuery();
  const list = useAdminCustomers({ q });
  const [adding, setAdding] = useState(false);
  const [, navigate] = useLocation();

  return (
    <>
      <PageHeader
        title="Customers"
        subtitle={list.items ? (q ? `${plural(list.total)} found` : plural(list.total)) : "Everyone you work for"}
        actions={
          <>
            <Button onClick={() => setAdding(true)}>
              <PlusIcon /> Add Customer
            </Button>
            <ExportButton path={CUSTOMERS_EXPORT_PATH} fileName="customers" />
          </>
        }
      />
      <ErasureRequests />
      <Flex className="admin-toolbar" gap="3" align="center" wrap="wrap">
        <SearchBox label="Search customers" placeholder="Name, e-mail, phone or postcode" />
      </Flex>
      <PagedList
        list={list}
        empty={q ? `No customers match "${q}". Try part of a name, e-mail, phone number or postcode.` : "No customers yet."}
        loading="Loading customers…"
        failed="Failed to load customers."
      >
        {(customers) => (
          <ul className="admin-card admin-rows" aria-label="Customers">
            {customers.map((c) => (
              <li key={c.id} className="admin-row admin-customer-row">
                <Link href={`/customers/${c.id}`} className="admin-row-link">
                  <span className="admin-row-email">{customerName(c)}</span>
                  <Text as="span" size="1" color="gray" className="admin-row-sub">
                    <CustomerContact customer={c} />
                  </Text>
                </Link>
                {c.checkReason ? (
                  <Badge color="orange" variant="soft" title={c.checkReason}>
                    To check
                  </Badge>
                ) : null}
                {c.isPossibleDuplicate ? (
                  <Badge color="orange" variant="outline" title="Another customer has the same e-mail address or phone number">
                    Possible duplicate
                  </Badge>
                ) : null}
                {c.isLandlord ? <LandlordBadge /> : null}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <Dialog.Root open={adding} onOpenChange={setAdding}>
        <Dialog.Content maxWidth="720px" aria-describedby={undefined} aria-labelledby="add-customer-heading">
          <Dialog.Title id="add-customer-heading">Add Customer</Dialog.Title>
          <CustomerForm
            idPrefix="add-customer"
            labelledBy="add-customer-heading"
            onCancel={() => setAdding(false)}
            onCreate={async (input) => {
              const customer = await createCustomer(input);
              notify({ title: "Customer added", description: `${customerName(customer)} is on file.`, variant: "success" });
              setAdding(false);
              navigate(`/customers/${customer.id}`);
            }}
          />
        </Dialog.Content>
      </Dialog.Root>
    </>
  );
}
