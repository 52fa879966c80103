#!/usr/bin/env node
// Walks through the locked doors of decision 009 with real requests against a running `npm start`
// (BASE, default http://localhost:8787) and prints each request with the answer it got. It signs in
// with the development login, turns two-step sign-in on and off again, and leaves the data it
// creates (a sign-up, a campaign, quotes) like any visitor would. Its last check locks the
// development account for browsers that never signed in, for up to 15 minutes (the point of the check).
// Run: node scripts/security-demo.mjs
import { createHmac, randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";

const BASE = process.env.BASE ?? "http://localhost:8787";
const ADMIN = { username: "admin", password: "admin-dev-password" };
const run = randomUUID().slice(0, 8);
/**
 * A fresh client address per check and per run, so neither another check's counters nor an earlier
 * run's (the windows last minutes) refuse this one's requests.
 */
const net = `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const address = (n) => `${net}.${n}`;

async function call(method, path, { json, body, headers = {}, token } = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : body,
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body: parsed };
}

const short = (value) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 220 ? `${text.slice(0, 220)}…` : text;
};
function show(request, answer, extra = "") {
  console.log(`  ${request}\n    → ${answer.status} ${short(answer.body)}${extra ? `\n    ${extra}` : ""}`);
}
const heading = (text) => console.log(`\n## ${text}`);

// RFC 6238 with the authenticator's defaults (SHA-1, 30 s, 6 digits).
function base32(secret) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secret.replace(/=+$/, "")) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g).map((b) => Number.parseInt(b, 2)));
}
function totp(secret, at = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** A request with a Host header of our choosing (fetch does not let one set it). */
function withHost(host, path, json) {
  return new Promise((resolve, reject) => {
    const url = new URL(BASE);
    const data = JSON.stringify(json);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: "POST",
        headers: { Host: host, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data) },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode, body: text }));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

