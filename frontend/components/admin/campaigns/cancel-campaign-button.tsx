import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import type { CampaignSummary } from "../../../../schema/api/campaigns";
import { formatUkLong } from "./uk-time";

type Props = { campaign: CampaignSummary; isCancelling: boolean; onConfirm: () => void };

/**
 * "Cancel" on a scheduled campaign, confirmed first. Not ConfirmButton: its dismiss button reads
 * "Cancel", which beside "Cancel campaign" would leave the owner guessing which one keeps it.
 */
export function CancelCampaignButton({ campaign, isCancelling, onConfirm }: Props) {
  const { subject, sendAt, counts } = campaign;
  const recipients = `${counts.total} ${counts.total === 1 ? "recipient" : "recipients"}`;
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button variant="soft" color="red" loading={isCancelling} aria-label={`Cancel campaign: ${subject}`}>
          Cancel
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Cancel this scheduled campaign?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          "{subject}" will not go out{sendAt ? ` on ${formatUkLong(sendAt)}` : ""}: nothing will be sent to its {recipients}.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Keep it scheduled
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={onConfirm}>
              Cancel campaign
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
