import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { type ComponentProps, type ReactNode, useState } from "react";

type ButtonProps = ComponentProps<typeof Button>;

/**
 * A button that asks first (Radix AlertDialog: focus trapped, Escape cancels, Cancel focused by
 * default so Enter never destroys by accident). `onConfirm` runs only after the confirm click.
 * `beforeOpen`, when given, checks first (a form's own problems, shown beside its fields): the
 * dialog opens only when it answers true, so a draft with mistakes is never offered to confirm.
 */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  onConfirm,
  beforeOpen,
  destructive = true,
  color = destructive ? "red" : undefined,
  ...buttonProps
}: ButtonProps & {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  beforeOpen?: () => boolean | Promise<boolean>;
  /** False for a step that cannot be undone but destroys nothing (sending, issuing): the theme's colour, not red. */
  destructive?: boolean;
}) {
  const [open, setOpen] = useState(false);
  async function openChanged(next: boolean) {
    if (next && beforeOpen && !(await beforeOpen())) return;
    setOpen(next);
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={openChanged}>
      <AlertDialog.Trigger>
        <Button color={color} {...buttonProps}>
          {children}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color={color} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
