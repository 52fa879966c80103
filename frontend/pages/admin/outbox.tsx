import { Button } from "@radix-ui/themes";
import { CountTabs } from "../../components/admin/count-tabs";
import { SentMail } from "../../components/admin/outbox/sent-mail";
import { TemplateGallery } from "../../components/admin/outbox/template-gallery";
import { PageHeader } from "../../components/admin/page-header";
import { useOutbox } from "../../hooks/admin/use-outbox";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import "../../components/admin/care.css";

/** The mail the site "sent" locally, and a gallery of every template (`?tab=templates`). */
export default function Outbox() {
  const [params, setFilters] = useUrlFilters(["tab"] as const);
  const tab = params.tab === "templates" ? "templates" : "sent";
  const outbox = useOutbox();
  return (
    <>
      <PageHeader
        title="Outbox"
        subtitle="E-mails the site wrote while no mail provider is set up, newest first, and a preview of every template"
        actions={
          tab === "sent" ? (
            <Button variant="soft" onClick={outbox.refresh} loading={outbox.refreshing && !outbox.loadingMore}>
              Check for new mail
            </Button>
          ) : null
        }
      />
      <CountTabs
        label="Outbox"
        value={tab}
        onValueChange={(value) => setFilters({ tab: value === "templates" ? "templates" : "" })}
        tabs={[
          { value: "sent", label: "Sent", content: <SentMail outbox={outbox} /> },
          { value: "templates", label: "Templates", content: <TemplateGallery /> },
        ]}
      />
    </>
  );
}
