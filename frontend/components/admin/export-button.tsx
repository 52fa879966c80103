import { Button } from "@radix-ui/themes";
import { useState } from "react";
import { londonToday } from "../../../schema/london-time";
import { adminText, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { downloadText } from "../../lib/admin/text-export";
import { notify } from "../../lib/toast";
import { DownloadIcon } from "./icons";

const types = { csv: "text/csv;charset=utf-8", json: "application/json;charset=utf-8" } as const;

/**
 * Downloads one of the back office's CSV exports, or the JSON backup. The admin token lives in the
 * tab's session storage, not a cookie, so the file is fetched with it and handed to the browser as
 * a download.
 */
export function ExportButton({
  path,
  fileName,
  label = "Export CSV",
  kind = "csv",
}: {
  path: string;
  fileName: string;
  label?: string;
  kind?: keyof typeof types;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const date = londonToday();
      downloadText(`${fileName}-${date}.${kind}`, await adminText(path), types[kind]);
    } catch (error) {
      if (!isUnauthorized(error)) {
        notify({
          title: "Export failed",
          description: errorMessage(error, "The file could not be made. Please try again."),
          variant: "destructive",
        });
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="soft" color="gray" onClick={download} disabled={busy}>
      <DownloadIcon />
      {busy ? "Preparing…" : label}
    </Button>
  );
}
