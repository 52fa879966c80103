import { env } from "cloudflare:workers";
import { londonToday } from "../../schema/london-time";

/**
 * Ten years of a busy firm (decision 014's figures: 20,000 customers, 60,000 visits, 30,000
 * subscribers, 30,000 invoices, 8,000 quotes, 20,000 orders) with, on top, a backlog for every
 * task of the cron larger than one run's share: reminders due, quotes awaiting a follow-up,
 * invoices newly overdue among years of bad debts already chased, card holds run out, stale carts
 * and a scheduled campaign. Each table is filled by one INSERT … SELECT over a recursive counter,
 * a few bound values each, so ten years load in about a second.
 */
export const BACKLOG = {
  remindersDue: 300,
  quotesToFollowUp: 70,
  invoicesNewlyOverdue: 70,
  /** Unpaid for months, every reminder sent long ago: years of them sort before the new ones. */
  invoicesChasedLongAgo: 300,
  holdsRunOut: 70,
  staleCarts: 3_000,
  campaignRecipients: 12_000,
  /** Card money due back since Stripe failed: deposits of accepted quotes, and invoices paid twice. */
  depositRefunds: 7,
  overpaymentRefunds: 7,
} as const;

const CUSTOMERS = 20_000;
const VISITS_PER_CUSTOMER = 3;
const SUBSCRIBERS = 30_000;
const QUOTES = 8_000;
const INVOICES = 30_000;
const ORDERS = 20_000;
const LIVE_CARTS = 500;

/** `WITH RECURSIVE n(i)` counting 1…?1, to put before an INSERT … SELECT. */
// D1 binds a JS number as REAL: a value divided by is cast to INTEGER first.
const counter = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)";

export type Backlog = { productId: number; campaignId: number };

