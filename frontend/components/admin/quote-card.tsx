import { Badge, Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { AdminQuote } from "../../../schema/api/quotes";
import { allQuoteServiceLabels } from "../../../schema/business";
import { formatDate, formatDateTime } from "../../../schema/london-time-text";
import { type QuoteState, quoteState } from "../../hooks/admin/use-quotes";
import { BreakableEmail } from "./breakable-email";
import { ConfirmButton } from "./confirm-button";
import { CalendarIcon, CheckIcon, MailIcon, PhoneIcon, TrashIcon } from "./icons";
import { QuoteNotes } from "./quotes/quote-notes";
import { StatusBadge, type StatusTone } from "./status-badge";

const stateTones: Record<QuoteState, StatusTone> = { new: "default", pending: "secondary", replied: "success" };
const stateLabels: Record<QuoteState, string> = { new: "New", pending: "Pending", replied: "Replied" };

export const serviceLabel = (service: string) =>
  (allQuoteServiceLabels as Record<string, string | undefined>)[service] ?? service;

type Props = {
  quote: AdminQuote;
  showActions: boolean;
  busy: boolean;
  onMarkRead: () => void;
  onMarkReplied: () => void;
  onDelete: () => void;
  /** Opens the service record form filled in from this quote. */
  onBookVisit: () => void;
  /** A priced quote in answer to this request. */
  onPrice: () => void;
  onSaveNotes: (notes: string) => Promise<void>;
};

export function QuoteCard({
  quote,
  showActions,
  busy,
  onMarkRead,
  onMarkReplied,
  onDelete,
  onBookVisit,
  onPrice,
  onSaveNotes,
}: Props) {
  const state = quoteState(quote);
  return (
    <article className="admin-card admin-quote" aria-label={`Quote from ${quote.name}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            {quote.name}
          </Heading>
          <Text as="p" size="2" color="gray">
            Received {formatDateTime(quote.createdAt)}
          </Text>
        </div>
        <Flex gap="2" wrap="wrap">
          {quote.urgentReason && !quote.repliedAt ? (
            <Badge color="red" variant="solid" radius="full" size="2">
              Urgent
            </Badge>
          ) : null}
          <Badge variant="outline" color="orange" radius="full" size="2">
            {serviceLabel(quote.service)}
          </Badge>
          <StatusBadge status={state} tones={stateTones} label={stateLabels[state]} />
        </Flex>
      </Flex>

      {quote.urgentReason ? (
        <Callout.Root color="red" mt="3" role="note">
          <Callout.Text>
            <strong>Urgent: {quote.urgentReason}.</strong> {quote.repliedAt ? "" : "Call them rather than e-mail."}
          </Callout.Text>
        </Callout.Root>
      ) : null}

      {/* A call back from the chat has a phone number or an e-mail address, and no postcode: show what there is. */}
      <dl className="admin-fields">
        {quote.phone ? (
          <div>
            <dt>Phone</dt>
            <dd>
              <a className="admin-muted-link admin-icon-link" href={`tel:${quote.phone.replace(/[^\d+]/g, "")}`}>
                <PhoneIcon /> {quote.phone}
              </a>
            </dd>
          </div>
        ) : null}
        {quote.email ? (
          <div>
            <dt>Email</dt>
            <dd>
              <a className="admin-muted-link admin-icon-link" href={`mailto:${quote.email}`}>
                <MailIcon /> <BreakableEmail email={quote.email} />
              </a>
            </dd>
          </div>
        ) : null}
        {quote.postcode ? (
          <div>
            <dt>Postcode</dt>
            <dd>{quote.postcode}</dd>
          </div>
        ) : null}
        {quote.repliedAt ? (
          <div>
            <dt>Replied</dt>
            <dd>{formatDateTime(quote.repliedAt)}</dd>
          </div>
        ) : null}
      </dl>

      {quote.message ? (
        <blockquote className="admin-message admin-prewrap">{quote.message}</blockquote>
      ) : (
        <Text as="p" size="2" color="gray" mt="3">
          No message.
        </Text>
      )}

      {quote.visits.length > 0 || quote.customerId ? (
        <div className="admin-quote-links">
          {quote.visits.map((v) => (
            <Text as="p" size="2" key={v.id}>
              <CalendarIcon />{" "}
              <Link href={`/service-records?record=${v.id}`}>
                {v.serviceType}: {v.visitStart ? formatDateTime(v.visitStart) : `${formatDate(v.serviceDate)}, time to be agreed`}
              </Link>{" "}
              ({v.status})
            </Text>
          ))}
          {quote.customerId ? (
            <Text as="p" size="2">
              <Link href={`/customers/${quote.customerId}`}>Open {quote.name}'s customer page</Link>
            </Text>
          ) : null}
        </div>
      ) : null}

      {quote.service === "call-back" && quote.chatSessionId ? (
        <Text as="p" size="2" mt="3">
          <Link href={`/chats?session=${encodeURIComponent(quote.chatSessionId)}`}>Read the chat</Link>
        </Text>
      ) : null}

      <QuoteNotes quote={quote} onSave={showActions ? onSaveNotes : undefined} />

      {showActions ? (
        <Flex gap="2" mt="4" wrap="wrap">
          {quote.isRead !== "true" && !quote.repliedAt ? (
            <Button variant="soft" onClick={onMarkRead} disabled={busy}>
              <CheckIcon /> Mark Read
            </Button>
          ) : null}
          {!quote.repliedAt ? (
            <Button variant="soft" color="green" highContrast onClick={onMarkReplied} disabled={busy}>
              <MailIcon /> Mark Replied
            </Button>
          ) : null}
          <Button variant="soft" color="gray" onClick={onBookVisit} disabled={busy}>
            <CalendarIcon /> Book Visit
          </Button>
          <Button variant="soft" onClick={onPrice} disabled={busy}>
            Price it
          </Button>
          <ConfirmButton
            variant="soft"
            disabled={busy}
            title="Delete this quote?"
            description={`The quote request from ${quote.name} will be removed for good.`}
            confirmLabel="Delete quote"
            onConfirm={onDelete}
          >
            <TrashIcon /> Delete
          </ConfirmButton>
        </Flex>
      ) : null}
    </article>
  );
}
