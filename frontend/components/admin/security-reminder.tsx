import { IconButton, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { useAdminSecurity } from "../../hooks/admin/use-security";
import { CloseIcon, ShieldIcon } from "./icons";

const DISMISSED = "mfaReminderDismissed";
/** Whether this browser showed the reminder last time it knew ("1") or not ("0"). */
const LAST_SHOWN = "mfaReminderShown";

function isDismissed() {
  try {
    return sessionStorage.getItem(DISMISSED) !== null;
  } catch {
    return false;
  }
}

/** The last answer this browser had; none yet (a first sign-in here), as if it showed. */
function lastShown(): boolean {
  try {
    return localStorage.getItem(LAST_SHOWN) !== "0";
  } catch {
    return true;
  }
}

function rememberShown(shown: boolean) {
  try {
    localStorage.setItem(LAST_SHOWN, shown ? "1" : "0");
  } catch {
    // Nowhere to remember it: the next screen keeps the room as if it showed.
  }
}

/**
 * A quiet line above every admin screen while two-step sign-in is off; dismissed, it stays away
 * for this browser session. Not on the Security screen itself, which says the same at length.
 *
 * It never moves the screen (a layout shift once made a test click where a row had been): whether
 * it takes room is decided when a screen (`screen`, the address) is first drawn, from the security
 * answer already read or else the last one this browser had, and the room is kept, empty, until
 * the next screen if the answer then says there is nothing to remind. (Decided per screen in place
 * rather than by mounting afresh, which would read the security answer again on every screen.)
 */
export function SecurityReminder({ hidden, screen }: { hidden: boolean; screen: string }) {
  const { security } = useAdminSecurity();
  const [dismissed, setDismissed] = useState(isDismissed);
  const shows = security ? !security.mfaEnabled : undefined;
  const roomFor = () => ({ screen, takes: !dismissed && (shows ?? lastShown()) });
  const [kept, setRoom] = useState(roomFor);
  let room = kept;
  if (kept.screen !== screen) {
    room = roomFor();
    setRoom(room);
  }
  useEffect(() => {
    if (shows !== undefined) rememberShown(shows);
  }, [shows]);
  if (hidden || dismissed || !(shows || room.takes)) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED, "true");
    } catch {
      // Nowhere to remember it: the notice still goes for this page's life.
    }
    setDismissed(true);
  };
  // Until the answer says to remind (or if it says not to), the same line holds its room unseen.
  return (
    <aside
      className="admin-reminder"
      aria-label="Security reminder"
      aria-hidden={shows ? undefined : true}
      inert={!shows}
      data-pending={shows ? undefined : ""}
    >
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
