import { Box, Select, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { Link } from "wouter";
import type { AdminProperty } from "../../../../schema/api/properties";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { invalidProps } from "../../../lib/use-form";
import { Field } from "../form-field";

const placeOf = (p: AdminProperty) => (p.postcode && !p.address.includes(p.postcode) ? `${p.address}, ${p.postcode}` : p.address);

/**
 * Where the work is. A visit (`required` off) asks only a customer with more than one property (a
 * landlord's flats), their home (the first) until another is chosen. A quote (`required`) always
 * names it: the customer's only property is chosen for them, one with several is asked (never a
 * silent first), and one with none is sent to their page to add it.
 */
export function PropertyField({
  id,
  customerId,
  value,
  onChange,
  error,
  required = false,
}: {
  id: string;
  customerId: number;
  value: number | null;
  onChange: (propertyId: number) => void;
  error?: string;
  required?: boolean;
}) {
  const { data } = useAdminData<AdminProperty[]>(`/api/admin/customers/${customerId}/properties`);
  const only = data?.length === 1 ? data[0]!.id : null;
  useEffect(() => {
    if (required && value === null && only !== null) onChange(only);
  }, [required, value, only, onChange]);
  if (!data) return null;
  if (!required && data.length < 2) return null;
  if (data.length === 0) {
    return (
      <Box mt="4">
        <Text as="p" size="2" weight="medium">
          Property
        </Text>
        <Text as="p" size="2" mt="1" color={error ? "red" : "amber"}>
          No property yet: <Link href={`/customers/${customerId}`}>add where the work is</Link> on the customer's page to send the
          quote.
        </Text>
      </Box>
    );
  }
  const chosen = value ?? (required ? null : data[0]!.id);
  return (
    <Box mt="4">
      <Field id={id} label="Property" error={error}>
        <Select.Root value={chosen === null ? "" : String(chosen)} onValueChange={(v) => onChange(Number(v))}>
          <Select.Trigger id={id} className="admin-select" placeholder="Choose the property" {...invalidProps(id, error)} />
          <Select.Content position="popper">
            {data.map((p) => (
              <Select.Item key={p.id} value={String(p.id)}>
                {placeOf(p)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Field>
    </Box>
  );
}
