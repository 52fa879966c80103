// npm run trace: where a public page's main thread goes while it starts, with each long task named.
//
// The app is built with React's profiling build (REACT_PROFILING=1 in vite.config.ts: every
// component's render and hydration written into the browser's performance timeline, the code left
// unminified so components keep their names), served as `npm run bench` serves it, and each page is
// opened in Chromium with its CPU four times slower (Lighthouse's phone) and traced from the
// navigation until the page has hydrated (html[data-page-ready]) and the network and main thread
// are quiet. Printed per page, for the run with the median blocking time:
//   - every long task (over 50 ms): when it started, how long it took, and what it did: whose code
//     ran (V8's samples, through the build's source maps), compiling, style, layout and paint;
//     which of React's renders it was (its lane: Blocking, Transition, Idle; render or commit) and
//     its slowest components by their own time;
//   - the components that took longest in all, each with its children (a home page section's
//     hydration, a product card's render).
// The profiling build is a little slower than the served one and its scripts are larger, so read
// the shares and the names here, and the served build's totals from `npm run lighthouse`.
//
//   TRACE_PAGES=/,/store  pages (the default)
//   TRACE_RUNS=3          runs per page
//   TRACE_PORT=8786       the app's port
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { mapLookup, originOf } from "./code-origin.mjs";
import { startPreview } from "./preview-server.mjs";

const pages = (process.env.TRACE_PAGES ?? "/,/store").split(",");
const runs = Number(process.env.TRACE_RUNS ?? 3);
const port = Number(process.env.TRACE_PORT ?? 8786);
const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LONG_TASK_MS = 50;
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "blink.user_timing",
  "loading",
  "toplevel",
  "disabled-by-default-v8.cpu_profiler",
].join(",");

