// npm run bench: load-tests the built app as it is served (vite preview running the Worker on a
// local D1): GET /api/health (no D1), GET /api/products (the whole catalogue, from the Workers Cache
// API while fresh, else one D1 query), its ratio to health, GET /api/cart with a session holding a
// few lines (one D1 join), and GET / (the home page through the Worker with the owner's facts filled
// in, kept in the isolate's memory between checks of the facts' version) next to a static file
// served by the assets alone, with its ratio to that file. Each runs under autocannon; the table
// gives requests/s and p50/p99 latency side by side. Everything lives in .bench/ (its own build and
// local state) and is removed afterwards, so the bench never touches dist/ or the dev database.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { startPreview } from "./preview-server.mjs";

const PORT = 8799;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
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

function load(title, path, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration: DURATION_SECONDS, headers }, (error, result) => {
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

const preview = await startPreview({ dir: ".bench", port: PORT });
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
  if (results.some((r) => r["non-2xx"] > 0 || r.errors > 0)) process.exitCode = 1;
} finally {
  await preview.stop();
}
