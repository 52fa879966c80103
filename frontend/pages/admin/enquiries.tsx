import { Flex } from "@radix-ui/themes";
import { useState } from "react";
import { useLocation } from "wouter";
import type { AdminCustomer } from "../../../schema/api/customers";
import type { AdminEnquiry } from "../../../schema/api/enquiries";
import { enquiryStates } from "../../../schema/api/enquiries";
import { enquiryServiceLabels } from "../../../schema/business";
import { splitName } from "../../../schema/names";
import { CountTabs } from "../../components/admin/count-tabs";
import { EnquiryCard } from "../../components/admin/enquiries/enquiry-card";
import { ReplyAll } from "../../components/admin/enquiries/reply-all";
import { visitFromEnquiry } from "../../components/admin/enquiries/visit-from-enquiry";
import { PageHeader } from "../../components/admin/page-header";
import { pagedTabs } from "../../components/admin/paged-list";
import { SearchBox } from "../../components/admin/search-box";
import { newRecord, type RecordDraft, RecordEditor } from "../../components/admin/service-records/record-editor";
import { customerByEmail } from "../../hooks/admin/use-customers";
import { type EnquiryState, useAdminEnquiries } from "../../hooks/admin/use-enquiries";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { adminApi, errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";

// Replied quotes show no actions in the Replied tab.
const tabDefs = [
  { value: "new", label: "New", empty: "No new enquiries", actions: true },
  { value: "pending", label: "Pending", empty: "No pending enquiries", actions: true },
  // A replied request keeps its visit, notes and customer (the owner asked: issue 27); only the
  // spec's read and reply buttons go, since it is replied.
  { value: "replied", label: "Replied", empty: "No replied enquiries", actions: true },
  { value: "all", label: "All", empty: "No enquiries yet", actions: true },
] as const;

const filterNames = ["q", "state"] as const;
const isState = (v: string): v is EnquiryState => (enquiryStates as readonly string[]).includes(v);

export default function Enquiries() {
  const [params, setFilters] = useUrlFilters(filterNames);
  const [, navigate] = useLocation();
  // The inbox opens on New; "all" is the screen's own word for no state filter.
  const current = isState(params.state) || params.state === "all" ? params.state : "new";
  const { markRead, markReplied, saveNotes, remove, ...list } = useAdminEnquiries({
    q: params.q,
    state: isState(current) ? current : "",
  });
  const [busyId, setBusyId] = useState<number | null>(null);
  const [visit, setVisit] = useState<RecordDraft | null>(null);

  /** One change to one quote: toast the outcome, then refetch the list. */
  async function act(id: number, change: () => Promise<unknown>, done: { title: string; description: string }, failed: string) {
    setBusyId(id);
    try {
      await change();
      notify({ ...done, variant: "success" });
    } catch (e) {
      if (!isUnauthorized(e)) notify({ title: "Error", description: errorMessage(e, failed), variant: "destructive" });
    } finally {
      setBusyId(null);
      await list.refresh();
    }
  }

  /** The service record form, filled in from the quote and its customer on file if there is one. */
  async function bookVisit(enquiry: AdminEnquiry) {
    setBusyId(enquiry.id);
    try {
      const customer = await customerByEmail(enquiry.email);
      setVisit(newRecord(visitFromEnquiry(enquiry, customer), `From ${enquiry.name}'s quote`));
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to look up the customer"), variant: "destructive" });
      }
    } finally {
      setBusyId(null);
    }
  }

  /**
   * A priced quote answering the request: for its customer on file, or one added from the request's
   * name, e-mail, phone and postcode.
   */
  async function priceIt(enquiry: AdminEnquiry) {
    setBusyId(enquiry.id);
    try {
      const customer =
        (await customerByEmail(enquiry.email)) ??
        (await adminApi<AdminCustomer>("/api/admin/customers", {
          json: { ...splitName(enquiry.name), email: enquiry.email, phone: enquiry.phone, postcode: enquiry.postcode },
        }));
      const title = enquiryServiceLabels[enquiry.service as keyof typeof enquiryServiceLabels] ?? "Your quote";
      navigate(`/estimates/new?customerId=${customer.id}&enquiryId=${enquiry.id}&title=${encodeURIComponent(title)}`);
    } catch (e) {
      if (!isUnauthorized(e))
        notify({ title: "Error", description: errorMessage(e, "Could not start the quote"), variant: "destructive" });
      setBusyId(null);
    }
  }

  const card = (enquiry: AdminEnquiry, showActions: boolean) => (
    <EnquiryCard
      key={enquiry.id}
      enquiry={enquiry}
      showActions={showActions}
      busy={busyId === enquiry.id}
      onMarkRead={() =>
        act(
          enquiry.id,
          () => markRead(enquiry.id),
          { title: "Quote marked as read", description: `${enquiry.name}'s quote is now pending a reply.` },
          "Failed to mark the quote as read",
        )
      }
      onMarkReplied={() =>
        act(
          enquiry.id,
          () => markReplied(enquiry.id),
          { title: "Quote marked as replied", description: `${enquiry.name}'s quote has been marked as replied.` },
          "Failed to mark the quote as replied",
        )
      }
      onDelete={() =>
        act(
          enquiry.id,
          () => remove(enquiry.id),
          { title: "Quote deleted", description: `${enquiry.name}'s quote has been deleted.` },
          "Failed to delete the quote",
        )
      }
      onBookVisit={() => bookVisit(enquiry)}
      onPrice={() => priceIt(enquiry)}
      onSaveNotes={async (notes) => {
        await saveNotes(enquiry.id, notes);
        await list.refresh();
      }}
    />
  );

  const tabs = pagedTabs({
    defs: tabDefs,
    current,
    list,
    counts: list.tabs,
    query: params.q,
    loading: "Loading quotes…",
    failed: "Failed to load quotes.",
    render: (enquiries, def) => <div className="admin-list">{enquiries.map((q) => card(q, def.actions))}</div>,
  });

  return (
    <>
      <PageHeader
        title="Enquiries"
        subtitle="Answer new enquiries and keep track of replies"
        actions={<ReplyAll onChanged={list.refresh} />}
      />
      <Flex className="admin-toolbar" gap="3" align="center" wrap="wrap">
        <SearchBox label="Search quotes" placeholder="Name, e-mail, phone or postcode" />
      </Flex>
      <CountTabs
        label="Quotes by status"
        tabs={tabs}
        value={current}
        onValueChange={(value) => setFilters({ state: value === "new" ? "" : value })}
      />
      {/* Saved: the quote's card lists the visit booked from it (and its customer, when one was added). */}
      <RecordEditor
        draft={visit}
        onClose={() => setVisit(null)}
        onSaved={() => {
          setVisit(null);
          void list.refresh();
        }}
      />
    </>
  );
}
