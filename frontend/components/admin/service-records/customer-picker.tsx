import { Button, Flex, Switch, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import type { AdminCustomer } from "../../../../schema/api/customers";
import { customerName, findCustomers } from "../../../hooks/admin/use-customers";
import { isUnauthorized } from "../../../lib/admin/admin-api";
import { errorsUnder, type FieldErrors } from "../../../lib/use-form";
import { CustomerContact } from "../customers/customer-contact";
import { CustomerFields } from "../customers/customer-fields";
import type { CustomerFormState } from "../customers/customer-form-state";
import { FieldError } from "../form-field";
import { SearchIcon } from "../icons";
import { newCustomerForm, type RecordCustomer } from "./record-form-state";

/** The server's search needs three characters to use its index. */
const MIN_SEARCH = 3;
const DEBOUNCE_MS = 250;
/** How many matches are offered: enough to pick from, few enough to read on a phone. */
const SHOWN = 6;

type Props = {
  idPrefix: string;
  value: RecordCustomer;
  onChange: (value: RecordCustomer) => void;
  errors: FieldErrors;
};

/**
 * Who the visit is for: found by typing part of a name, e-mail, phone number or postcode, or, with
 * "New customer" on, created with the record from the customer fields.
 */
export function CustomerPicker({ idPrefix, value, onChange, errors }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const [lastNew, setLastNew] = useState<RecordCustomer>(value.kind === "new" ? value : newCustomerForm());
  const isNew = value.kind === "new";

  function toggleNew(on: boolean) {
    if (on) onChange(lastNew);
    else {
      if (value.kind === "new") setLastNew(value);
      onChange({ kind: "picked", customer: null });
    }
  }

  return (
    <fieldset className="admin-fieldset">
      <legend className="admin-legend">Customer</legend>
      <Text as="label" size="2" className="admin-switch-label">
        <Switch checked={isNew} onCheckedChange={toggleNew} />
        New customer
      </Text>
      {value.kind === "new" ? (
        <div className="admin-fieldset-body">
          <CustomerFields
            idPrefix={id("new")}
            form={value.fields}
            set={<K extends keyof CustomerFormState>(key: K, v: CustomerFormState[K]) =>
              onChange({ kind: "new", fields: { ...value.fields, [key]: v } })
            }
            errors={errorsUnder(errors, "newCustomer")}
          />
        </div>
      ) : value.customer ? (
        <Flex className="admin-picked" align="center" justify="between" gap="3" wrap="wrap">
          <div className="admin-wrap-anywhere">
            <Text as="div" weight="medium">
              {value.customer.name}
            </Text>
            {value.customer.email ? (
              <Text as="div" size="1" color="gray">
                {value.customer.email}
              </Text>
            ) : null}
          </div>
          <Button type="button" size="1" variant="soft" onClick={() => onChange({ kind: "picked", customer: null })}>
            Change customer
          </Button>
        </Flex>
      ) : (
        <CustomerSearch
          id={id("find")}
          error={errors.customerId}
          onPick={(c) => onChange({ kind: "picked", customer: { id: c.id, name: customerName(c), email: c.email } })}
        />
      )}
    </fieldset>
  );
}

function CustomerSearch({ id, error, onPick }: { id: string; error?: string; onPick: (customer: AdminCustomer) => void }) {
  const [text, setText] = useState("");
  const [found, setFound] = useState<{ q: string; customers: AdminCustomer[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const q = text.trim();

  useEffect(() => {
    if (q.length < MIN_SEARCH) return;
    let current = true;
    const timer = setTimeout(() => {
      findCustomers(q, SHOWN)
        .then((customers) => {
          if (current) {
            setFound({ q, customers });
            setFailed(false);
          }
        })
        .catch((e) => {
          if (current && !isUnauthorized(e)) setFailed(true);
        });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q]);

  const results = q.length >= MIN_SEARCH && found?.q === q ? found.customers : null;
  return (
    <div className="admin-fieldset-body">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        Find a customer
      </Text>
      <TextField.Root
        id={id}
        mt="1"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Name, e-mail, phone or postcode"
        autoComplete="off"
        aria-describedby={error ? `${id}-status ${id}-error` : `${id}-status`}
        aria-invalid={error ? true : undefined}
      >
        <TextField.Slot>
          <SearchIcon />
        </TextField.Slot>
      </TextField.Root>
      <Text as="p" id={`${id}-status`} size="1" color="gray" mt="1" aria-live="polite">
        {q.length < MIN_SEARCH
          ? "Type at least three letters or digits, or turn on New customer."
          : failed
            ? "The search failed. Please try again."
            : results === null
              ? "Searching…"
              : results.length === 0
                ? "No customer matches. Turn on New customer to add them."
                : `${results.length === SHOWN ? `First ${SHOWN}` : results.length} ${results.length === 1 ? "match" : "matches"}: choose one.`}
      </Text>
      {results && results.length > 0 ? (
        <ul className="admin-pick-list">
          {results.map((c) => (
            <li key={c.id}>
              <button type="button" className="admin-pick" onClick={() => onPick(c)}>
                <span className="admin-pick-name">{customerName(c)}</span>
                <span className="admin-pick-sub">
                  <CustomerContact customer={c} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
