import { Badge, Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "wouter";
import type { AdminEnquiry } from "../../../../schema/api/enquiries";
import { allEnquiryServiceLabels } from "../../../../schema/business";
import { formatDate, formatDateTime } from "../../../../schema/london-time-text";
import { type EnquiryState, enquiryState } from "../../../hooks/admin/use-enquiries";
import { telHref } from "../../../lib/tel";
import { BreakableEmail } from "../breakable-email";
import { ConfirmButton } from "../confirm-button";
import { CalendarIcon, CheckIcon, MailIcon, PhoneIcon, TrashIcon } from "../icons";
import { StatusBadge, type StatusTone } from "../status-badge";
import { EnquiryNotes } from "./enquiry-notes";

const stateTones: Record<EnquiryState, StatusTone> = { new: "default", pending: "secondary", replied: "success" };
const stateLabels: Record<EnquiryState, string> = { new: "New", pending: "Pending", replied: "Replied" };

export const serviceLabel = (service: string) =>
  (allEnquiryServiceLabels as Record<string, string | undefined>)[service] ?? service;

type Props = {
  enquiry: AdminEnquiry;
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

export function EnquiryCard({
  enquiry,
  showActions,
  busy,
  onMarkRead,
  onMarkReplied,
  onDelete,
  onBookVisit,
  onPrice,
  onSaveNotes,
}: Props) {
  const state = enquiryState(enquiry);
  return (
    <article className="admin-card admin-quote" aria-label={`Enquiry from ${enquiry.name}`}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            {enquiry.name}
          </Heading>
          <Text as="p" size="2" color="gray">
            Received {formatDateTime(enquiry.createdAt)}
          </Text>
        </div>
        <Flex gap="2" wrap="wrap">
          {enquiry.urgentReason && !enquiry.repliedAt ? (
            <Badge color="red" variant="solid" radius="full" size="2">
              Urgent
            </Badge>
          ) : null}
          <Badge variant="outline" color="orange" radius="full" size="2">
            {serviceLabel(enquiry.service)}
          </Badge>
          <StatusBadge status={state} tones={stateTones} label={stateLabels[state]} />
        </Flex>
      </Flex>

      {enquiry.urgentReason ? (
        <Callout.Root color="red" mt="3" role="note">
          <Callout.Text>
            <strong>Urgent: {enquiry.urgentReason}.</strong> {enquiry.repliedAt ? "" : "Call them rather than e-mail."}
          </Callout.Text>
        </Callout.Root>
      ) : null}

      {/* A call back from the chat has a phone number or an e-mail address, and no postcode: show what there is. */}
      <dl className="admin-fields">
        {enquiry.phone ? (
          <div>
            <dt>Phone</dt>
            <dd>
              <a className="admin-muted-link admin-icon-link" href={telHref(enquiry.phone)}>
                <PhoneIcon /> {enquiry.phone}
              </a>
            </dd>
          </div>
        ) : null}
        {enquiry.email ? (
          <div>
            <dt>Email</dt>
            <dd>
              <a className="admin-muted-link admin-icon-link" href={`mailto:${enquiry.email}`}>
                <MailIcon /> <BreakableEmail email={enquiry.email} />
              </a>
            </dd>
          </div>
        ) : null}
        {enquiry.postcode ? (
          <div>
            <dt>Postcode</dt>
            <dd>{enquiry.postcode}</dd>
          </div>
        ) : null}
        {enquiry.repliedAt ? (
          <div>
            <dt>Replied</dt>
            <dd>{formatDateTime(enquiry.repliedAt)}</dd>
          </div>
        ) : null}
      </dl>

      {enquiry.message ? (
        <blockquote className="admin-message admin-prewrap">{enquiry.message}</blockquote>
      ) : (
        <Text as="p" size="2" color="gray" mt="3">
          No message.
        </Text>
      )}

      {enquiry.visits.length > 0 || enquiry.customerId ? (
        <div className="admin-quote-links">
          {enquiry.visits.map((v) => (
            <Text as="p" size="2" key={v.id}>
              <CalendarIcon />{" "}
              <Link href={`/service-records?record=${v.id}`}>
                {v.serviceType}: {v.visitStart ? formatDateTime(v.visitStart) : `${formatDate(v.serviceDate)}, time to be agreed`}
              </Link>{" "}
              ({v.status})
            </Text>
          ))}
          {enquiry.customerId ? (
            <Text as="p" size="2">
              <Link href={`/customers/${enquiry.customerId}`}>Open {enquiry.name}'s customer page</Link>
            </Text>
          ) : null}
        </div>
      ) : null}

      {enquiry.service === "call-back" && enquiry.chatSessionId ? (
        <Text as="p" size="2" mt="3">
          <Link href={`/chats?session=${encodeURIComponent(enquiry.chatSessionId)}`}>Read the chat</Link>
        </Text>
      ) : null}

      <EnquiryNotes enquiry={enquiry} onSave={showActions ? onSaveNotes : undefined} />

      {showActions ? (
        <Flex gap="2" mt="4" wrap="wrap">
          {enquiry.isRead !== "true" && !enquiry.repliedAt ? (
            <Button variant="soft" onClick={onMarkRead} disabled={busy}>
              <CheckIcon /> Mark Read
            </Button>
          ) : null}
          {!enquiry.repliedAt ? (
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
            description={`The quote request from ${enquiry.name} will be removed for good.`}
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
