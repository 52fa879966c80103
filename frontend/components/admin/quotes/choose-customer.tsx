import { Button, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import type { AdminCustomer } from "../../../../schema/api/customers";
import { customerName, findCustomers } from "../../../hooks/admin/use-customers";
import { Field } from "../form-field";
import { PageHeader } from "../page-header";

/** A new quote starts with its customer: found by part of a name, e-mail, phone or postcode. */
export function ChooseCustomer() {
  const [text, setText] = useState("");
  const [found, setFound] = useState<AdminCustomer[]>([]);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (text.trim().length < 3) return setFound([]);
    const timer = setTimeout(() => void findCustomers(text.trim()).then(setFound, () => setFound([])), 250);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <>
      <PageHeader title="New quote" subtitle="Who is it for?" />
      <Card className="admin-panel">
        <Field id="estimate-customer-search" label="Find the customer" hint="Part of a name, e-mail, phone number or postcode.">
          <TextField.Root
            id="estimate-customer-search"
            size="3"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <Flex direction="column" gap="2" mt="3">
          {found.map((c) => (
            <Button key={c.id} variant="soft" onClick={() => navigate(`/estimates/new?customerId=${c.id}`)}>
              {customerName(c)} {c.postcode ? `· ${c.postcode}` : ""}
            </Button>
          ))}
        </Flex>
        <Text as="p" size="2" color="gray" mt="3">
          Someone new? <Link href="/customers">Add them as a customer</Link> first, then start the quote from their page.
        </Text>
      </Card>
    </>
  );
}
