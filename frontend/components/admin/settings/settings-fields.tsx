import { Card, Heading, Text, TextField } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";
import { type FieldErrors, invalidProps } from "../../../lib/use-form";
import { Field } from "../form-field";
import type { SettingsForm } from "./settings-form-state";

/** What every group of fields is given: the form, its problems by API path, and a setter by path. */
export type Bind = {
  form: SettingsForm;
  errors: FieldErrors;
  set: (path: string, value: unknown) => void;
};

/** A field's id from its API path: "packages.basic.pricePence" → "settings-packages-basic-pricePence". */
export const idFor = (path: string) => `settings-${path.replace(/\./g, "-")}`;

/** One group of settings (Contact, Opening hours…), a titled card. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card size="3" asChild className="settings-section">
      <section aria-labelledby={`${id}-title`}>
        <Heading as="h2" size="4" id={`${id}-title`}>
          {title}
        </Heading>
        {description ? (
          <Text as="p" size="2" color="gray" mt="1">
            {description}
          </Text>
        ) : null}
        <div className="settings-section__body">{children}</div>
      </section>
    </Card>
  );
}

type TextSettingProps = {
  bind: Bind;
  /** The API path of the value ("address.postcode"). */
  path: string;
  label: string;
  hint?: string;
  value: string;
  /** Text inside the box before the value ("£"). */
  prefix?: string;
} & Pick<ComponentProps<typeof TextField.Root>, "type" | "inputMode" | "placeholder" | "autoComplete" | "maxLength">;

/** A labelled text box bound to one value of the form, with its problem beside it. */
export function TextSetting({ bind, path, label, hint, value, prefix, ...input }: TextSettingProps) {
  const id = idFor(path);
  const error = bind.errors[path];
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <TextField.Root
        id={id}
        value={value}
        onChange={(e) => bind.set(path, e.target.value)}
        {...invalidProps(id, error)}
        {...input}
      >
        {prefix ? <TextField.Slot>{prefix}</TextField.Slot> : null}
      </TextField.Root>
    </Field>
  );
}

/** A price box: pounds and pence, with a £ in front. */
export function PriceSetting({ optional, ...props }: Omit<TextSettingProps, "inputMode"> & { optional?: boolean }) {
  return <TextSetting inputMode="decimal" prefix="£" placeholder={optional ? "Optional" : "0.00"} {...props} />;
}