/** Loads it all at `now` (the cron's scheduled time); the first customers are the ones with a backlog. */
export async function loadTenYearBacklog(now: number): Promise<Backlog> {
  const db = env.DB;
  const today = londonToday(now);
  const nowIso = new Date(now).toISOString();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const DAY = 86_400_000;
  const B = BACKLOG;

  // Every fifth customer a landlord (gas safety wording); the first `remindersDue` have a visit due soon.
  await db
    .prepare(`${counter} INSERT INTO customers (first_name, last_name, email, postcode, is_landlord)
      SELECT 'Customer', 'No' || i, 'backlog' || i || '@example.com', 'M41 5AA', i % 5 = 0 FROM n`)
    .bind(CUSTOMERS)
    .run();
  // Customer n of the backlog is row `before + n` (other tests' rows may come first).
  const before = (await db
    .prepare("SELECT id - 1 AS id FROM customers WHERE email = 'backlog1@example.com'")
    .first<number>("id"))!;
  await db.batch([
    // Three yearly visits each: the latest one's next service is due 8-27 days from now for the
    // first customers, and 31-330 days away for everyone else; earlier visits were due years ago.
    db
      .prepare(`${counter} INSERT INTO service_records (customer_id, service_type, status, service_date, next_service_due)
        SELECT ?5 + c, 'Annual Service', 'completed', date(due, '-' || (365 * (k + 1)) || ' days'), date(due, '-' || (365 * k) || ' days')
        FROM (SELECT c, k, date(?3, '+' || CASE WHEN c <= ?4 THEN 8 + c % 20 ELSE 31 + c % 300 END || ' days') AS due
          FROM (SELECT ((i - 1) / CAST(?2 AS INTEGER)) + 1 AS c, (i - 1) % ?2 AS k FROM n))`)
      .bind(CUSTOMERS * VISITS_PER_CUSTOMER, VISITS_PER_CUSTOMER, today, B.remindersDue, before),
    db
      .prepare(`${counter} INSERT INTO email_subscribers (email, status, signed_up_at, confirmed_at)
        SELECT 'subscriber' || i || '@example.com', 'active', ?2, ?2 FROM n`)
      .bind(SUBSCRIBERS, ago(400 * DAY)),
    // Quotes in every state over the years; the first `quotesToFollowUp` sent 4 days ago, unanswered.
    db
      .prepare(`${counter} INSERT INTO estimates (customer_id, number, status, title, valid_until, sent_version, sent_at, created_at)
        SELECT ?6 + i, i, CASE WHEN i <= ?2 THEN 'sent' ELSE json_extract('["accepted","declined","expired","draft"]', '$[' || (i % 4) || ']') END,
          'New boiler', CASE WHEN i <= ?2 THEN date(?3, '+20 days') ELSE date(?3, '-' || (i % 3650) || ' days') END,
          1, CASE WHEN i <= ?2 THEN ?4 ELSE ?5 END, ?5 FROM n`)
      .bind(QUOTES, B.quotesToFollowUp, today, ago(4 * DAY), ago(400 * DAY), before),
  ]);

  const owedFrom = B.invoicesNewlyOverdue + 1;
  const paidFrom = B.invoicesNewlyOverdue + B.invoicesChasedLongAgo + 1;
  await db.batch([
    // Invoices: newly overdue (due 20 days ago, not chased), bad debts due 60-400 days ago (chased),
    // and the rest paid. The bad debts have the oldest due dates, so an index on the due date meets them first.
    db
      .prepare(`${counter} INSERT INTO invoices (customer_id, number, status, lines, supply_date, issue_date, due_date,
          net_pence, gross_pence, paid_pence, issued_at)
        SELECT ?5 + i % ?6 + 1, i, 'issued', '[]', d, d, d, 10000, 10000, CASE WHEN i >= ?4 THEN 10000 ELSE 0 END, d
        FROM (SELECT i, CASE WHEN i < ?3 THEN date(?2, '-20 days') WHEN i < ?4 THEN date(?2, '-' || (60 + i % 340) || ' days')
          ELSE date(?2, '-' || (i % 3650) || ' days') END AS d FROM n)`)
      .bind(INVOICES, today, owedFrom, paidFrom, before, CUSTOMERS),
    db
      .prepare(`INSERT INTO invoice_events (invoice_id, kind, detail, at)
        SELECT id, 'reminded', 'day +14', ?3 FROM invoices WHERE number BETWEEN ?1 AND ?2`)
      .bind(owedFrom, paidFrom - 1, ago(30 * DAY)),
    db.prepare(`INSERT INTO products (name, description, price_pence, image, brand, category, stock_quantity)
        VALUES ('Magnetic filter', 'A filter', 9900, '/images/filter.webp', 'Fernox', 'Filters', 0)`),
    db
      .prepare(`INSERT INTO campaigns (subject, title, content, cta_text, cta_link, status, send_at, created_at)
        VALUES ('Winter Service Offer', '25% off your boiler service', '<p>Get your boiler ready.</p>', 'Call', 'tel:+441614960123',
          'scheduled', ?1, ?2)`)
      .bind(ago(60_000), ago(DAY)),
  ]);
  const productId = (await db.prepare("SELECT max(id) AS id FROM products").first<number>("id"))!;
  const campaignId = (await db.prepare("SELECT max(id) AS id FROM campaigns").first<number>("id"))!;

  await db.batch([
    // Orders: the first `holdsRunOut` are card payments whose hold expired an hour ago (their unit
    // of stock held), the rest sold long ago.
    db
      .prepare(`${counter} INSERT INTO orders (id, session_id, customer_email, total_pence, payment_method, payment_status,
          stock_state, hold_expires_at, created_at)
        SELECT 'order-' || i, 'session-' || i, 'customer' || i || '@example.com', 9900, 'card',
          CASE WHEN i <= ?2 THEN 'pending_payment' ELSE 'paid' END, CASE WHEN i <= ?2 THEN 'held' ELSE 'taken' END,
          CASE WHEN i <= ?2 THEN ?3 ELSE NULL END, ?4 FROM n`)
      .bind(ORDERS, B.holdsRunOut, ago(3_600_000), ago(2 * 3_600_000)),
    db
      .prepare(`INSERT INTO order_lines (order_id, product_id, name, brand, unit_price_pence, quantity)
        SELECT id, ?1, 'Magnetic filter', 'Fernox', 9900, 1 FROM orders`)
      .bind(productId),
    db
      .prepare(`${counter} INSERT INTO cart_items (session_id, product_id, quantity, created_at, updated_at)
        SELECT 'cart-' || i, ?2, 1, t, t FROM (SELECT i, CASE WHEN i <= ?3 THEN ?4 ELSE ?5 END AS t FROM n)`)
      .bind(B.staleCarts + LIVE_CARTS, productId, B.staleCarts, ago(40 * DAY), ago(DAY)),
    db
      .prepare(`INSERT INTO campaign_recipients (campaign_id, email, status, updated_at)
        SELECT ?1, email, 'pending', ?3 FROM email_subscribers WHERE email LIKE 'subscriber%' ORDER BY id LIMIT ?2`)
      .bind(campaignId, B.campaignRecipients, nowIso),
  ]);
  return { productId, campaignId };
}

