import { formatDateTime } from "../../../schema/london-time-text";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { ExportButton } from "../../components/admin/export-button";
import { PageHeader } from "../../components/admin/page-header";
import { BillingSettingsForm } from "../../components/admin/settings/billing-form";
import { SettingsForm } from "../../components/admin/settings/settings-form";
import { XeroSection } from "../../components/admin/settings/xero-section";
import { useAdminMe } from "../../hooks/admin/use-admin-me";
import { useSettings } from "../../hooks/admin/use-settings";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import "../../components/admin/settings/settings.css";

/** /admin/settings: the company's facts and offers, as the public site shows them. */
export default function Settings() {
  const { settings, error, refresh, save, replace } = useSettings();
  const me = useAdminMe();

  let body = null;
  if (settings) body = <SettingsForm settings={settings} onSave={save} onReplaced={replace} />;
  else if (error) {
    body = isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load the settings.")} onRetry={refresh} />
    );
  } else body = <LoadingState label="Loading settings…" />;

  return (
    <>
      <PageHeader
        title="Business Settings"
        subtitle={
          settings
            ? settings.updatedAt
              ? `Last changed ${formatDateTime(settings.updatedAt)}`
              : "The values your site started with: change any of them here."
            : undefined
        }
        actions={
          // Every record of the business in one file, to keep somewhere safe (README: Backups).
          <ExportButton path="/api/admin/backup" fileName="northside-backup" kind="json" label="Download everything" />
        }
      />
      {body}
      {settings ? (
        <>
          <h2 className="settings-part-title">Billing</h2>
          <BillingSettingsForm />
          {me?.role === "owner" ? <XeroSection /> : null}
        </>
      ) : null}
    </>
  );
}
