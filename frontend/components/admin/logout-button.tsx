import { Button } from "@radix-ui/themes";
import { useState } from "react";
import { useLogout } from "../../hooks/admin/use-admin-session";
import { LogoutIcon } from "./icons";

/** Logs out. `onDark` is the brand bar's light-on-navy version. */
export function LogoutButton({ onDark = false }: { onDark?: boolean }) {
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant={onDark ? "outline" : "soft"}
      color="gray"
      className={onDark ? "admin-logout-on-dark" : undefined}
      loading={pending}
      onClick={async () => {
        setPending(true);
        await logout();
      }}
    >
      <LogoutIcon />
      Logout
    </Button>
  );
}
