// npm run bench: load-tests the built app as it is served (vite preview running the Worker on a
// local D1): GET /api/health (no D1), GET /api/products (the whole catalogue, from the Workers Cache
// API while fresh, else one D1 query), its ratio to health, GET /api/cart with a session holding a
// few lines (one D1 join), and GET / (the home page through the Worker with the owner's facts filled
// in, kept in the isolate's memory between checks of the facts' version) next to a static file
// served by the assets alone, with its ratio to that file. Each runs under autocannon; the table
// gives requests/s and p50/p99 latency side by side. Everything lives in .bench/ (its own build and
// local state) and is removed afterwards, so the bench never touches dist/ or the dev database.
//
// At scale (the default; BENCH_SCALE=0 skips it) the database first gets ten years of a busy firm
// (npm run seed:scale: 20,000 customers, 60,000 visits, 30,000 subscribers, 20,000 quote requests and
// orders, and their paperwork: 30,000 invoices, 8,000 quotes, 12,000 gas safety records, 20,000
// service sheets), and the same table gains the back office's lists and searches, the home summary, the
// exports for a tax year, the reports and a landlord's account with 40 flats (made by the bench),
// signed in as the owner, one request at a time (BENCH_ADMIN_CONNECTIONS); then, once each, the reminders run over every reminder due (thousands,
// a share per call until it answers 200) and a campaign to every active subscriber.
// BENCH_ONLY=export measures only the back office's rows whose title holds that text (here the two
// exports), after the same build and seed, and skips the landlord, the reminders and the campaign:
// to measure one change again quickly. BENCH_PORT serves it on another port than 8799 (two benches at once).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { passedBoilerRecord } from "../test/fixtures/gas-safety-record.ts";
import { startPreview } from "./preview-server.mjs";
import { seedScale, seedScaleDocuments } from "./seed-scale.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SCALE = process.env.BENCH_SCALE !== "0";
const ADMIN_CONNECTIONS = Number(process.env.BENCH_ADMIN_CONNECTIONS ?? 1);
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
const ADMIN = { username: "admin", password: "admin-dev-password" };
/** The landlord whose account summary is measured has this many flats, each with its paperwork. */
const LANDLORD_PROPERTIES = 40;
let BASE = "";
let env = process.env;

function d1(sql) {
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", env.STATE_DIR, "--json", "--command", sql],
    {
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return JSON.parse(out)[0]?.results ?? [];
}

/**
 * The seed fills the catalogue; should it be empty (an early checkout of the project), add a few
 * parts. BENCH_PRODUCTS=5000 grows it to that many (generated parts, one SQL statement), to measure
 * the catalogue as a large shop would have it.
 */
function ensureProducts() {
  const target = Number(process.env.BENCH_PRODUCTS ?? 0);
  const [{ count }] = d1("SELECT COUNT(*) AS count FROM products");
  if (target > count) {
    d1(
      `INSERT INTO products (name, description, price_pence, image, brand, category, stock_quantity)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${target - count})
       SELECT 'Bench Part ' || i, 'A generated part for the benchmark, number ' || i || ', with a description of ordinary length.',
              1000 + (i % 400) * 25, '/images/parts/placeholder.svg',
              CASE i % 4 WHEN 0 THEN 'Vaillant' WHEN 1 THEN 'Worcester' WHEN 2 THEN 'Baxi' ELSE 'Ideal' END,
              CASE i % 3 WHEN 0 THEN 'Gas Valves' WHEN 1 THEN 'Fans' ELSE 'Valves' END, i % 20
       FROM n`,
    );
    return d1("SELECT COUNT(*) AS count FROM products")[0].count;
  }
  if (count >= 3) return count;
  const rows = [
    ["Vaillant Gas Valve", "Gas valve for ecoTEC boilers", 12999, "Vaillant", "Gas Valves"],
    ["Worcester PCB", "Main control board", 18950, "Worcester", "PCB Boards"],
    ["Baxi Fan Assembly", "Combustion fan", 8999, "Baxi", "Fans"],
    ["Ideal Diverter Valve", "Three-port diverter valve", 4599, "Ideal", "Valves"],
  ];
  for (const [name, description, price, brand, category] of rows) {
    d1(
      `INSERT INTO products (name, description, price_pence, image, brand, category) VALUES ('${name}', '${description}', ${price}, '/images/parts/placeholder.svg', '${brand}', '${category}')`,
    );
  }
  return d1("SELECT COUNT(*) AS count FROM products")[0].count;
}

async function fillCart() {
  const sessionId = `session_${Date.now()}_${randomBytes(16).toString("hex")}`;
  const products = await (await fetch(`${BASE}/api/products`)).json();
  for (const product of products.filter((p) => p.inStock).slice(0, 3)) {
    const res = await fetch(`${BASE}/api/cart/add`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Cart-Session": sessionId },
      body: JSON.stringify({ sessionId, productId: product.id, quantity: 2 }),
    });
    if (!res.ok) throw new Error(`could not fill the bench cart: ${res.status} ${await res.text()}`);
  }
  const lines = await (await fetch(`${BASE}/api/cart`, { headers: { "X-Cart-Session": sessionId } })).json();
  return { sessionId, lines: lines.length };
}

