import { Button } from "@radix-ui/themes";
import { useState } from "react";
import { useLogout } from "../../hooks/admin/use-admin-session";
import { LogoutIcon } from "./icons";

export function LogoutButton({ variant = "soft" }: { variant?: "soft" | "outline" | "solid" }) {
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant={variant}
      color="gray"
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
