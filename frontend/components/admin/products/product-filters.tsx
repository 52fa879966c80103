import { Button, Checkbox, Flex, Select, Text } from "@radix-ui/themes";
import { adminBrands, adminCategories } from "../../../../schema/business";
import type { ProductFilters } from "../../../hooks/admin/use-admin-products";
import { SearchBox } from "../search-box";

/** Radix Select has no empty value, so "any" is this stand-in (and no filter in the address). */
const ANY = "any";

function FilterSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <Select.Root value={value || ANY} onValueChange={(v) => onChange(v === ANY ? "" : v)}>
      <Select.Trigger aria-label={label} className="admin-filter-select" />
      <Select.Content position="popper">
        <Select.Item value={ANY}>{anyLabel}</Select.Item>
        <Select.Separator />
        {options.map((o) => (
          <Select.Item key={o} value={o}>
            {o}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

type Props = { filters: ProductFilters; onChange: (changes: Partial<ProductFilters>) => void };

/** Search and filters of the catalogue, all kept in the address (`?q=&category=&brand=&lowStock=1`). */
export function ProductFilterBar({ filters, onChange }: Props) {
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Flex className="admin-toolbar" gap="3" align="center" wrap="wrap" mb="4">
      <SearchBox label="Search products" placeholder="Search name, brand or description" />
      <Flex gap="3" align="center" wrap="wrap" className="admin-toolbar-filters">
        <FilterSelect
          label="Filter by category"
          anyLabel="All categories"
          value={filters.category}
          options={adminCategories}
          onChange={(category) => onChange({ category })}
        />
        <FilterSelect
          label="Filter by brand"
          anyLabel="All brands"
          value={filters.brand}
          options={adminBrands}
          onChange={(brand) => onChange({ brand })}
        />
        <Text as="label" size="2" weight="medium" className="admin-toolbar-check">
          <Flex gap="2" align="center">
            <Checkbox checked={filters.lowStock === "1"} onCheckedChange={(v) => onChange({ lowStock: v === true ? "1" : "" })} />
            Low stock only
          </Flex>
        </Text>
        {filtered ? (
          <Button variant="ghost" color="gray" onClick={() => onChange({ q: "", category: "", brand: "", lowStock: "" })}>
            Clear filters
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
