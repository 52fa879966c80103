import type { AdminSignIn } from "../../../../schema/api/security";
import { formatDateTime } from "../../../../schema/london-time-text";
import { browserSummary } from "../../../lib/admin/browser-summary";
import { EmptyState } from "../admin-states";
import { StatusBadge, type StatusTone } from "../status-badge";

export const signInOutcomeLabels: Record<AdminSignIn["outcome"], string> = {
  success: "Signed in",
  wrong_credentials: "Wrong password or name",
  wrong_code: "Wrong code",
  code_required: "Code asked",
  throttled: "Blocked (too many tries)",
  factor_confirmed: "Two-step change confirmed",
  factor_refused: "Two-step change refused",
  challenged: "Slowed (account under attack)",
  password_changed: "Password changed",
};

const outcomeTones: Record<AdminSignIn["outcome"], StatusTone> = {
  success: "success",
  code_required: "secondary",
  wrong_credentials: "destructive",
  wrong_code: "destructive",
  throttled: "outline",
  factor_confirmed: "secondary",
  factor_refused: "destructive",
  challenged: "outline",
  password_changed: "secondary",
};

/**
 * The latest sign-in attempts, newest first: a table on wide screens; on a phone each row is a
 * two-line card (time and outcome, then address and browser).
 */
export function SignInList({ signIns, showWho = false }: { signIns: AdminSignIn[]; showWho?: boolean }) {
  if (signIns.length === 0) return <EmptyState message="No sign-ins recorded yet." />;
  return (
    <table className="admin-signins">
      <caption className="admin-visually-hidden">Latest sign-ins, newest first</caption>
      <thead className="admin-signins-head">
        <tr>
          {["Time", ...(showWho ? ["Username"] : []), "Address", "Browser", "Outcome"].map((label) => (
            <th key={label} scope="col" className="admin-signins-cell admin-signins-th">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="admin-signins-body">
        {signIns.map((s) => (
          <tr key={s.id} className="admin-signins-row">
            <td className="admin-signins-cell admin-signins-time admin-nowrap">{formatDateTime(s.at)}</td>
            {showWho ? <td className="admin-signins-cell admin-signins-who admin-wrap-anywhere">{s.username}</td> : null}
            <td className="admin-signins-cell admin-signins-address admin-wrap-anywhere">{s.address}</td>
            <td className="admin-signins-cell admin-signins-browser" title={s.userAgent ?? undefined}>
              {browserSummary(s.userAgent)}
            </td>
            <td className="admin-signins-cell admin-signins-outcome">
              <StatusBadge status={s.outcome} tones={outcomeTones} label={signInOutcomeLabels[s.outcome]} />
              {s.newDevice ? <StatusBadge status="new-device" tones={{ "new-device": "outline" }} label="New browser" /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