/** Records one visit to `url`: the trace's events. */
async function record(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  // React's profiling build times each component only where it sees the DevTools hook; a disabled
  // one is enough (React then leaves it alone).
  await context.addInitScript(() => {
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { isDisabled: true };
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const events = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { categories: CATEGORIES, transferMode: "ReportEvents" });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("html[data-page-ready]", { state: "attached", timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  // Quiet: the main thread is free for a whole idle period.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await cdp.send("Tracing.end");
  await done;
  await context.close();
  return events;
}

/** The page's main thread: the renderer's CrRendererMain that ran the most. */
function mainThread(events) {
  const mains = events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args.name === "CrRendererMain");
  let best = null;
  let most = -1;
  for (const { pid, tid } of mains) {
    const count = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X").length;
    if (count > most) [best, most] = [{ pid, tid }, count];
  }
  return best;
}

/** React's component timings (console.timeStamp on the "Components ⚛" track), in trace microseconds. */
function componentSpans(events, { pid, tid }) {
  return (
    events
      .filter((e) => e.pid === pid && e.tid === tid && e.name === "TimeStamp" && e.args?.data?.track === "Components \u269b")
      .map((e) => {
        const { start, end, message, name } = e.args.data;
        return { name: message ?? name, start, end };
      })
      // "Blocked" is React waiting, not rendering.
      .filter((span) => span.end > span.start && span.name !== "Blocked")
  );
}

/** The build's source maps, read once each: a script's URL → a lookup of the origin at a position. */
const maps = new Map();
function originAt(url, line, column) {
  const file = /\/assets\/[^/?#]+\.js/.exec(url)?.[0];
  if (!file) return url ? "(the page's HTML)" : undefined;
  if (!maps.has(file)) {
    const path = join(CLIENT, file);
    try {
      const map = JSON.parse(readFileSync(`${path}.map`, "utf8"));
      const sources = map.sources.map((source) => originOf(resolve(path, "..", source)));
      const lookup = mapLookup(map);
      maps.set(file, (l, c) => sources[lookup(l, c)] ?? "(bundler)");
    } catch {
      maps.set(file, () => file.slice(1));
    }
  }
  return maps.get(file)(line, column);
}

/**
 * The main thread's samples from V8's sampling profiler, each with its time (trace microseconds),
 * how long it stands for (until the next sample) and where its innermost function came from.
 */
function samples(events, { pid, tid }) {
  const profile = events.find((e) => e.name === "Profile" && e.pid === pid && e.tid === tid);
  if (!profile) return [];
  const nodes = new Map();
  const taken = [];
  let time = profile.args.data.startTime;
  for (const chunk of events.filter((e) => e.name === "ProfileChunk" && e.id === profile.id)) {
    const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
    for (const [i, id] of (cpuProfile.samples ?? []).entries()) {
      time += timeDeltas[i] ?? 0;
      taken.push({ time, id });
    }
  }
  return taken.map(({ time, id }, i) => {
    const frame = nodes.get(id)?.callFrame ?? {};
    // Without a URL: V8's own entries ("(garbage collector)", "(program)") or a built-in function.
    const origin = frame.url
      ? (originAt(frame.url, frame.lineNumber, frame.columnNumber) ?? "(unmapped)")
      : frame.functionName?.startsWith("(")
        ? frame.functionName
        : "(built-in)";
    const next = taken[i + 1]?.time ?? time;
    return { time, length: Math.min(next - time, 10_000), origin };
  });
}

/** React's scheduler track (Blocking, Transition, Suspense, Idle): what kind of render ran when. */
function schedulerSpans(events, { pid, tid }) {
  return events
    .filter((e) => e.pid === pid && e.tid === tid && e.name === "TimeStamp" && e.args?.data?.trackGroup === "Scheduler \u269b")
    .map((e) => ({ lane: e.args.data.track, what: e.args.data.message, start: e.args.data.start, end: e.args.data.end }))
    .filter((span) => span.end - span.start >= 5000 && !/Track$|Blocked$|^Waiting/.test(span.what));
}

/** Each span's own time: its length less that of the spans directly inside it. */
function withSelfTime(spans) {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const stack = [];
  for (const span of sorted) {
    span.self = span.end - span.start;
    while (stack.length && stack.at(-1).end <= span.start) stack.pop();
    const parent = stack.at(-1);
    if (parent && span.end <= parent.end) parent.self -= span.end - span.start;
    span.outermost = !stack.some((outer) => outer.name === span.name);
    stack.push(span);
  }
  return sorted;
}

function analyse(events) {
  const thread = mainThread(events);
  const onMain = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X");
  const navigation = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame);
  const navigationStart = navigation?.ts ?? Math.min(...onMain.map((e) => e.ts));
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.ts >= navigationStart);
  const long = tasks.filter((t) => t.dur / 1000 > LONG_TASK_MS);
  const spans = withSelfTime(componentSpans(events, thread));
  const scheduled = schedulerSpans(events, thread);
  const sampled = samples(events, thread).filter((sample) => sample.origin !== "(idle)" && sample.origin !== "(program)");
  /** All long tasks' work by kind: the browser's rendering, parsing, compiling, and script. */
  const kinds = new Map();
  const described = long.map((task) => {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur <= end && e !== task);
    const work = new Map();
    const add = (label, us) => work.set(label, (work.get(label) ?? 0) + us);
    for (const sample of sampled) if (sample.time >= task.ts && sample.time < end) add(sample.origin, sample.length);
    for (const e of inside) {
      if (e.name.startsWith("v8.compile")) add("(compile)", e.dur);
      else if (e.name === "UpdateLayoutTree") add("style", e.dur);
      else if (e.name === "Layout") add("layout", e.dur);
      else if (e.name === "Paint" || e.name === "PrePaint" || e.name === "Layerize") add("paint", e.dur);
      else if (e.name === "ParseHTML") add("parse HTML", e.dur);
      else if (e.name === "ParseAuthorStyleSheet") add("parse CSS", e.dur);
    }
    for (const [label, us] of work) {
      const kind = ["style", "layout", "paint"].includes(label)
        ? "style, layout and paint"
        : label.startsWith("parse")
          ? label
          : label === "(compile)"
            ? "compiling scripts"
            : "running scripts";
      kinds.set(kind, (kinds.get(kind) ?? 0) + us);
    }
    const components = spans
      .filter((s) => s.start >= task.ts && s.end <= end)
      .sort((a, b) => b.self - a.self)
      .slice(0, 6)
      .map((s) => `${s.name} ${(s.self / 1000).toFixed(0)}`);
    const react = scheduled
      .filter((span) => span.start < end && span.end > task.ts)
      .map((span) => `${span.lane} ${span.what} ${Math.round((Math.min(span.end, end) - Math.max(span.start, task.ts)) / 1000)}`);
    return {
      "at ms": Math.round((task.ts - navigationStart) / 1000),
      ms: Math.round(task.dur / 1000),
      work: [...work]
        .filter(([, us]) => us >= 3000)
        .sort((a, b) => b[1] - a[1])
        .map(([label, us]) => `${label} ${Math.round(us / 1000)}`)
        .join(", "),
      "React (lane, phase, ms)": react.join(", "),
      "components (own ms)": components.join(", "),
    };
  });
  const blocking = long.reduce((sum, t) => sum + t.dur / 1000 - LONG_TASK_MS, 0);
  const byName = new Map();
  for (const span of spans) {
    const entry = byName.get(span.name) ?? { count: 0, total: 0, own: 0 };
    entry.count += 1;
    if (span.outermost) entry.total += span.end - span.start;
    entry.own += span.self;
    byName.set(span.name, entry);
  }
  const components = [...byName]
    .sort((a, b) => b[1].total - a[1].total)
    .slice(0, 25)
    .map(([name, { count, total, own }]) => ({
      component: name,
      times: count,
      "with children ms": Math.round(total / 1000),
      "own ms": Math.round(own / 1000),
    }));
  const origins = new Map();
  for (const sample of sampled) {
    if (!long.some((t) => sample.time >= t.ts && sample.time < t.ts + t.dur)) continue;
    origins.set(sample.origin, (origins.get(sample.origin) ?? 0) + sample.length);
  }
  const scripts = [...origins]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([origin, us]) => ({ "code from": origin, "ms in long tasks": Math.round(us / 1000) }));
  const totals = [...kinds]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, us]) => ({ "in long tasks": kind, ms: Math.round(us / 1000) }));
  return { blocking: Math.round(blocking), described, components, scripts, totals };
}

const CLIENT = resolve(".trace/dist/client");
const preview = await startPreview({ dir: ".trace", port, env: { REACT_PROFILING: "1" } });
const browser = await chromium.launch({ executablePath: chrome, args: ["--no-sandbox"] });
try {
  for (const path of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = analyse(await record(browser, `${preview.base}${path}`));
      console.log(`${path} run ${i + 1}: ${result.described.length} long tasks, blocking ${result.blocking} ms`);
      results.push(result);
    }
    const median = [...results].sort((a, b) => a.blocking - b.blocking)[Math.floor(results.length / 2)];
    console.log(`\n${path}: the median run, ${median.blocking} ms blocking (CPU 4× slower), its long tasks:`);
    console.table(median.described);
    console.log(`${path}: the long tasks' work by kind (the median run):`);
    console.table(median.totals);
    console.log(`${path}: whose code ran in the long tasks (sampled, the median run):`);
    console.table(median.scripts);
    console.log(`${path}: components by time with their children (the median run):`);
    console.table(median.components);
  }
} finally {
  await browser.close();
  await preview.stop();
}
