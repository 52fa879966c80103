import { IconButton, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link } from "wouter";
import { useAdminSecurity } from "../../hooks/admin/use-security";
import { CloseIcon, ShieldIcon } from "./icons";

const DISMISSED = "mfaReminderDismissed";

function isDismissed() {
  try {
    return sessionStorage.getItem(DISMISSED) !== null;
  } catch {
    return false;
  }
}

/**
 * A quiet line above every admin screen while two-step sign-in is off; dismissed, it stays away
 * for this browser session. Not on the Security screen itself, which says the same at length.
 */
export function SecurityReminder({ hidden }: { hidden: boolean }) {
  const { security } = useAdminSecurity();
  const [dismissed, setDismissed] = useState(isDismissed);
  if (hidden || dismissed || !security || security.mfaEnabled) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED, "true");
    } catch {
      // Nowhere to remember it: the notice still goes for this page's life.
    }
    setDismissed(true);
  };
  return (
    <aside className="admin-reminder" aria-label="Security reminder">
      <ShieldIcon />
      <Text size="2" className="admin-reminder-text">
        <Link href="/security">Protect the back office: turn on two-step sign-in</Link>
      </Text>
      <IconButton size="1" variant="ghost" color="gray" aria-label="Dismiss the reminder" onClick={dismiss}>
        <CloseIcon />
      </IconButton>
    </aside>
  );
}
