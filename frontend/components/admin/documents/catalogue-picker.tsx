import { Box, Button, Flex, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import type { Product } from "../../../../schema/api/products";
import { formatPence, parsePriceToPence } from "../../../../schema/format";
import { adminPage } from "../../../lib/admin/admin-api";
import type { LineForm } from "./line-form";

/** A line from the catalogue: its name and price, found by typing. */
export function CataloguePicker({ onPick }: { onPick: (line: LineForm) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [found, setFound] = useState<Product[]>([]);
  useEffect(() => {
    if (text.trim().length < 2) return setFound([]);
    const timer = setTimeout(
      () =>
        void adminPage<Product>(`/api/admin/products?q=${encodeURIComponent(text.trim())}&limit=6`).then(
          (page) => setFound(page.items),
          () => setFound([]),
        ),
      250,
    );
    return () => clearTimeout(timer);
  }, [text]);
  if (!open) {
    return (
      <Button type="button" variant="soft" color="gray" onClick={() => setOpen(true)}>
        Add from the catalogue
      </Button>
    );
  }
  return (
    <Box className="doc-catalogue" width="100%">
      <TextField.Root
        size="3"
        autoFocus
        placeholder="Find a part"
        aria-label="Find a part in the catalogue"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Flex direction="column" gap="1" mt="2">
        {found.map((p) => (
          <Button
            key={p.id}
            type="button"
            variant="soft"
            onClick={() => {
              onPick({
                description: p.name,
                quantity: "1",
                unitPrice: p.price,
                vatRate: 20,
                optional: false,
                productId: p.id,
                installation: null,
              });
              setOpen(false);
              setText("");
            }}
          >
            {p.name} · {formatPence(parsePriceToPence(p.price) ?? 0)}
          </Button>
        ))}
      </Flex>
    </Box>
  );
}
