import { Button, Checkbox, Dialog, Flex, Text } from "@radix-ui/themes";
import { type FormEvent, type ReactNode, useState } from "react";
import { adminApi } from "../../../lib/admin/admin-api";
import { adminChange } from "../../../lib/admin/admin-write";
import { toastFailure } from "../../../lib/admin/form-toasts";
import { changedFields, type Form } from "../../../lib/use-form";

/**
 * A dialog form's save: checked with the API's own schema, then every field sent to `post` to add,
 * or only the changed ones to `patch` to edit (nothing changed: nothing is sent). Each problem, the
 * server's too, beside its field. True when the dialog may close.
 */
export function saveDialogForm<F extends object>(
  form: Form<F>,
  save: { patch: string } | { post: string },
  onSaved: (values: F) => unknown,
): Promise<boolean> {
  return form.submit(
    async (_data, input) => {
      if ("patch" in save) {
        const changes = changedFields(form.initial, form.values);
        if (Object.keys(changes).length === 0) return;
        await adminChange("PATCH", save.patch, changes);
      } else await adminApi(save.post, { json: input });
      await onSaved(form.values);
    },
    { onError: toastFailure("Not saved", "Please try again.") },
  );
}

/** A dialog whose form is made afresh each time it opens (an added item's values never linger). */
export function FormDialog({
  title,
  trigger,
  children,
}: {
  title: string;
  trigger: ReactNode;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="3" className="admin-visually-hidden">
          {title}
        </Dialog.Description>
        {children(() => setOpen(false))}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The form of a FormDialog: its fields, Cancel and the submit button. */
export function DialogForm({
  busy,
  onSubmit,
  submitLabel,
  children,
}: {
  busy: boolean;
  onSubmit: (event: FormEvent) => unknown;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      {children}
      <Flex gap="3" mt="5" justify="end">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}

export function CheckField({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <Text as="label" size="2" className="admin-check-field">
      <Flex gap="2" align="start">
        <Checkbox mt="1" checked={checked} onCheckedChange={(v) => onChange(v === true)} />
        <span>
          <Text weight="medium">{label}</Text>
          <Text as="span" color="gray" size="1" className="admin-row-sub">
            {hint}
          </Text>
        </span>
      </Flex>
    </Text>
  );
}
