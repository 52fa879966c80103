// Ten years of one busy local firm, as SQL for local D1 (npm run seed:scale, and the bench at
// scale): generated rows in a handful of INSERT … SELECT statements over recursive counters, so the
// database does the work and the whole load takes seconds. The search tables follow through their
// triggers, as they do for rows the product writes. Every generated address is @example.com and
// starts with "scale.", which is how a second run knows to add nothing.

/** The volumes of issue 29: what a successful local firm reaches in ten years. */
export const SCALE = { customers: 20_000, visitsPerCustomer: 3, subscribers: 30_000, quotes: 20_000, orders: 20_000 };

/** A counter 1..n for an INSERT … SELECT. */
const upTo = (n) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;

/** The i-th of a list, as SQL (i counts from 1). */
const pick = (list, index = "i") =>
  `CASE (${index}) % ${list.length} ${list.map((item, k) => `WHEN ${k} THEN '${item}'`).join(" ")} END`;

const FIRST = [
  "Amelia",
  "Oliver",
  "Isla",
  "George",
  "Ava",
  "Harry",
  "Mia",
  "Jack",
  "Sophie",
  "Noah",
  "Grace",
  "Leo",
  "Priya",
  "Tomasz",
  "Aisha",
  "Connor",
];
const LAST = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Davies",
  "Evans",
  "Khan",
  "Patel",
  "Walsh",
  "Nowak",
  "Hughes",
  "Murphy",
  "Clarke",
  "Ahmed",
];
const BOILERS = ["Worcester Bosch", "Vaillant", "Baxi", "Ideal", "Viessmann"];
const SOURCES = ["/", "/store", "/services", "/book", "/contact"];
const TOWNS = ["M", "SK", "WA", "OL", "BL"];
/** The quote form's services (schema/db/crm.ts quoteServices, without the chat's call-back). */
const QUOTE_SERVICES = [
  "boiler-installation",
  "boiler-repair",
  "central-heating",
  "annual-service",
  "emergency-repair",
  "plumbing",
];

