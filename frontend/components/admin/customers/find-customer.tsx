import { Button, Flex, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { SearchIcon } from "../icons";

/**
 * The home screen's search: part of a name, e-mail, phone number or postcode, then Enter, opens
 * the customers found (the customers screen with its `?q=`, so Back returns here).
 */
export function FindCustomer() {
  const [text, setText] = useState("");
  const [, navigate] = useLocation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    navigate(q ? `/customers?q=${encodeURIComponent(q)}` : "/customers");
  };
  return (
    <search aria-label="Find a customer" className="admin-find">
      <form onSubmit={submit}>
        <Flex gap="2" align="center">
          <TextField.Root
            type="search"
            size="3"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Name, phone or postcode"
            aria-label="Find a customer"
            autoComplete="off"
            className="admin-search"
          >
            <TextField.Slot>
              <SearchIcon />
            </TextField.Slot>
          </TextField.Root>
          <Button type="submit" size="3">
            Find
          </Button>
        </Flex>
      </form>
    </search>
  );
}
