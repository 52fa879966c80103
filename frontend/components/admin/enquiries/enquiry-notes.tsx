import { Button, Flex, Text, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminEnquiry } from "../../../../schema/api/enquiries";
import { enquiryNotesSchema } from "../../../../schema/api/enquiries";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { notify } from "../../../lib/toast";
import { invalidProps } from "../../../lib/use-form";
import { FieldError } from "../form-field";
import { EditIcon } from "../icons";

/**
 * The owner's own notes on a quote ("called back Tue, wants a Worcester"), edited where they are
 * read. `onSave` stores them; without it (the Replied tab shows no actions) they are only shown.
 */
export function EnquiryNotes({ enquiry, onSave }: { enquiry: AdminEnquiry; onSave?: (notes: string) => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(enquiry.notes ?? "");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = `quote-${enquiry.id}-notes`;

  async function save() {
    const parsed = enquiryNotesSchema.safeParse({ notes: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      await onSave?.(text.trim());
      notify({ title: "Notes saved", description: `Your notes on ${enquiry.name}'s quote are saved.`, variant: "success" });
      setEditing(false);
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Error", description: errorMessage(e, "Failed to save the notes"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  if (editing) {
    return (
      <div className="admin-notes">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          Your notes
        </Text>
        <TextArea
          id={id}
          mt="1"
          rows={3}
          maxLength={2000}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
          // Opened by the owner's own click, so the cursor goes where they will type.
          autoFocus
          {...invalidProps(id, error)}
        />
        <FieldError id={id} error={error} />
        <Flex gap="2" mt="2" justify="end">
          <Button
            size="1"
            variant="soft"
            color="gray"
            onClick={() => {
              setText(enquiry.notes ?? "");
              setEditing(false);
            }}
            disabled={busy}
          >
            Cancel
          </Button>
          <Button size="1" onClick={save} loading={busy}>
            Save Notes
          </Button>
        </Flex>
      </div>
    );
  }
  if (!enquiry.notes) {
    return onSave ? (
      <Button size="1" variant="ghost" mt="3" ml="1" onClick={() => setEditing(true)}>
        <EditIcon /> Add notes
      </Button>
    ) : null;
  }
  return (
    <div className="admin-notes">
      <Flex justify="between" align="center" gap="2">
        <Text as="div" size="1" weight="bold" className="admin-notes-label">
          Your notes
        </Text>
        {onSave ? (
          <Button size="1" variant="ghost" onClick={() => setEditing(true)}>
            <EditIcon /> Edit notes
          </Button>
        ) : null}
      </Flex>
      <Text as="p" size="2" mt="1" className="admin-prewrap">
        {enquiry.notes}
      </Text>
    </div>
  );
}