/** The statements, in order. Dates are relative to the day they run (SQLite's 'now'). */
export function scaleStatements(v = SCALE) {
  const visits = v.customers * v.visitsPerCustomer;
  return [
    // Customers, joined over ten years; one in seven a landlord.
    `INSERT INTO customers (first_name, last_name, email, phone, address, postcode, is_landlord, created_at)
     ${upTo(v.customers)}
     SELECT ${pick(FIRST)}, ${pick(LAST, "i / 16")} || ' ' || i, 'scale.customer' || i || '@example.com',
            '07700 ' || printf('%06d', (i * 7919) % 1000000), i || ' Example Road',
            ${pick(TOWNS)} || (1 + i % 40) || ' ' || (i % 10) || 'AB', (i % 7 = 0),
            strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 3650 / ${v.customers}) || ' days')
     FROM n`,
    // Each customer's home is their first property (as the product makes it).
    `INSERT INTO properties (customer_id, address, postcode, created_at)
     SELECT id, address, postcode, created_at FROM customers WHERE email LIKE 'scale.customer%' ORDER BY id`,
    // Three yearly visits each. The latest (k = 0) names next year's: a quarter of the customers
    // have it within a month either side of today, so the reminders have thousands due.
    `INSERT INTO service_records (customer_id, property_id, service_type, equipment_type, equipment_model, status, service_date,
       technician_name, cost_pence, work_completed, next_service_due, created_at)
     ${upTo(visits)}, v AS (
       SELECT c.id AS customer_id, c.is_landlord AS landlord, (n.i - 1) % ${v.visitsPerCustomer} AS k, n.i AS i,
              CASE WHEN c.id % 4 = 0 THEN 335 + c.id % 60 ELSE c.id % 335 END AS ago
       FROM n JOIN customers c ON c.email = 'scale.customer' || ((n.i - 1) / ${v.visitsPerCustomer} + 1) || '@example.com'
     )
     SELECT customer_id, (SELECT p.id FROM properties p WHERE p.customer_id = v.customer_id ORDER BY p.id LIMIT 1),
            CASE WHEN landlord THEN 'Gas Safety Check' ELSE 'Annual Service' END, ${pick(BOILERS)}, 'Model ' || (i % 30),
            'completed', date('now', '-' || (ago + k * 365) || ' days'), 'Dave', 7500 + (i % 8) * 500,
            'Serviced and tested; flue and pressure checked.', date('now', '-' || (ago + k * 365) || ' days', '+1 year'),
            strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (ago + k * 365) || ' days')
     FROM v`,
    // Subscribers: the first third are customers' own addresses; most active, some gone, a few unconfirmed.
    `INSERT INTO email_subscribers (email, status, signed_up_at, confirmed_at, unsubscribed_at, consent_source, consent_text)
     ${upTo(v.subscribers)}
     SELECT CASE WHEN i <= ${Math.floor(v.subscribers / 3)} THEN 'scale.customer' || i ELSE 'scale.subscriber' || i END || '@example.com',
            CASE WHEN i % 30 = 0 THEN 'pending' WHEN i % 14 = 0 THEN 'unsubscribed' ELSE 'active' END,
            strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 3650 / ${v.subscribers}) || ' days'),
            CASE WHEN i % 30 = 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 3650 / ${v.subscribers}) || ' days') END,
            CASE WHEN i % 14 = 0 AND i % 30 <> 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 1000 / ${v.subscribers}) || ' days') END,
            ${pick(SOURCES)}, 'Yes, send me offers and reminders by e-mail.'
     FROM n`,
    // Quote requests over ten years; all but the last few dozen read and replied to.
    `INSERT INTO quotes (name, phone, email, postcode, service, message, is_read, replied_at, created_at)
     ${upTo(v.quotes)}
     SELECT ${pick(FIRST)} || ' ' || ${pick(LAST, "i / 16")}, '07700 ' || printf('%06d', (i * 104729) % 1000000),
            'scale.lead' || i || '@example.com', ${pick(TOWNS)} || (1 + i % 40) || ' ' || (i % 10) || 'CD',
            ${pick(QUOTE_SERVICES)}, 'Boiler making a noise when the heating comes on.',
            (i > 40), CASE WHEN i > 40 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 3650 / ${v.quotes}) || ' days', '+3 hours') END,
            strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 3650 / ${v.quotes}) || ' days')
     FROM n`,
    // Store orders, each with one or two lines; almost all paid and delivered.
    `INSERT INTO orders (id, session_id, customer_name, customer_email, customer_phone, shipping_address, total_pence,
       payment_method, payment_status, fulfilment_status, paid_at, number, created_at, updated_at)
     ${upTo(v.orders)}
     SELECT 'ord_scale_' || i, 'session_scale_' || i, ${pick(FIRST)} || ' ' || ${pick(LAST, "i / 16")},
            CASE WHEN i % 3 = 0 THEN 'scale.customer' || i ELSE 'scale.buyer' || i END || '@example.com',
            '07700 ' || printf('%06d', (i * 15485863) % 1000000), i || ' Example Road, Sale M33 1AA',
            4599 + (i % 50) * 100, CASE WHEN i % 2 = 0 THEN 'card' ELSE 'order_form' END,
            CASE WHEN i % 25 = 0 THEN 'unpaid' ELSE 'paid' END, CASE WHEN i % 20 = 0 THEN 'new' ELSE 'delivered' END,
            CASE WHEN i % 25 = 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 3650 / ${v.orders}) || ' days') END,
            1000000 + i,
            strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 3650 / ${v.orders}) || ' days'),
            strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * 3650 / ${v.orders}) || ' days')
     FROM n`,
    `INSERT INTO order_lines (order_id, product_id, name, brand, unit_price_pence, quantity)
     SELECT o.id, NULL, 'Diverter Valve', 'Ideal', o.total_pence, 1 FROM orders o WHERE o.id LIKE 'ord_scale_%'
     UNION ALL
     SELECT o.id, NULL, 'Filling Loop', 'Worcester Bosch', 0, 1 FROM orders o WHERE o.id LIKE 'ord_scale_%' AND o.number % 3 = 0`,
  ];
}

/** True when the database already holds the generated rows (the first generated customer). */
export const SCALE_MARKER_SQL = "SELECT COUNT(*) AS n FROM customers WHERE email = 'scale.customer1@example.com'";
