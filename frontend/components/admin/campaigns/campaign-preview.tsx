import { Callout } from "@radix-ui/themes";
import { useCampaignPreview } from "../../../hooks/admin/use-campaigns";
import type { CampaignDraftForm } from "./campaign-templates";

/**
 * The e-mail as subscribers will see it: rendered by the server through the template, sanitiser and
 * layout the send uses. The content is the owner's HTML, so it is shown only inside an iframe with
 * an empty sandbox (no scripts, no forms, no same-origin access, no navigation of this page).
 */
export function CampaignPreview({ draft }: { draft: CampaignDraftForm }) {
  const { preview, error } = useCampaignPreview(draft);
  if (error && !preview) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>The preview could not be loaded. It will try again as you type.</Callout.Text>
      </Callout.Root>
    );
  }
  return (
    <iframe
      title="E-mail preview"
      className="admin-preview-frame"
      sandbox=""
      srcDoc={preview?.html ?? ""}
      referrerPolicy="no-referrer"
      aria-busy={!preview}
    />
  );
}
