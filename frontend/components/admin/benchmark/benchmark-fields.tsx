import { Grid, Heading, Select, TextField } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { BenchmarkDraft } from "../../../../schema/api/benchmark-records";
import { invalidProps } from "../../../lib/use-form";
import { Field } from "../form-field";
import { TextBlock } from "../gas-safety/appliance-check";
import { ChoiceField, fromYesNo, ReadingField, toYesNo, yesNo } from "../gas-safety/choice-field";

/**
 * The Benchmark form's pieces: one builder per kind of answer (a reading with its unit, a line of
 * text, a few choices as segments, a longer list as a menu, yes or no), each bound to its field of
 * the draft with its problem beside it, and the section that holds them. Ids are `bm-<field>`, as
 * the missing-items summary links to them.
 */
export type BenchmarkForm = BenchmarkDraft & { commissionedOn: string; applianceId: number | null };
type Keys<T> = { [K in keyof BenchmarkDraft]: BenchmarkDraft[K] extends T | null ? K : never }[keyof BenchmarkDraft];
type ChoiceKey = {
  [K in keyof BenchmarkDraft]: BenchmarkDraft[K] extends string | null ? (string extends BenchmarkDraft[K] ? never : K) : never;
}[keyof BenchmarkDraft];

export type FieldKit = {
  values: BenchmarkForm;
  errors: Record<string, string | undefined>;
  set: <K extends keyof BenchmarkForm>(key: K, value: BenchmarkForm[K]) => void;
};

export function fieldBuilders({ values, errors, set }: FieldKit) {
  const id = (key: string) => `bm-${key}`;
  return {
    reading: (key: Keys<number>, label: string, unit?: string) => (
      <ReadingField
        id={id(key)}
        label={label}
        unit={unit}
        value={values[key] as number | null}
        onChange={(v) => set(key, v as never)}
        error={errors[key]}
      />
    ),
    text: (key: Keys<string>, label: string, hint?: string) => (
      <Field id={id(key)} label={label} error={errors[key]} hint={hint}>
        <TextField.Root
          id={id(key)}
          size="3"
          value={(values[key] as string | null) ?? ""}
          onChange={(e) => set(key, (e.target.value || null) as never)}
          {...invalidProps(id(key), errors[key])}
        />
      </Field>
    ),
    block: (key: Keys<string>, label: string) => (
      <TextBlock
        id={id(key)}
        label={label}
        value={values[key] as string | null}
        onChange={(v) => set(key, v as never)}
        error={errors[key]}
        rows={3}
      />
    ),
    choice: <V extends string>(key: ChoiceKey, label: string, labels: Record<V, string>) => (
      <ChoiceField
        id={id(key)}
        label={label}
        value={values[key] as V | null}
        options={Object.entries(labels) as [V, string][]}
        onChange={(v) => set(key, v as never)}
        error={errors[key]}
      />
    ),
    menu: <V extends string>(key: ChoiceKey, label: string, labels: Record<V, string>) => (
      <Field id={id(key)} label={label} error={errors[key]}>
        <Select.Root value={(values[key] as string | null) ?? undefined} onValueChange={(v) => set(key, v as never)}>
          <Select.Trigger id={id(key)} className="admin-select" placeholder="Choose…" {...invalidProps(id(key), errors[key])} />
          <Select.Content position="popper">
            {(Object.entries(labels) as [V, string][]).map(([v, text]) => (
              <Select.Item key={v} value={v}>
                {text}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Field>
    ),
    yesNo: (key: Keys<boolean>, label: string) => (
      <ChoiceField
        id={id(key)}
        label={label}
        value={toYesNo(values[key] as boolean | null)}
        options={yesNo}
        onChange={(v) => set(key, fromYesNo(v) as never)}
        error={errors[key]}
      />
    ),
  };
}
export type Builders = ReturnType<typeof fieldBuilders>;

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-card admin-panel gsr-section" aria-labelledby={`bm-${id}-heading`}>
      <Heading as="h2" size="4" id={`bm-${id}-heading`} mb="3">
        {title}
      </Heading>
      <Grid gap="4">{children}</Grid>
    </section>
  );
}
