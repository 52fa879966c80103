import { Button, Callout, Flex } from "@radix-ui/themes";
import { useState } from "react";
import { chatSessionIdSchema } from "../../../schema/api/chat";
import { ConversationCard } from "../../components/admin/chats/conversation-card";
import { CountTabs } from "../../components/admin/count-tabs";
import { PageHeader } from "../../components/admin/page-header";
import { PagedList } from "../../components/admin/paged-list";
import { SearchBox } from "../../components/admin/search-box";
import { useChats } from "../../hooks/admin/use-chats";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import "../../components/admin/care.css";

const filterNames = ["q", "handover", "session"] as const;

/**
 * The chat transcripts: conversations most recently active first, searched by what was said or who
 * asked for a call back, hand-overs marked. `?session=` (the quote card's "Read the chat") shows
 * that one conversation, open.
 */
export default function Chats() {
  const [params, setFilters] = useUrlFilters(filterNames);
  const handover = params.handover === "1" ? "1" : "";
  // A link cut short (or typed) is said to be so here, not sent to the server to be refused.
  const brokenLink = params.session !== "" && !chatSessionIdSchema.safeParse(params.session).success;
  const list = useChats({ q: params.q, handover, session: brokenLink ? "" : params.session });
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  // The linked conversation opens by itself; a click on its button closes it like any other.
  const isOpen = (id: string) => toggled.has(id) !== (id === params.session);
  const toggle = (id: string) =>
    setToggled((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // The count of the tab on show (the other's is unknown until it is opened).
  const shown = list.items ? list.total : undefined;
  const empty = params.session
    ? "This conversation is no longer kept (transcripts are deleted a year after their last message)."
    : handover
      ? params.q
        ? `No hand-overs matching "${params.q}"`
        : "No visitor has asked for a person yet."
      : params.q
        ? `No conversations matching "${params.q}"`
        : "No chat conversations yet.";

  const body = (
    <PagedList list={list} empty={empty} loading="Loading conversations…" failed="Failed to load conversations.">
      {(conversations) => (
        <div className="admin-list">
          {conversations.map((c) => (
            <ConversationCard
              key={c.sessionId}
              conversation={c}
              open={isOpen(c.sessionId)}
              onToggle={() => toggle(c.sessionId)}
            />
          ))}
        </div>
      )}
    </PagedList>
  );

  return (
    <>
      <PageHeader title="Chats" subtitle="What visitors asked the assistant, and who asked for a person" />
      {brokenLink ? (
        <Callout.Root color="red" variant="surface" mb="4" role="alert">
          <Callout.Text>
            That link to a conversation is not complete.{" "}
            <Button size="1" variant="soft" onClick={() => setFilters({ session: "" })}>
              Show all conversations
            </Button>
          </Callout.Text>
        </Callout.Root>
      ) : params.session ? (
        <>
          <Callout.Root color="blue" variant="surface" mb="4">
            <Callout.Text>
              Showing one conversation.{" "}
              <Button size="1" variant="soft" onClick={() => setFilters({ session: "" })}>
                Show all conversations
              </Button>
            </Callout.Text>
          </Callout.Root>
          {body}
        </>
      ) : (
        <>
          <Flex className="admin-toolbar" gap="3" align="center" wrap="wrap">
            <SearchBox label="Search conversations" placeholder="Words said, or a name, phone or e-mail" />
          </Flex>
          <CountTabs
            label="Conversations"
            value={handover ? "handovers" : "all"}
            onValueChange={(value) => setFilters({ handover: value === "handovers" ? "1" : "" })}
            tabs={[
              { value: "all", label: "All conversations", count: handover ? undefined : shown, content: body },
              { value: "handovers", label: "Hand-overs", count: handover ? shown : undefined, content: body },
            ]}
          />
        </>
      )}
    </>
  );
}
