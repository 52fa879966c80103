import { eq } from "drizzle-orm";
import { customers } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { siteUrl } from "../../lib/site-url";
import { ownerEmail } from "../mail";
import { queueEmails } from "../mail/deliveries";
import { action, type Field, fieldsBlock, mailParts, say } from "../mail/layout";
import type { MailMessage } from "../mail/types";
import type { InboundText } from "./webhooks";

/**
 * A reply that is not a keyword is a message from a customer: it is on their timeline already (the
 * stored text), and the owner is told at once by e-mail, with the customer's record to open.
 */
function replyMail(to: string, reply: InboundText, name: string | null, customerUrl: string | null): MailMessage {
  const who = name ?? reply.phone;
  const fields: Field[] = [
    ["From", name ? `${name} (${reply.phone})` : reply.phone],
    ["Text", reply.body],
  ];
  return {
    kind: "other",
    to,
    subject: `Text from ${who}`,
    ...mailParts(`A text from ${who}`, [
      say("A customer answered one of our texts with a message:"),
      fieldsBlock(fields),
      ...(customerUrl ? [action(customerUrl, "Open the customer", "Open the customer:")] : []),
    ]),
  };
}

export async function alertOwnerOfReply(env: AppEnv, db: Db, reply: InboundText): Promise<void> {
  const [customer] = reply.customerId
    ? await db
        .select({ firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(eq(customers.id, reply.customerId))
    : [];
  const name = customer ? `${customer.firstName} ${customer.lastName}` : null;
  const url = reply.customerId ? siteUrl(env, `/admin/customers/${reply.customerId}`) : null;
  await queueEmails(db, env.MAIL_QUEUE, [replyMail(ownerEmail(env), reply, name, url)]);
}
