import { Card, Flex, Grid, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";
import { storeBrands, storeCategories } from "../../../schema/business";
import type { StoreFilters as Filters } from "../../hooks/use-store-filters";
import { SearchIcon } from "./icons";
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

/**
 * A native select: the prerendered page shows the chosen value before any script runs, and the
 * filters cost hydration nothing (Radix's Select renders every option into a hidden fragment as
 * soon as it mounts, which was the store's single longest task on a phone-class CPU).
 */
function FilterSelect({ id, label, value, options, onChange }: SelectProps) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <select id={id} className="native-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option === "All" ? `All ${label === "Category" ? "Categories" : "Brands"}` : option}
          </option>
        ))}
      </select>
    </Flex>
  );
}
