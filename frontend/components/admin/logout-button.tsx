import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { useState } from "react";
import { useLogout } from "../../hooks/admin/use-admin-session";
import { unsyncedChanges, unsyncedWarning } from "../../lib/admin/phone-data";
import { LogoutIcon } from "./icons";

/**
 * Logs out. A logout deletes what this phone keeps of the day (lib/admin/phone-data.ts), so with
 * changes not synced yet it asks first, saying how many would be lost; Cancel keeps the session.
 * `onDark` is the brand bar's light-on-navy version.
 */
export function LogoutButton({ onDark = false }: { onDark?: boolean }) {
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  const [unsynced, setUnsynced] = useState(0);

  async function leave() {
    setPending(true);
    await logout();
  }

  return (
    <>
      <Button
        variant={onDark ? "outline" : "soft"}
        color="gray"
        className={onDark ? "admin-logout-on-dark" : undefined}
        loading={pending}
        onClick={async () => {
          setPending(true);
          const count = await unsyncedChanges().catch(() => 0);
          if (count > 0) {
            setPending(false);
            setUnsynced(count);
          } else await logout();
        }}
      >
        <LogoutIcon />
        Logout
      </Button>
      <AlertDialog.Root open={unsynced > 0} onOpenChange={(open) => (open ? undefined : setUnsynced(0))}>
        <AlertDialog.Content maxWidth="440px">
          <AlertDialog.Title>Log out and lose changes?</AlertDialog.Title>
          <AlertDialog.Description size="2">
            {unsyncedWarning(unsynced)} Logging out deletes the day kept on this phone. Cancel, and log out once they have synced
            (when there is signal).
          </AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button color="red" onClick={leave}>
                Log out and lose them
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}
