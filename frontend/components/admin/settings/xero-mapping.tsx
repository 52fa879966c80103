import { Button, Flex, Grid, Select, Text } from "@radix-ui/themes";
import { useState } from "react";
import { type PaymentMethod, paymentMethodLabels } from "../../../../schema/api/payment-methods";
import type { XeroMappingChoice } from "../../../../schema/api/xero";
import { useAdminData } from "../../../hooks/admin/use-admin-data";
import { adminApi, errorMessage } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { ErrorState, LoadingState } from "../admin-states";
import { Field } from "../form-field";

type Mapping = XeroMappingChoice["mapping"];
const RATES = [
  ["20", "Lines at 20% VAT"],
  ["5", "Lines at 5% VAT"],
  ["0", "Zero-rated lines"],
  ["none", "Invoices without VAT (not registered)"],
] as const;

function Choose({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <Field id={id} label={label}>
      <Select.Root value={value} onValueChange={onChange}>
        <Select.Trigger id={id} className="admin-select" />
        <Select.Content position="popper">
          {options.map((o) => (
            <Select.Item key={o.value} value={o.value}>
              {o.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Field>
  );
}

/** Where the sync puts things in Xero, picked from the organisation's own accounts and tax rates. */
export function XeroMapping() {
  const { data, error, refresh } = useAdminData<XeroMappingChoice>("/api/admin/xero/mapping");
  if (error) return <ErrorState message={errorMessage(error, "Xero's lists could not be read.")} onRetry={refresh} />;
  if (!data) return <LoadingState label="Reading Xero's accounts and tax rates…" />;
  return <MappingForm key={JSON.stringify(data.mapping)} choice={data} onSaved={refresh} />;
}

function MappingForm({ choice, onSaved }: { choice: XeroMappingChoice; onSaved: () => unknown }) {
  const [mapping, setMapping] = useState<Mapping>(choice.mapping);
  const [busy, setBusy] = useState(false);
  const accounts = (list: { code: string; name: string }[]) => list.map((a) => ({ value: a.code, label: `${a.code} ${a.name}` }));
  const rates = choice.taxRates.map((r) => ({ value: r.taxType, label: r.name }));

  async function save() {
    setBusy(true);
    try {
      await adminApi("/api/admin/xero/mapping", { method: "PUT", json: mapping });
      notify({ title: "Xero mapping saved", description: "What is sent from now on uses it." });
      onSaved();
    } catch (failure) {
      notify({ title: "Not saved", description: errorMessage(failure, "The mapping was not saved.") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Grid gap="3">
      <Text size="2">{choice.chosen ? "Where things go in Xero:" : "Check where things will go in Xero, then save:"}</Text>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        <Choose
          id="xero-sales"
          label="Sales account"
          value={mapping.salesAccount}
          options={accounts(choice.salesAccounts)}
          onChange={(v) => setMapping({ ...mapping, salesAccount: v })}
        />
        {(Object.keys(mapping.bankAccounts) as PaymentMethod[]).map((method) => (
          <Choose
            key={method}
            id={`xero-bank-${method}`}
            label={`${paymentMethodLabels[method]} paid into`}
            value={mapping.bankAccounts[method]}
            options={accounts(choice.bankAccounts)}
            onChange={(v) => setMapping({ ...mapping, bankAccounts: { ...mapping.bankAccounts, [method]: v } })}
          />
        ))}
        {RATES.map(([rate, label]) => (
          <Choose
            key={rate}
            id={`xero-tax-${rate}`}
            label={label}
            value={mapping.taxTypes[rate]}
            options={rates}
            onChange={(v) => setMapping({ ...mapping, taxTypes: { ...mapping.taxTypes, [rate]: v } })}
          />
        ))}
      </Grid>
      <Flex justify="end">
        <Button disabled={busy} onClick={save}>
          {busy ? "Saving…" : "Save the Xero mapping"}
        </Button>
      </Flex>
    </Grid>
  );
}
