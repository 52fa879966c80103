import { Flex, Select, TextArea, TextField } from "@radix-ui/themes";
import type { FormEvent } from "react";
import {
  type ConsentMethod,
  consentMethodLabels,
  consentMethods,
  type Testimonial,
  testimonialSchema,
} from "../../../../schema/api/testimonials";
import { londonToday } from "../../../../schema/london-time";
import { TESTIMONIALS_PATH } from "../../../hooks/admin/use-testimonials";
import { invalidProps, useForm } from "../../../lib/use-form";
import { CheckField, DialogForm, saveDialogForm } from "../customers/form-dialog";
import { Field, FieldError } from "../form-field";

type Values = {
  words: string;
  shownName: string;
  source: string;
  sourceUrl: string;
  givenOn: string;
  consentOn: string;
  consentMethod: ConsentMethod | "";
  customerEmail: string;
  isPublished: boolean;
};

const blank = (): Values => ({
  words: "",
  shownName: "",
  source: "Google review",
  sourceUrl: "",
  givenOn: londonToday(),
  consentOn: "",
  consentMethod: "",
  customerEmail: "",
  isPublished: false,
});

const valuesOf = (t: Testimonial): Values => ({
  words: t.words,
  shownName: t.shownName,
  source: t.source,
  sourceUrl: t.sourceUrl ?? "",
  givenOn: t.givenOn,
  consentOn: t.consentOn ?? "",
  consentMethod: t.consentMethod ?? "",
  customerEmail: t.customerEmail ?? "",
  isPublished: t.isPublished,
});

/** Radix's Select has no empty item: "none" stands for no consent recorded. */
const NONE = "none";

/**
 * Adding a testimonial (no `testimonial`) or editing one: the customer's words as they gave them,
 * the name shown, where and when, and their consent to publish. Checked with the API's own schema
 * (nothing published without consent); an edit sends only what changed.
 */
export function TestimonialForm({ testimonial, onSaved }: { testimonial?: Testimonial; onSaved: () => unknown }) {
  const form = useForm<Values>({
    initial: testimonial ? valuesOf(testimonial) : blank(),
    schema: testimonialSchema,
    idPrefix: testimonial ? `testimonial-${testimonial.id}` : "testimonial-new",
  });
  const { values, errors } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await saveDialogForm(
      form,
      testimonial ? { patch: `${TESTIMONIALS_PATH}/${testimonial.id}` } : { post: TESTIMONIALS_PATH },
      onSaved,
    );
  }

  return (
    <DialogForm busy={form.busy} onSubmit={submit} submitLabel={testimonial ? "Save" : "Add testimonial"}>
      <Flex direction="column" gap="3">
        <Field
          id={form.id("words")}
          label="Their words"
          hint="As the customer wrote or said them: do not improve them."
          error={errors.words}
        >
          <TextArea {...form.text("words")} rows={4} size="3" />
        </Field>
        <Field id={form.id("shownName")} label="Name shown" hint="For example: Sarah, Stockport" error={errors.shownName}>
          <TextField.Root {...form.text("shownName")} autoComplete="off" size="3" />
        </Field>
        <Field
          id={form.id("source")}
          label="Where they said it"
          hint="For example: Google review, Checkatrade, a letter"
          error={errors.source}
        >
          <TextField.Root {...form.text("source")} autoComplete="off" size="3" />
        </Field>
        <Field
          id={form.id("sourceUrl")}
          label="Link to it (optional)"
          hint="The review's https:// address, shown as a link"
          error={errors.sourceUrl}
        >
          <TextField.Root {...form.text("sourceUrl")} type="url" inputMode="url" autoComplete="off" size="3" />
        </Field>
        <Field id={form.id("givenOn")} label="Date given" error={errors.givenOn}>
          <TextField.Root {...form.text("givenOn")} type="date" size="3" />
        </Field>
        <fieldset className="admin-fieldset">
          <legend className="admin-legend">Their consent to publish</legend>
          <Flex direction="column" gap="3">
            <Field id={form.id("consentOn")} label="Agreed on" error={errors.consentOn}>
              <TextField.Root {...form.text("consentOn")} type="date" size="3" />
            </Field>
            <Field id={form.id("consentMethod")} label="How they agreed" error={errors.consentMethod}>
              <Select.Root
                value={values.consentMethod || NONE}
                onValueChange={(v) => form.set("consentMethod", v === NONE ? "" : (v as ConsentMethod))}
              >
                <Select.Trigger
                  id={form.id("consentMethod")}
                  className="admin-select"
                  {...invalidProps(form.id("consentMethod"), errors.consentMethod)}
                />
                <Select.Content position="popper">
                  <Select.Item value={NONE}>Not recorded yet</Select.Item>
                  {consentMethods.map((method) => (
                    <Select.Item key={method} value={method}>
                      {consentMethodLabels[method]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Field>
            <Field
              id={form.id("customerEmail")}
              label="Their e-mail (optional, never shown)"
              hint="So their testimonial goes if they ask us to erase their details."
              error={errors.customerEmail}
            >
              <TextField.Root {...form.text("customerEmail")} type="email" inputMode="email" autoComplete="off" size="3" />
            </Field>
          </Flex>
        </fieldset>
        <CheckField
          checked={values.isPublished}
          onChange={(v) => form.set("isPublished", v)}
          label="Show on the site"
          hint="On the home page, newest first, with the name, source and date. Only with their consent."
        />
        <FieldError id={form.id("isPublished")} error={errors.isPublished} />
      </Flex>
    </DialogForm>
  );
}
