import { Box, Select } from "@radix-ui/themes";
import type { AdminProperty } from "../../../../schema/api/properties";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { Field, invalidProps } from "../form-field";

/**
 * Where the visit is, for a customer with more than one property (a landlord's flats): their home
 * (the first) until another is chosen. A customer with one property, or none, is not asked.
 */
export function PropertyField({
  id,
  customerId,
  value,
  onChange,
  error,
}: {
  id: string;
  customerId: number;
  value: number | null;
  onChange: (propertyId: number) => void;
  error?: string;
}) {
  const { data } = useAdminData<AdminProperty[]>(`/api/admin/customers/${customerId}/properties`);
  if (!data || data.length < 2) return null;
  const chosen = value ?? data[0]!.id;
  return (
    <Box mt="4">
      <Field id={id} label="Property" error={error}>
        <Select.Root value={String(chosen)} onValueChange={(v) => onChange(Number(v))}>
          <Select.Trigger id={id} className="admin-select" {...invalidProps(id, error)} />
          <Select.Content position="popper">
            {data.map((p) => (
              <Select.Item key={p.id} value={String(p.id)}>
                {p.postcode && !p.address.includes(p.postcode) ? `${p.address}, ${p.postcode}` : p.address}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Field>
    </Box>
  );
}
