import { useMemo, useState } from "react";
import type { AdminSignIn, SignInCounts, SignInFilter } from "../../../../schema/api/security";
import { useAdminList } from "../../../hooks/admin/use-admin-list";
import { useAdminMe } from "../../../hooks/admin/use-admin-me";
import { CountTabs } from "../count-tabs";
import { pagedTabs } from "../paged-list";
import { SignInList } from "./sign-in-list";

const tabDefs: { value: SignInFilter; label: string; empty: string }[] = [
  { value: "all", label: "All", empty: "No sign-ins recorded yet." },
  { value: "successes", label: "Signed in", empty: "No successful sign-ins yet." },
  { value: "new-devices", label: "New browsers", empty: "No sign-ins from a new browser." },
  { value: "failures", label: "Failed", empty: "No failed attempts." },
];

/**
 * The whole sign-in history, newest first, 30 at a time, with a tab for successes, for successes
 * from a browser that had not signed in before, and for failures: a flood of junk attempts can
 * never push someone else's sign-in out of sight.
 */
export function SignInHistory() {
  const [show, setShow] = useState<SignInFilter>("all");
  const me = useAdminMe();
  const filters = useMemo(() => ({ show }), [show]);
  const list = useAdminList<AdminSignIn, SignInCounts>("/api/admin/security/sign-ins", filters);
  const tabs = pagedTabs({
    defs: tabDefs,
    current: show,
    list,
    counts: list.tabs,
    query: "",
    loading: "Loading sign-ins…",
    failed: "Failed to load the sign-ins.",
    // The owner sees every attempt, so each says which username it gave; a member's are their own.
    render: (items) => <SignInList signIns={items} showWho={me?.role === "owner"} />,
  });
  return <CountTabs label="Sign-ins by outcome" tabs={tabs} value={show} onValueChange={(v) => setShow(v as SignInFilter)} />;
}
