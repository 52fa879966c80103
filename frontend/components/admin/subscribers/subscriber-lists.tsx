import { Badge, Button, Checkbox, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { AdminSubscriber } from "../../../../schema/api/signups";
import { formatDate } from "../../../../schema/london-time-text";
import { EmptyState } from "../admin-states";
import { ConfirmButton } from "../confirm-button";

type Props = {
  active: AdminSubscriber[];
  pending: AdminSubscriber[];
  unsubscribed: AdminSubscriber[];
  selected: ReadonlySet<string>;
  onToggle: (email: string) => void;
  onToggleAll: () => void;
  busyEmail: string | null;
  onUnsubscribe: (email: string) => void;
};

/**
 * Active subscribers to pick campaign recipients from, then the sign-ups still waiting for their
 * owner to confirm (never selectable: nothing is sent to them), then the unsubscribed.
 */
export function SubscriberLists({
  active,
  pending,
  unsubscribed,
  selected,
  onToggle,
  onToggleAll,
  busyEmail,
  onUnsubscribe,
}: Props) {
  const allSelected = active.length > 0 && active.every((s) => selected.has(s.email));
  return (
    <Flex direction="column" gap="5">
      <section aria-labelledby="active-heading">
        <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
          <Heading as="h2" size="4" id="active-heading">
            Active subscribers ({active.length})
          </Heading>
          <Button variant="soft" onClick={onToggleAll} disabled={active.length === 0}>
            {allSelected ? "Deselect All" : "Select All Active"}
          </Button>
        </Flex>
        {active.length === 0 ? (
          <EmptyState message="No active subscribers yet." />
        ) : (
          <ul className="admin-card admin-rows">
            {active.map((s) => (
              <li key={s.id} className="admin-row">
                <Text as="label" size="2" className="admin-row-main">
                  <Checkbox checked={selected.has(s.email)} onCheckedChange={() => onToggle(s.email)} />
                  <span>
                    <span className="admin-row-email">{s.email}</span>
                    <Text as="span" size="1" color="gray" className="admin-row-sub">
                      Signed up {formatDate(s.signedUpAt)}
                      {s.confirmedAt && formatDate(s.confirmedAt) !== formatDate(s.signedUpAt)
                        ? ` · confirmed ${formatDate(s.confirmedAt)}`
                        : ""}
                    </Text>
                  </span>
                </Text>
                <Flex gap="2" align="center" className="admin-row-actions">
                  <Badge color="green" highContrast radius="full">
                    Active
                  </Badge>
                  <ConfirmButton
                    size="1"
                    variant="soft"
                    disabled={busyEmail === s.email}
                    title="Unsubscribe this address?"
                    description={`${s.email} will get no more campaign e-mails. This can't be undone here.`}
                    confirmLabel="Unsubscribe"
                    onConfirm={() => onUnsubscribe(s.email)}
                  >
                    Unsubscribe
                  </ConfirmButton>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ReadOnlyList
        id="pending-heading"
        title="Awaiting confirmation"
        intro="They have been sent a link to confirm their sign-up and get no campaigns until they follow it."
        subscribers={pending}
        empty="No sign-ups waiting for confirmation."
        badge={
          <Badge color="gray" variant="soft" radius="full">
            Pending
          </Badge>
        }
      />
      <ReadOnlyList
        id="unsubscribed-heading"
        title="Unsubscribed"
        subscribers={unsubscribed}
        empty="Nobody has unsubscribed."
        badge={
          <Badge color="red" variant="solid" radius="full">
            Unsubscribed
          </Badge>
        }
        since={(s) => (s.unsubscribedAt ? ` · unsubscribed ${formatDate(s.unsubscribedAt)}` : "")}
      />
    </Flex>
  );
}

/** A list the owner reads but picks nothing from: each address, when it signed up, and its state. */
function ReadOnlyList({
  id,
  title,
  intro,
  subscribers,
  empty,
  badge,
  since,
}: {
  id: string;
  title: string;
  intro?: string;
  subscribers: AdminSubscriber[];
  empty: string;
  badge: ReactNode;
  since?: (s: AdminSubscriber) => string;
}) {
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" size="4" id={id} mb={intro ? "1" : "3"}>
        {title} ({subscribers.length})
      </Heading>
      {intro ? (
        <Text as="p" size="2" color="gray" mb="3">
          {intro}
        </Text>
      ) : null}
      {subscribers.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        <ul className="admin-card admin-rows">
          {subscribers.map((s) => (
            <li key={s.id} className="admin-row">
              <span className="admin-row-main">
                <span>
                  <span className="admin-row-email">{s.email}</span>
                  <Text as="span" size="1" color="gray" className="admin-row-sub">
                    Signed up {formatDate(s.signedUpAt)}
                    {since?.(s)}
                  </Text>
                </span>
              </span>
              {badge}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