/** A Checkout session paid at the fake Stripe (test/fakes/stripe.ts): its id and payment intent. */
async function paidSession(amountPence: number) {
  const form = new URLSearchParams({
    mode: "payment",
    success_url: "https://example.com/paid",
    "line_items[0][price_data][currency]": "gbp",
    "line_items[0][price_data][unit_amount]": String(amountPence),
    "line_items[0][price_data][product_data][name]": "Payment",
    "line_items[0][quantity]": "1",
  });
  const created = (await (
    await fetch(`${env.STRIPE_API_BASE}/v1/checkout/sessions`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_backlog", "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    })
  ).json()) as { id: string };
  const paid = (await (
    await fetch(`${env.STRIPE_API_BASE}/__sessions/${created.id}/pay`, { method: "POST", body: "{}" })
  ).json()) as { payment_intent: string };
  return { sessionId: created.id, intent: paid.payment_intent };
}

/**
 * Card refunds Stripe could not make when they fell due, waiting for the cron: £200 deposits of
 * accepted quotes, and £100 card payments of invoices the office had already taken by bank.
 */
export async function loadRefundsDue(now: number) {
  const db = env.DB;
  const paidOn = londonToday(now);
  const quotes = await db
    .prepare("SELECT id FROM estimates WHERE status = 'accepted' ORDER BY id LIMIT ?1")
    .bind(BACKLOG.depositRefunds)
    .all<{ id: number }>();
  const invoices = await db
    .prepare("SELECT id FROM invoices WHERE paid_pence = gross_pence ORDER BY id LIMIT ?1")
    .bind(BACKLOG.overpaymentRefunds)
    .all<{ id: number }>();
  const statements: D1PreparedStatement[] = [];
  for (const { id } of quotes.results) {
    const { sessionId, intent } = await paidSession(20_000);
    statements.push(
      db
        .prepare(`INSERT INTO estimate_payments (estimate_id, amount_pence, method, paid_on, stripe_session_id, stripe_payment_intent,
          refund_due_pence, refund_reason) VALUES (?1, 20000, 'card', ?2, ?3, ?4, 20000, 'The job was cancelled')`)
        .bind(id, paidOn, sessionId, intent),
    );
  }
  for (const { id } of invoices.results) {
    const { sessionId } = await paidSession(10_000);
    statements.push(
      db
        .prepare(
          `INSERT INTO invoice_payments (invoice_id, amount_pence, method, paid_on, reference) VALUES (?1, 10000, 'bank', ?2, 'BACS')`,
        )
        .bind(id, paidOn),
      db
        .prepare(`INSERT INTO invoice_payments (invoice_id, amount_pence, method, paid_on, stripe_session_id, refund_due_pence)
          VALUES (?1, 10000, 'card', ?2, ?3, 10000)`)
        .bind(id, paidOn, sessionId),
      db.prepare("UPDATE invoices SET paid_pence = 20000 WHERE id = ?1").bind(id),
    );
  }
  await db.batch(statements);
}