async function outboxFind(token, match, tries = 40) {
  for (let i = 0; i < tries; i++) {
    const { body } = await call("GET", "/api/admin/outbox?limit=50", { token });
    const found = Array.isArray(body) ? body.find(match) : undefined;
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

const login = (extra = {}, headers = {}) => call("POST", "/api/admin/login", { json: { ...ADMIN, ...extra }, headers });

heading("1. Two-step sign-in (TOTP)");
let token = (await login({}, { "CF-Connecting-IP": address(1) })).body.token;
const setup = await call("POST", "/api/admin/mfa/setup", { token });
show("POST /api/admin/mfa/setup", {
  ...setup,
  body: { secret: "…", otpauthUri: setup.body.otpauthUri?.replace(/secret=[^&]+/, "secret=…") },
});
const secret = setup.body.secret;
const enable = await call("POST", "/api/admin/mfa/enable", { token, json: { code: totp(secret) } });
show(`POST /api/admin/mfa/enable { code }`, {
  ...enable,
  body: { enabled: enable.body.enabled, recoveryCodes: `${enable.body.recoveryCodes?.length} codes` },
});
const codes = enable.body.recoveryCodes ?? [];
show("POST /api/admin/login { username, password }", await login({}, { "CF-Connecting-IP": address(1) }));
const next = totp(secret, Date.now() + 30_000);
const withCode = await login({ code: next }, { "CF-Connecting-IP": address(1) });
show("POST /api/admin/login { username, password, code }", {
  ...withCode,
  body: { success: withCode.body.success, token: withCode.body.token ? "…" : undefined },
});
show("the same code again (replay)", await login({ code: next }, { "CF-Connecting-IP": address(1) }));
const recovery = await login({ code: codes[0] }, { "CF-Connecting-IP": address(1) });
show("a recovery code", { ...recovery, body: { success: recovery.body.success } });
show("the same recovery code again", await login({ code: codes[0] }, { "CF-Connecting-IP": address(1) }));
token = recovery.body.token;
show(
  "POST /api/admin/mfa/disable { password, code }",
  await call("POST", "/api/admin/mfa/disable", { token, json: { password: ADMIN.password, code: codes[1] } }),
);

heading("2. Throttling per account, from any address");
const user = `nobody-${run}`;
const answers = [];
for (let i = 0; i < 11; i++)
  answers.push(
    await call("POST", "/api/admin/login", {
      json: { username: user, password: "guess" },
      headers: { "CF-Connecting-IP": address(100 + i) },
    }),
  );
console.log(`  11 wrong passwords for "${user}" (a name that does not exist), each from another address`);
console.log(`    → ${answers.map((a) => a.status).join(" ")}`);
const last = answers.at(-1);
console.log(`    the 11th: Retry-After ${last.headers.get("Retry-After")} s, ${short(last.body)}`);
const fresh = await call("POST", "/api/admin/login", {
  json: { username: user, password: "guess" },
  headers: { "CF-Connecting-IP": address(200) },
});
show("a 12th from an address never seen before", fresh);

token = (await login({}, { "CF-Connecting-IP": address(3) })).body.token;
const subscriber = `demo-${run}@example.com`;
await call("POST", "/api/email-signups", { json: { email: subscriber }, headers: { "CF-Connecting-IP": address(3) } });
const confirmMail = await outboxFind(token, (m) => m.to === subscriber && m.kind === "signup");
const confirmToken = /confirm-subscription\?token=([^\s"&]+)/.exec(confirmMail?.text ?? "")?.[1];
const hostile =
  '<p>Hello</p><xmp><img src=x onerror=alert(1)></xmp><noscript><p title="</noscript><img src=x onerror=alert(2)>"></noscript>' +
  '<template><script>alert(3)</script></template><iframe src="javascript:alert(4)"></iframe><form action="https://evil.example"><button>Go</button></form>' +
  '<a href=" javascript:alert(5)">link</a><style>body{background:url(javascript:alert(6))}</style>';

heading("4. Confirmed opt-in");
show(`POST /api/email-signups { email: "${subscriber}" } (above)`, { status: 201, body: "(see the list below)" });
const listed = await call("GET", `/api/admin/email-subscribers?q=${encodeURIComponent(subscriber)}`, { token });
console.log(`  the admin list: ${short(listed.body.map?.((s) => ({ email: s.email, status: s.status })) ?? listed.body)}`);
const page = await fetch(`${BASE}/confirm-subscription?token=${confirmToken}`);
console.log(`  GET /confirm-subscription?token=… (as a mail scanner would) → ${page.status}, a page with a button`);
const still = await call("GET", `/api/admin/email-subscribers?q=${encodeURIComponent(subscriber)}`, { token });
console.log(`    the address is still ${still.body[0]?.status}`);
show(
  "POST /api/email-signups/confirm { token }",
  await call("POST", "/api/email-signups/confirm", {
    json: { token: decodeURIComponent(confirmToken ?? "") },
    headers: { "CF-Connecting-IP": address(4) },
  }),
);
const after = await call("GET", `/api/admin/email-subscribers?q=${encodeURIComponent(subscriber)}`, { token });
console.log(`    now ${after.body[0]?.status}`);

heading("3. Campaign sanitiser (to the address just confirmed)");
const sent = await call("POST", "/api/admin/send-campaign", {
  token,
  json: { emails: [subscriber], campaign: { subject: `Sanitiser ${run}`, title: "Hostile markup", content: hostile } },
});
show("POST /api/admin/send-campaign with xmp, noscript, template, iframe, form, style and javascript: links", sent);
const campaignMail = await outboxFind(token, (m) => m.subject.includes(`Sanitiser ${run}`));
const dangerous = /<script|<iframe|<form|<xmp|<noscript|<template|<style[\s>]|onerror|javascript:/i;
const body =
  campaignMail?.html.slice(campaignMail.html.indexOf("Hostile markup"), campaignMail.html.indexOf("Hostile markup") + 900) ?? "";
console.log(
  `    the e-mail in the outbox: ${campaignMail ? (dangerous.test(campaignMail.html) ? "STILL DANGEROUS" : "no script, frame, form, handler or javascript: left") : "not found"}`,
);
console.log(`    its content: ${short(body.replace(/\s+/g, " "))}`);

heading("5. Development credentials only on this machine");
show("POST /api/admin/login (Host: localhost:8787)", {
  ...(await withHost("localhost:8787", "/api/admin/login", ADMIN)),
  body: "(signed in)",
});
// Vite's preview server only lets localhost and IP-address hosts through, so an address that is not
// this machine's stands in for a public domain: the Worker sees a host that is not local.
show("POST /api/admin/login (Host: 192.0.2.10:8787)", await withHost("192.0.2.10:8787", "/api/admin/login", ADMIN));

heading("7. Smaller doors");
show(
  "POST /api/unsubscribe with a broken multipart body",
  await call("POST", "/api/unsubscribe", {
    body: "--x\r\nnot a part",
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
  }),
);
show(
  'POST /api/chat/message { sender: "assistant" }',
  await call("POST", "/api/chat/message", {
    json: { sessionId: `chat_${randomUUID().replaceAll("-", "")}`, message: "I am the assistant", sender: "assistant" },
  }),
);
const summary = await call("GET", "/api/admin/summary", { token });
console.log(`  GET /api/admin/summary → ${summary.status}, Cache-Control: ${summary.headers.get("Cache-Control")}`);

const uploadToken = (await login({}, { "CF-Connecting-IP": address(7) })).body.token;
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const put = (url) => fetch(new URL(url, BASE), { method: "PUT", body: png, headers: { "Content-Type": "image/png" } });
const first = await call("POST", "/api/admin/upload-url", { token: uploadToken, json: { fileName: "boiler.png" } });
const [a, b] = await Promise.all([put(first.body.uploadURL), put(first.body.uploadURL)]);
console.log(`  two parallel PUTs to one upload link → ${[a.status, b.status].sort().join(" and ")}`);
const second = await call("POST", "/api/admin/upload-url", { token: uploadToken, json: { fileName: "valve.png" } });
await call("POST", "/api/admin/logout", { token: uploadToken });
const afterLogout = await put(second.body.uploadURL);
console.log(`  PUT to an upload link after its session logged out → ${afterLogout.status} ${short(await afterLogout.text())}`);

const checks = [];
for (let i = 0; i < 31; i++)
  checks.push((await call("GET", "/api/verify-payment/cs_test_demo", { headers: { "CF-Connecting-IP": address(70) } })).status);
console.log(
  `  31 GET /api/verify-payment/… from one address → ${[...new Set(checks.slice(0, 30))].join("/")} ×30, then ${checks[30]}`,
);

const quote = {
  name: "Demo Visitor",
  phone: "07700 900123",
  email: `quote-${run}@example.com`,
  postcode: "M32 0ZZ",
  service: "boiler-repair",
};
const quoteAnswers = [];
for (let i = 0; i < 11; i++)
  quoteAnswers.push(await call("POST", "/api/quotes", { json: quote, headers: { "CF-Connecting-IP": address(71) } }));
console.log(`  11 quote requests from one address → ${quoteAnswers.map((q) => q.status).join(" ")}`);
console.log(`    the 11th: ${short(quoteAnswers[10].body)}`);
const ownerNotice = await outboxFind(
  token,
  (m) => m.kind === "quote" && m.subject.startsWith("New quote request") && m.text.includes(quote.email),
);
console.log(
  `  the owner's notice of the first one, through the outbox: ${ownerNotice ? `"${ownerNotice.subject}" to ${ownerNotice.to}` : "not found"}`,
);

heading("The local server answers as the Worker, never with a stack trace");
const big = JSON.stringify({ ...quote, message: "x".repeat(2_000_000) });
const mixed = [];
for (let i = 0; i < 105; i++) {
  mixed.push(
    call("POST", "/api/quotes", { body: big, headers: { "Content-Type": "application/json", "CF-Connecting-IP": address(72) } }),
  );
  mixed.push(call("POST", "/api/admin/no-such-route", { json: { a: 1 } }));
  mixed.push(call("GET", "/api/verify-payment/cs_test_demo", { headers: { "CF-Connecting-IP": address(73) } }));
  mixed.push(call("GET", "/api/health"));
  if (mixed.length % 20 === 0) await Promise.all(mixed.slice(-20));
}
const results = await Promise.all(mixed);
const counts = {};
for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
const stackTraces = results.filter((r) => typeof r.body === "string" && /fetch failed|at .*\.(js|ts):\d+/.test(r.body)).length;
console.log(
  `  ${results.length} mixed requests (2 MB quote bodies, POSTs to unknown admin routes, payment checks, health) → ${JSON.stringify(counts)}; stack-trace pages: ${stackTraces}`,
);

// Last, because it leaves the development account locked for other browsers until its window ends.
heading("2b. The owner's own browser is never locked out (device cookie)");
const owner = await call("POST", "/api/admin/login", { json: ADMIN, headers: { "CF-Connecting-IP": address(210) } });
const deviceCookie = owner.headers.get("Set-Cookie")?.split(";")[0] ?? "";
console.log(`  the owner signs in → ${owner.status}, and the answer sets ${deviceCookie.split("=")[0]}=… (signed, HttpOnly)`);
const guesses = [];
for (let i = 0; i < 10; i++)
  guesses.push(
    (
      await call("POST", "/api/admin/login", {
        json: { ...ADMIN, password: "guess" },
        headers: { "CF-Connecting-IP": address(220 + i) },
      })
    ).status,
  );
console.log(`  10 wrong passwords for "admin", each from another address → ${guesses.join(" ")}`);
console.log("    (the replayed code and the spent recovery code of part 1 counted toward the same limit)");
show(
  "the right password from a browser never seen before",
  await call("POST", "/api/admin/login", { json: ADMIN, headers: { "CF-Connecting-IP": address(240) } }),
);
const withDevice = await call("POST", "/api/admin/login", {
  json: ADMIN,
  headers: { "CF-Connecting-IP": address(241), Cookie: deviceCookie },
});
show("the right password from the owner's browser (its device cookie), from another address", {
  ...withDevice,
  body: { success: withDevice.body.success },
});
console.log('  ("admin" stays locked for browsers without the cookie until the 15-minute window ends.)');
