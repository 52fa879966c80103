import { Checkbox, Flex, Grid, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { type ContactChannel, contactChannelLabels, contactChannels } from "../../../../schema/api/customers";
import { type FieldErrors, invalidProps } from "../../../lib/use-form";
import { Field } from "../form-field";
import type { CustomerFormState } from "./customer-form-state";

type Props = {
  /** Prefix of the fields' ids, so two customer forms can be on one screen. */
  idPrefix: string;
  form: CustomerFormState;
  set: <K extends keyof CustomerFormState>(key: K, value: CustomerFormState[K]) => void;
  errors: FieldErrors;
};

/** A customer's fields (the Add customer form, the customer page, a new customer in a service record). */
export function CustomerFields({ idPrefix, form, set, errors }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const text = (key: Exclude<keyof CustomerFormState, "isLandlord" | "address" | "contactChannel">) => ({
    id: id(key),
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    ...invalidProps(id(key), errors[key]),
  });
  return (
    <Grid columns={{ initial: "1", sm: "2" }} gap="4">
      <Field id={id("firstName")} label="First name" error={errors.firstName}>
        <TextField.Root {...text("firstName")} autoComplete="off" maxLength={60} />
      </Field>
      <Field id={id("lastName")} label="Last name" error={errors.lastName}>
        <TextField.Root {...text("lastName")} autoComplete="off" maxLength={60} />
      </Field>
      <Field
        id={id("email")}
        label="Email"
        error={errors.email}
        hint="Leave it empty for a customer who only gives a phone number."
      >
        <TextField.Root {...text("email")} type="email" autoComplete="off" maxLength={254} />
      </Field>
      <Field id={id("phone")} label="Phone (optional)" error={errors.phone}>
        <TextField.Root {...text("phone")} type="tel" autoComplete="off" maxLength={20} />
      </Field>
      <Field id={id("address")} label="Address (optional)" error={errors.address}>
        <TextArea
          id={id("address")}
          value={form.address}
          onChange={(e) => set("address", e.target.value)}
          rows={2}
          maxLength={300}
          {...invalidProps(id("address"), errors.address)}
        />
      </Field>
      <Field id={id("postcode")} label="Postcode (optional)" error={errors.postcode}>
        <TextField.Root {...text("postcode")} autoComplete="off" maxLength={10} />
      </Field>
      <Field
        id={id("contactChannel")}
        label="Service messages by"
        error={errors.contactChannel}
        hint="Booking confirmations, reminders and changes. Texts go to a UK mobile number only."
      >
        <Select.Root value={form.contactChannel} onValueChange={(v) => set("contactChannel", v as ContactChannel)}>
          <Select.Trigger
            id={id("contactChannel")}
            className="admin-select"
            {...invalidProps(id("contactChannel"), errors.contactChannel)}
          />
          <Select.Content position="popper">
            {contactChannels.map((channel) => (
              <Select.Item key={channel} value={channel}>
                {contactChannelLabels[channel]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Field>
      <Text as="label" size="2" className="admin-check-field">
        <Flex gap="2" align="start">
          <Checkbox mt="1" checked={form.isLandlord} onCheckedChange={(checked) => set("isLandlord", checked === true)} />
          <span>
            <Text weight="medium">Landlord</Text>
            <Text as="span" color="gray" size="1" className="admin-row-sub">
              Lets homes to tenants: gas safety (CP12) reminders use the landlord wording, with a last one a week before.
            </Text>
          </span>
        </Flex>
      </Text>
    </Grid>
  );
}
