import { Dialog, Flex, Text } from "@radix-ui/themes";
import { useRef } from "react";
import type { AdminServiceRecord } from "../../../../schema/api/records";
import { formatDate } from "../../../../schema/london-time-text";
import { RecordForm } from "./record-form";
import { emptyRecordForm, type RecordFormState, recordFormFrom } from "./record-form-state";

/** What the editor opens with: a new record (blank or filled in, from a quote) or one to change. */
export type RecordDraft = { record: AdminServiceRecord } | { initial: RecordFormState; from?: string };

export const editRecord = (record: AdminServiceRecord): RecordDraft => ({ record });
export const newRecord = (initial: RecordFormState = emptyRecordForm(), from?: string): RecordDraft => ({ initial, from });

/**
 * The service record form in a dialog over the list, so the owner keeps their place: Add record,
 * Edit on a card, Book visit on a quote, a visit on a customer's timeline.
 */
export function RecordEditor({
  draft,
  onClose,
  onSaved,
}: {
  draft: RecordDraft | null;
  onClose: () => void;
  onSaved: (record: AdminServiceRecord) => void;
}) {
  const content = useRef<HTMLDivElement>(null);
  const record = draft && "record" in draft ? draft.record : undefined;
  const from = draft && "from" in draft ? draft.from : undefined;
  return (
    <Dialog.Root open={draft !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {draft ? (
        <Dialog.Content
          ref={content}
          maxWidth="960px"
          className="admin-editor"
          aria-describedby={undefined}
          aria-labelledby="record-editor-heading"
          // Focus the dialog itself: on a phone a focused field would open the keyboard over the form.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
        >
          <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="4">
            <Dialog.Title size="5" mb="0" id="record-editor-heading">
              {record ? "Edit Service Record" : "Add Service Record"}
            </Dialog.Title>
            <Text size="2" color="gray" className="admin-wrap-anywhere">
              {record ? `${record.customerName ?? "Unknown Customer"} · ${formatDate(record.serviceDate)}` : from}
            </Text>
          </Flex>
          <RecordForm
            key={record?.id ?? "new"}
            idPrefix="record"
            labelledBy="record-editor-heading"
            initial={"record" in draft ? recordFormFrom(draft.record) : draft.initial}
            record={record}
            onCancel={onClose}
            onSaved={onSaved}
          />
        </Dialog.Content>
      ) : null}
    </Dialog.Root>
  );
}