function load(title, path, headers = {}, connections = CONNECTIONS) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${BASE}${path}`, connections, duration: DURATION_SECONDS, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({
        endpoint: title,
        "req/s": Math.round(result.requests.average),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        requests: result.requests.total,
        "non-2xx": result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
  });
}

/** The back office's screens at scale, as the owner's phone asks for them (first page, a search). */
const ADMIN_READS = [
  ["GET /api/admin/summary (home)", "/api/admin/summary"],
  ["GET /api/admin/customers", "/api/admin/customers?limit=30&offset=0"],
  ["  ?q= part of a phone number", "/api/admin/customers?q=496%20103&limit=30&offset=0"],
  ["  ?q= a surname", "/api/admin/customers?q=Nowak&limit=30&offset=0"],
  ["GET /api/admin/service-records", "/api/admin/service-records?limit=30&offset=0"],
  ["GET /api/admin/quotes (enquiries)", "/api/admin/quotes?limit=30&offset=0"],
  ["  ?q= an e-mail", "/api/admin/quotes?q=scale.lead1234&limit=30&offset=0"],
  ["GET /api/admin/invoices", "/api/admin/invoices?limit=30&offset=0"],
  ...["unpaid", "overdue", "paid", "draft", "void"].map((tab) => [
    `  ?status=${tab}`,
    `/api/admin/invoices?status=${tab}&limit=30&offset=0`,
  ]),
  ["  ?q= a number", "/api/admin/invoices?q=INV-0123&limit=30&offset=0"],
  ["  ?q= a surname", "/api/admin/invoices?q=Nowak&limit=30&offset=0"],
  ["GET /api/admin/estimates (priced quotes)", "/api/admin/estimates?limit=30&offset=0"],
  ["  ?status=sent", "/api/admin/estimates?status=sent&limit=30&offset=0"],
  ["  ?status=expired", "/api/admin/estimates?status=expired&limit=30&offset=0"],
  ["  ?q= a number", "/api/admin/estimates?q=Q-0123&limit=30&offset=0"],
  ["  ?q= a surname", "/api/admin/estimates?q=Nowak&limit=30&offset=0"],
  ["GET /api/admin/gas-safety-records", "/api/admin/gas-safety-records?limit=30&offset=0"],
  ["  ?tab=due (next 60 days or past)", "/api/admin/gas-safety-records?tab=due&limit=30&offset=0"],
  ["  ?tab=drafts", "/api/admin/gas-safety-records?tab=drafts&limit=30&offset=0"],
  ["  ?q= a number", "/api/admin/gas-safety-records?q=GSR-000123&limit=30&offset=0"],
  ["  ?q= a surname", "/api/admin/gas-safety-records?q=Nowak&limit=30&offset=0"],
  ["  ?q= a postcode's start", "/api/admin/gas-safety-records?q=M32&limit=30&offset=0"],
  ["  ?q= part of an address", "/api/admin/gas-safety-records?q=Example%20Road&limit=30&offset=0"],
  ["GET /api/admin/jobs", "/api/admin/jobs?limit=50&offset=0"],
  ["  ?state= done (every job's state)", "/api/admin/jobs?state=done&limit=50&offset=0"],
  ["  ?q= a surname", "/api/admin/jobs?q=Nowak&limit=50&offset=0"],
  ["GET /api/admin/orders", "/api/admin/orders?limit=30&offset=0"],
  ["  ?q= a name", "/api/admin/orders?q=Priya&limit=30&offset=0"],
  ["GET /api/admin/email-subscribers", "/api/admin/email-subscribers?limit=30&offset=0"],
  ["GET /api/admin/reminders (due list)", "/api/admin/reminders"],
  ["GET /api/admin/campaigns", "/api/admin/campaigns"],
  ["GET export invoices.csv (a tax year)", "/api/admin/export/invoices.csv?from=2025-04-06&to=2026-04-05"],
  ["GET export payments.csv (a tax year)", "/api/admin/export/payments.csv?from=2025-04-06&to=2026-04-05"],
];

/** The reports (issue 45), each one or two D1 round trips over the months it covers. */
const REPORTS = [
  ["report: takings, last 12 months", "/api/admin/reports/takings"],
  ["report: VAT, last 4 quarters", "/api/admin/reports/vat"],
  ["report: money owed", "/api/admin/reports/owed"],
  ["report: quotes, last 12 months", "/api/admin/reports/quotes"],
  ["report: gas safety due", "/api/admin/reports/gas-due"],
  ["report: job margins, last 12 months", "/api/admin/reports/margin"],
];

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

async function adminToken() {
  const res = await fetch(`${BASE}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`could not sign in for the bench: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/**
 * A landlord with `count` let flats, each with its boiler, an issued gas safety record and an issued
 * invoice, made through the back office's API; then signed in to her account by the e-mailed link.
 * Answers the account's cookie, to measure her summary as her phone asks for it.
 */
async function landlordAccount(headers, count) {
  const call = async (method, path, body) => {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers: { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const email = `bench.landlord.${Date.now()}@example.com`;
  const landlord = await call("POST", "/api/admin/customers", {
    firstName: "Bench",
    lastName: "Landlord",
    email,
    address: "1 Agent Row, Altrincham",
    postcode: "WA14 1AA",
    isLandlord: true,
  });
  const checkDate = new Date().toISOString().slice(0, 10);
  for (let n = 1; n <= count; n++) {
    const flat = await call("POST", `/api/admin/customers/${landlord.id}/properties`, {
      address: `Flat ${n}, 14 Canal Street, Manchester`,
      postcode: "M1 3HW",
    });
    const boiler = await call("POST", `/api/admin/properties/${flat.id}/appliances`, {
      location: "Kitchen",
      type: "boiler",
      make: "Worcester",
      model: "Greenstar 30i",
      flueType: "room-sealed",
    });
    const draft = await call("POST", "/api/admin/gas-safety-records", { propertyId: flat.id });
    await call("PATCH", `/api/admin/gas-safety-records/${draft.id}`, passedBoilerRecord(boiler.id, checkDate));
    await call("POST", `/api/admin/gas-safety-records/${draft.id}/issue`);
    const invoice = await call("POST", "/api/admin/invoices", {
      customerId: landlord.id,
      propertyId: flat.id,
      lines: [{ description: "Gas safety check", quantity: 1, unitPence: 7_500, vatRate: 20 }],
    });
    await call("POST", `/api/admin/invoices/${invoice.id}/issue`);
  }
  const asked = await fetch(`${BASE}/api/account/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (asked.status !== 202) throw new Error(`the account sign-in answered ${asked.status}`);
  const [mail] = d1(`SELECT text FROM outgoing_emails WHERE "to" = '${email}' AND kind = 'account' ORDER BY id DESC LIMIT 1`);
  const token = /\/account\/sign-in#([\w-]{43})/.exec(mail?.text ?? "")?.[1];
  const session = await fetch(`${BASE}/api/account/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const cookie = /__Secure-account=([^;]+)/.exec(session.headers.get("Set-Cookie") ?? "")?.[1];
  if (!cookie) throw new Error(`the account session answered ${session.status} without a cookie`);
  return `__Secure-account=${cookie}`;
}

/** The reminders run over everything due: a share per call (202) until it answers 200. */
async function remindersRun(headers) {
  const times = [];
  let sent = 0;
  let skipped = 0;
  for (let call = 0; call < 200; call++) {
    const started = performance.now();
    const res = await fetch(`${BASE}/api/admin/reminders/run`, { method: "POST", headers });
    const body = await res.json();
    times.push(performance.now() - started);
    if (res.status !== 200 && res.status !== 202)
      throw new Error(`reminders run answered ${res.status}: ${JSON.stringify(body)}`);
    sent += body.sent;
    skipped += body.skipped;
    if (res.status === 200) break;
  }
  const [{ stored, different: distinct }] = d1(
    "SELECT COUNT(*) AS stored, COUNT(DISTINCT \"to\" || subject) AS different FROM outgoing_emails WHERE kind = 'reminder'",
  );
  return {
    calls: times.length,
    sent,
    skipped,
    stored,
    distinct,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    total: times.reduce((a, b) => a + b, 0),
  };
}

async function campaignToEveryone(headers) {
  const started = performance.now();
  const res = await fetch(`${BASE}/api/admin/send-campaign`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({
      audience: { segment: "all" },
      campaign: { subject: "Winter check-up", title: "Book your winter service", content: "A bench campaign." },
    }),
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 202) throw new Error(`the campaign answered ${res.status}: ${JSON.stringify(body)}`);
  const [{ queued }] = d1(
    `SELECT COUNT(*) AS queued FROM campaign_recipients WHERE campaign_id = ${body.campaignId} AND status <> 'pending'`,
  );
  return { recipients: body.successCount, handedToQueue: queued, ms };
}

const preview = await startPreview({
  dir: ".bench",
  port: PORT,
  afterSeed: (previewEnv) => {
    if (!SCALE) return;
    const started = performance.now();
    seedScale(previewEnv);
    seedScaleDocuments(previewEnv);
    console.log(`bench: ten years of data and paperwork loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  },
});
BASE = preview.base;
env = preview.env;
try {
  console.log(`bench: ${ensureProducts()} products in the catalogue`);
  const cart = await fillCart();
  console.log(`bench: cart session with ${cart.lines} lines; ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint\n`);

  const results = [];
  results.push(await load("GET /api/health", "/api/health"));
  results.push(await load("GET /api/products", "/api/products"));
  results.push(await load("GET /api/cart", "/api/cart", { "X-Cart-Session": cart.sessionId }));
  results.push(await load("GET / (page with facts)", "/"));
  results.push(await load("GET /robots.txt (static)", "/robots.txt"));
  console.table(results);
  const ratio = (results[1]["req/s"] / results[0]["req/s"]) * 100;
  console.log(`GET /api/products: ${ratio.toFixed(0)}% of GET /api/health's requests per second`);
  const pageRatio = (results[3]["req/s"] / results[4]["req/s"]) * 100;
  console.log(`GET /: ${pageRatio.toFixed(0)}% of a static file's requests per second`);
  if (SCALE) {
    const headers = { Authorization: `Bearer ${await adminToken()}` };
    // One owner, one phone: a request at a time, as the back office is used.
    const admin = [await load("GET /api/health", "/api/health", {}, ADMIN_CONNECTIONS)];
    for (const [title, path] of [...ADMIN_READS, ...REPORTS].filter(([title]) => !ONLY || title.toLowerCase().includes(ONLY)))
      admin.push(await load(title, path, headers, ADMIN_CONNECTIONS));
    if (ONLY) {
      console.log(`\nthe back office's rows holding "${ONLY}", ${ADMIN_CONNECTIONS} connection(s), beside /api/health:`);
      console.table(admin);
      results.push(...admin.slice(1));
    } else {
      const cookie = await landlordAccount(headers, LANDLORD_PROPERTIES);
      admin.push(
        await load(
          `GET /api/account (a landlord, ${LANDLORD_PROPERTIES} flats)`,
          "/api/account",
          { Cookie: cookie },
          ADMIN_CONNECTIONS,
        ),
      );
      console.log(
        `\nthe back office at ten years' volume, ${ADMIN_CONNECTIONS} connection(s), beside /api/health measured the same way:`,
      );
      console.table(admin);
      results.push(...admin.slice(1));
      const reminders = await remindersRun(headers);
      console.log(
        `reminders run over everything due: ${reminders.sent} sent and ${reminders.skipped} skipped in ${reminders.calls} calls ` +
          `(${(reminders.total / 1000).toFixed(1)} s in all; per call p50 ${reminders.p50.toFixed(0)} ms, p99 ${reminders.p99.toFixed(0)} ms); ` +
          `${reminders.stored} reminder e-mails stored, ${reminders.distinct} different`,
      );
      if (reminders.stored !== reminders.distinct) process.exitCode = 1;
      const campaign = await campaignToEveryone(headers);
      console.log(
        `campaign to every active subscriber: ${campaign.recipients} recipients accepted in ${campaign.ms.toFixed(0)} ms, ` +
          `${campaign.handedToQueue} handed to the Queue at once (the cron hands over the rest)`,
      );
    }
  }
  if (results.some((r) => r["non-2xx"] > 0 || r.errors > 0)) process.exitCode = 1;
} finally {
  await preview.stop();
}
