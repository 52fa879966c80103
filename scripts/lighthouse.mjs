// npm run lighthouse: Lighthouse (mobile, its default simulated slow 4G and 4x slower CPU) on the
// built app as it is served, several runs per page, and the median of each score and metric.
//
// The app runs as in `npm run bench` (its own build and seeded local D1 in .lighthouse/), behind a
// small proxy that serves it as Cloudflare's edge does: over HTTP/2 and TLS, text compressed with
// brotli, and the build's content-hashed files (assets/) compressed once and kept, as the edge
// caches them. Lighthouse simulates its slow network on what the page really used: over vite
// preview's plain HTTP/1.1 it would queue the app's requests six at a time, and add the local
// runtime's time to serve each file and compress it on every request, which no visitor waits for.
// LH_HTTP1=1 measures the old way (plain HTTP/1.1, compressed on every request), for comparison.
// The certificate is a throwaway one made with openssl for this run; the Chromiums trust it by its
// key's hash (--ignore-certificate-errors-spki-list), so the pages load as secure ones.
// Lighthouse itself is fetched by npx at a pinned version, so it is not a dependency of the
// project; Chromium is the one the browser tests use.
//
//   LH_PAGES=/,/store   pages to measure (default: every public page the build prerenders)
//   LH_PORT=8796        the app's port (the proxy takes the next one, Chromium's debugger the one
//                       after; with LH_VS the other build takes the three after that)
//   LH_RUNS=5           runs per page; scores on a shared 2-core machine move by several points
//                       from run to run, so read the median, not one run
//   LH_HTTP1=1          plain HTTP/1.1, compressed on every request (the harness before 2026-11-26)
//   LH_VS=../old        another checkout (a worktree of an older commit, with its node_modules):
//                       built and served beside this one, and measured run for run in turn with it
//                       (this build, then that one, per run), so a busy moment of the machine falls
//                       on both and the two medians compare; the table gives both and the change
//
// The last table is also written to lighthouse-reports/summary.json. The run fails (exit code 1)
// when a page's median total blocking time or layout shift is above its line in
// scripts/lighthouse-budgets.json (LH_NO_BUDGETS=1 to only measure, as when comparing two builds).
//
// Back-office pages (LH_PAGES=/admin/today) are measured signed in, as the engineer opens them:
// Lighthouse then drives a Chromium where one tab has logged in with the local admin, and the
// tab it opens gets the session from that one as any new tab does (frontend/lib/admin-token.ts).
// Storage is still reset before each run (no service worker, no cache): a first visit.
import { execFile, execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { startPreview } from "./preview-server.mjs";

const LIGHTHOUSE = "lighthouse@12.8.2";
const PREVIEW_PORT = Number(process.env.LH_PORT ?? 8796);
const runs = Number(process.env.LH_RUNS ?? 5);
const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HTTP1 = Boolean(process.env.LH_HTTP1);
const VS = process.env.LH_VS ? resolve(process.env.LH_VS) : null;
const originOf = (port) => `${HTTP1 ? "http" : "https"}://localhost:${port}`;

/** A certificate for localhost, valid for this run, and the hash of its key that Chromium is told to trust. */
function throwawayCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "lighthouse-tls-"));
  try {
    try {
      execFileSync(
        "openssl",
        ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"]
          .concat(["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-subj", "/CN=localhost"])
          .concat(["-addext", "subjectAltName=DNS:localhost"]),
        { stdio: ["ignore", "ignore", "pipe"] },
      );
    } catch (error) {
      throw new Error(
        `openssl could not make the certificate for HTTP/2 (apt-get install -y openssl), or measure over plain HTTP with LH_HTTP1=1:\n${error.stderr || error.message}`,
      );
    }
    const cert = readFileSync(join(dir, "cert.pem"));
    const spki = new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" });
    return { key: readFileSync(join(dir, "key.pem")), cert, spkiHash: createHash("sha256").update(spki).digest("base64") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const tls = HTTP1 ? null : throwawayCertificate();
const chromeFlags = ["--no-sandbox", "--disable-gpu", ...(tls ? [`--ignore-certificate-errors-spki-list=${tls.spkiHash}`] : [])];

const compressible = (type) => /text|javascript|json|svg|xml/.test(type);
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
// HTTP/1.1's connection headers, which HTTP/2 forbids.
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"];

function proxy(target) {
  /** The built files, compressed once and kept as the edge keeps them (see warm): path → [headers, body]. */
  const kept = new Map();
  const handle = (req, res) => {
    const brotli = /\bbr\b/.test(req.headers["accept-encoding"] ?? "");
    const file = brotli && req.method === "GET" ? kept.get(req.url) : undefined;
    if (file) {
      res.writeHead(200, file[0]);
      res.end(file[1]);
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !name.startsWith(":")));
    const upstream = http.request(
      `${target}${req.url}`,
      { method: req.method, headers: { ...headers, host: new URL(target).host, "accept-encoding": "identity" } },
      (answer) => {
        const headers = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        if (!compressible(headers["content-type"] ?? "") || !brotli) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        delete headers["content-length"];
        res.writeHead(answer.statusCode ?? 502, { ...headers, "content-encoding": "br" });
        answer.pipe(zlib.createBrotliCompress(BROTLI)).pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  };
  const server = tls
    ? http2.createSecureServer({ key: tls.key, cert: tls.cert, allowHTTP1: true }, handle)
    : http.createServer(handle);
  /** Compresses every built file before the first measurement, as a deployed site's edge has them. */
  server.warm = async (files) => {
    for (const file of files) {
      const answer = await fetch(`${target}${file}`);
      const headers = Object.fromEntries(answer.headers);
      if (!answer.ok || !compressible(headers["content-type"] ?? "")) continue;
      const body = zlib.brotliCompressSync(Buffer.from(await answer.arrayBuffer()), BROTLI);
      for (const name of [...HOP_BY_HOP, "content-length", "content-encoding"]) delete headers[name];
      kept.set(file, [{ ...headers, "content-encoding": "br", "content-length": body.length }, body]);
    }
  };
  return server;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Asynchronous on purpose: the proxy above lives in this process, and a synchronous child process
// would stop its event loop, so Lighthouse would wait for a page that never arrives.
async function lighthouse(url, output, debugPort, keepStorage = false) {
  try {
    await promisify(execFile)(
      "npx",
      [
        "-y",
        LIGHTHOUSE,
        url,
        "--quiet",
        "--output=json",
        `--output-path=${output}`,
        ...(debugPort ? [`--port=${debugPort}`] : [`--chrome-flags=--headless=new ${chromeFlags.join(" ")}`]),
        ...(keepStorage ? ["--disable-storage-reset"] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    throw new Error(`Lighthouse failed on ${url}:\n${error.stderr || error.message}`);
  }
  return JSON.parse(readFileSync(output, "utf8"));
}

// Canonical and Open Graph URLs point at the address Lighthouse loads, as they would in production.
/** A build served behind its proxy: this checkout's, or LH_VS's. */
async function serve(label, cwd, port) {
  const origin = originOf(port + 1);
  const preview = await startPreview({ dir: ".lighthouse", port, cwd, env: { PUBLIC_SITE_URL: origin } });
  const server = proxy(preview.base).listen(port + 1);
  const client = join(cwd, ".lighthouse/dist/client");
  if (!HTTP1) await server.warm(readdirSync(join(client, "assets")).map((file) => `/assets/${file}`));
  return { label, origin, preview, server, client };
}

/** Every public page the build prerenders (its .html files outside admin/, without 404.html). */
function publicPages(client) {
  return readdirSync(client, { recursive: true })
    .filter((file) => file.endsWith(".html") && !file.startsWith("admin") && file !== "404.html")
    .map((file) => (file === "index.html" ? "/" : `/${file.slice(0, -".html".length)}`))
    .sort();
}

const DEBUG_PORT = PREVIEW_PORT + 2;
/** The seeded customer whose account /account is measured with. */
const ACCOUNT_EMAIL = "sarah.thompson@example.com";
let browser = null;
const signedInto = new Set();
/** The signed-in tab of each build's origin. */
const tabs = new Map();
/**
 * A Chromium for Lighthouse to connect to, signed in where the page needs it: a tab logged in to
 * the back office (Lighthouse's own tab asks it for the session, as any new tab does), or the
 * customer's session cookie from their e-mailed link (kept across runs, so Lighthouse is told not
 * to reset storage for those pages; the HTTP cache is still emptied before each run). Each build
 * has its own origin, so its own session.
 */
async function signedInBrowser(area, { origin, preview }) {
  browser ??= await chromium.launchPersistentContext("", {
    executablePath: chrome,
    headless: true,
    args: [`--remote-debugging-port=${DEBUG_PORT}`, ...chromeFlags],
  });
  // A tab per build: a back-office tab lends its session only to tabs of its own origin.
  let page = tabs.get(origin);
  if (!page) {
    page = tabs.size === 0 && browser.pages()[0] ? browser.pages()[0] : await browser.newPage();
    tabs.set(origin, page);
  }
  if (!signedInto.has(`${area} ${origin}`)) {
    if (area === "admin") {
      await page.goto(`${origin}/admin/login`);
      await page.getByLabel("Username").fill("admin");
      await page.getByLabel("Password").fill("admin-dev-password");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/admin/login"));
    } else {
      // Node's own requests go straight to the app (Node does not trust the throwaway certificate).
      await fetch(`${preview.base}/api/account/sign-in`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: ACCOUNT_EMAIL }),
      });
      const login = await fetch(`${preview.base}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "admin-dev-password" }),
      }).then((res) => res.json());
      let link;
      for (let tries = 0; !link && tries < 100; tries++) {
        const outbox = await fetch(`${preview.base}/api/admin/outbox?limit=20`, {
          headers: { Authorization: `Bearer ${login.token}` },
        }).then((res) => res.json());
        link = outbox
          .map((m) => (m.to === ACCOUNT_EMAIL ? /https?:\/\/\S+\/account\/sign-in#[\w-]+/.exec(m.text)?.[0] : undefined))
          .find(Boolean);
        if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      if (!link) throw new Error(`no sign-in e-mail reached ${ACCOUNT_EMAIL}`);
      const url = new URL(link);
      await page.goto(`${origin}${url.pathname}${url.hash}`);
      await page.waitForURL(`${origin}/account`);
    }
    signedInto.add(`${area} ${origin}`);
  }
  const cdp = await browser.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
}

/** The medians of a page's runs on one build. */
function summary(reports) {
  const score = (id) => median(reports.map((r) => Math.round(r.categories[id].score * 100)));
  const metric = (id) => median(reports.map((r) => r.audits[id].numericValue));
  const performance = reports.map((r) => Math.round(r.categories.performance.score * 100));
  return {
    performance: score("performance"),
    "perf range": `${Math.min(...performance)}–${Math.max(...performance)}`,
    accessibility: score("accessibility"),
    "best practices": score("best-practices"),
    SEO: score("seo"),
    "FCP ms": Math.round(metric("first-contentful-paint")),
    "LCP ms": Math.round(metric("largest-contentful-paint")),
    "TBT ms": Math.round(metric("total-blocking-time")),
    CLS: Number(metric("cumulative-layout-shift").toFixed(3)),
    "SI ms": Math.round(metric("speed-index")),
    "TTI ms": reports[0].audits.interactive ? Math.round(metric("interactive")) : "n/a",
  };
}

/** Each page above its line in scripts/lighthouse-budgets.json, described. */
function overBudget(rows) {
  const budgets = JSON.parse(readFileSync(new URL("./lighthouse-budgets.json", import.meta.url), "utf8"));
  return rows.flatMap((row) => {
    const tbt = budgets.tbt[row.page] ?? budgets.tbt.default;
    return [
      ...(row["TBT ms"] > tbt ? [`${row.page}: total blocking time ${row["TBT ms"]} ms, its line ${tbt} ms`] : []),
      ...(row.CLS > budgets.cls ? [`${row.page}: layout shift ${row.CLS}, the line ${budgets.cls}`] : []),
    ];
  });
}

const builds = [];
try {
  builds.push(await serve(VS ? "this" : null, process.cwd(), PREVIEW_PORT));
  if (VS) builds.push(await serve(relative(process.cwd(), VS) || VS, VS, PREVIEW_PORT + 3));
  const pages = process.env.LH_PAGES ? process.env.LH_PAGES.split(",") : publicPages(builds[0].client);
  mkdirSync("lighthouse-reports", { recursive: true });
  const rows = [];
  for (const path of pages) {
    const reports = builds.map(() => []);
    for (let i = 1; i <= runs; i++) {
      for (const [b, build] of builds.entries()) {
        const area = path.startsWith("/admin") ? "admin" : path.startsWith("/account") ? "account" : null;
        if (area) await signedInBrowser(area, build);
        const name = `${path === "/" ? "home" : path.replace(/\W+/g, "_")}-${i}${b ? "-vs" : ""}`;
        const report = await lighthouse(
          `${build.origin}${path}`,
          `lighthouse-reports/${name}.json`,
          area ? DEBUG_PORT : undefined,
          area === "account",
        );
        if (area && new URL(report.finalDisplayedUrl).pathname !== path) {
          throw new Error(`Lighthouse was sent to ${report.finalDisplayedUrl}: the session did not reach its tab`);
        }
        reports[b].push(report);
        const score = Math.round(report.categories.performance.score * 100);
        console.log(`${path} run ${i}${build.label ? ` (${build.label})` : ""}: performance ${score}`);
      }
    }
    const [mine, theirs] = reports.map(summary);
    const pageRows = [{ page: path, ...(VS ? { build: builds[0].label } : {}), ...mine }];
    if (theirs) {
      pageRows.push({ page: "", build: builds[1].label, ...theirs });
      pageRows.push({
        page: "",
        build: "change",
        performance: mine.performance - theirs.performance,
        "TBT ms": mine["TBT ms"] - theirs["TBT ms"],
        "LCP ms": mine["LCP ms"] - theirs["LCP ms"],
        CLS: Number((mine.CLS - theirs.CLS).toFixed(3)),
      });
    }
    // Each page's medians as soon as they are known (a later page's failure keeps them).
    console.table(pageRows);
    rows.push(...pageRows);
  }
  console.log(`\nLighthouse ${LIGHTHOUSE.split("@")[1]}, mobile, median of ${runs} runs per page:`);
  console.table(rows);
  writeFileSync("lighthouse-reports/summary.json", `${JSON.stringify({ runs, vs: VS, rows }, null, 2)}\n`);
  const over = overBudget(rows.filter((row) => row.page && (!VS || row.build === builds[0].label)));
  if (over.length && !process.env.LH_NO_BUDGETS) {
    console.error(`\nOver budget (scripts/lighthouse-budgets.json):\n${over.join("\n")}`);
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  for (const build of builds) {
    build.server.close();
    await build.preview.stop();
  }
}
