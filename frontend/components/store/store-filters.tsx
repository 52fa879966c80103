import { Card, Flex, Grid, Select, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";
import { storeBrands, storeCategories } from "../../../schema/business";
import { SearchIcon } from "./icons";
import type { StoreFilters as Filters } from "./use-store-filters";
import "./store.css";

type Props = { filters: Filters; onChange: (name: keyof Filters, value: string) => void };

export function StoreFilters({ filters, onChange }: Props) {
  const id = useId();
  return (
    <Card size="2" className="store-filters" role="search" aria-label="Search and filter products">
      <Grid columns={{ initial: "1", sm: "2fr 1fr 1fr" }} gap="3" align="end">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-q`}>
            Search
          </Text>
          <TextField.Root
            id={`${id}-q`}
            type="search"
            size="3"
            placeholder="Search parts by name or description"
            value={filters.q}
            onChange={(e) => onChange("q", e.target.value)}
            autoComplete="off"
          >
            <TextField.Slot>
              <SearchIcon />
            </TextField.Slot>
          </TextField.Root>
        </Flex>
        <FilterSelect
          id={`${id}-category`}
          label="Category"
          value={filters.category}
          options={storeCategories}
          onChange={(v) => onChange("category", v)}
        />
        <FilterSelect
          id={`${id}-brand`}
          label="Brand"
          value={filters.brand}
          options={storeBrands}
          onChange={(v) => onChange("brand", v)}
        />
      </Grid>
    </Card>
  );
}

type SelectProps = { id: string; label: string; value: string; options: readonly string[]; onChange: (value: string) => void };

function FilterSelect({ id, label, value, options, onChange }: SelectProps) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <Select.Root size="3" value={value} onValueChange={onChange}>
        <Select.Trigger id={id} />
        <Select.Content position="popper">
          {options.map((option) => (
            <Select.Item key={option} value={option}>
              {option === "All" ? `All ${label === "Category" ? "Categories" : "Brands"}` : option}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
