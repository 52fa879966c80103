import { Badge, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { ChatConversation } from "../../../../schema/api/chat";
import { formatDateTime } from "../../../../schema/london-time-text";
import { telHref } from "../../../lib/tel";
import { MailIcon, PhoneIcon } from "../icons";
import { Transcript } from "./transcript";

const SNIPPET = 90;

/** What the visitor asked first: how the owner tells conversations apart at a glance. */
function openingQuestion(conversation: ChatConversation) {
  const first = conversation.messages.find((m) => m.sender === "customer")?.message.trim();
  if (!first) return "No message from the visitor";
  return first.length > SNIPPET ? `${first.slice(0, SNIPPET - 1).trimEnd()}…` : first;
}

/** One conversation: when, how long, whether the visitor asked for a person, and its transcript on demand. */
export function ConversationCard({
  conversation,
  open,
  onToggle,
}: {
  conversation: ChatConversation;
  open: boolean;
  onToggle: () => void;
}) {
  const { sessionId, handover, messageCount } = conversation;
  const transcriptId = `transcript-${sessionId}`;
  const title = openingQuestion(conversation);
  return (
    <article
      className={`admin-card care-chat${handover ? " care-chat-handover" : ""}`}
      aria-label={`${handover ? "Hand-over" : "Conversation"}: ${title}`}
    >
      <Flex justify="between" align="start" gap="2" wrap="wrap">
        <Text size="2" color="gray">
          {formatDateTime(conversation.lastMessageAt)} · {messageCount} {messageCount === 1 ? "message" : "messages"}
        </Text>
        {handover ? (
          <Badge color="orange" variant="surface" highContrast radius="full" size="2">
            Hand-over
          </Badge>
        ) : null}
      </Flex>
      <Heading as="h2" size="3" mt="1" className="care-wrap">
        “{title}”
      </Heading>

      {handover ? (
        <div className="care-handover">
          <Text as="p" size="2" weight="bold">
            {handover.name} asked for a person, {formatDateTime(handover.createdAt)}
          </Text>
          <Flex gap="3" wrap="wrap" mt="1">
            {handover.phone ? (
              <a className="admin-muted-link admin-icon-link" href={telHref(handover.phone)}>
                <PhoneIcon /> {handover.phone}
              </a>
            ) : null}
            {handover.email ? (
              <a className="admin-muted-link admin-icon-link" href={`mailto:${handover.email}`}>
                <MailIcon /> {handover.email}
              </a>
            ) : null}
          </Flex>
          {handover.message ? (
            <Text as="p" size="2" mt="1" className="care-wrap">
              “{handover.message}”
            </Text>
          ) : null}
          <Text as="p" size="2" mt="1">
            <Link href={`/quotes?state=all&q=${encodeURIComponent(handover.email || handover.name)}`}>
              See the call back request
            </Link>
          </Text>
        </div>
      ) : null}

      <Button variant="soft" mt="3" onClick={onToggle} aria-expanded={open} aria-controls={open ? transcriptId : undefined}>
        {open ? "Hide the chat" : "Read the chat"}
      </Button>
      {open ? <Transcript id={transcriptId} messages={conversation.messages} total={messageCount} /> : null}
    </article>
  );
}
