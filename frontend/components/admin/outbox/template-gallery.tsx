import { Heading } from "@radix-ui/themes";
import { useState } from "react";
import type { TemplateSample } from "../../../../schema/api/mail-templates";
import { useMailTemplates } from "../../../hooks/admin/use-outbox";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";
import { ErrorState, LoadingState } from "../admin-states";
import { MailDialog } from "./mail-dialog";
import { MailRow } from "./mail-row";

const groups = [
  { audience: "customer", heading: "To customers and subscribers" },
  { audience: "owner", heading: "To you" },
] as const;

/** Every e-mail the site can send, filled in with sample details, to check how each one reads. */
export function TemplateGallery() {
  const { data, error, refresh } = useMailTemplates();
  const [open, setOpen] = useState<TemplateSample | null>(null);
  if (!data) {
    if (error)
      return isUnauthorized(error) ? null : (
        <ErrorState message={errorMessage(error, "Failed to load the templates.")} onRetry={refresh} />
      );
    return <LoadingState label="Loading the templates…" />;
  }
  return (
    <>
      <p className="care-muted care-intro">
        Every e-mail the site sends, filled in with sample details. Nothing here is sent to anyone.
      </p>
      {groups.map(({ audience, heading }) => (
        <section key={audience} aria-labelledby={`templates-${audience}`} className="care-section">
          <Heading as="h2" size="4" mb="2" id={`templates-${audience}`}>
            {heading}
          </Heading>
          <ul className="admin-card care-rows" aria-label={heading}>
            {data
              .filter((t) => t.audience === audience)
              .map((t) => (
                <MailRow key={t.kind} title={t.label} detail={`Subject: ${t.subject}`} onOpen={() => setOpen(t)} />
              ))}
          </ul>
        </section>
      ))}
      <MailDialog mail={open && { ...open, about: `Template "${open.label}", sample details` }} onClose={() => setOpen(null)} />
    </>
  );
}
