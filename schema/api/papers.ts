/**
 * The papers an engineer drafts at a visit and issues there (a gas safety record, a service sheet, an
 * unvented cylinder record, a Benchmark checklist), as the screens and the Worker both name them:
 * plain words, nothing else, so the route table and every screen may read them. A new paper is one
 * entry here, its kind in the Worker's documents room (worker/services/document-kinds.ts) and its
 * screen in the back office's (frontend/pages/admin/paper-screens.ts); everything that shows a
 * visit's papers (the visit, the job's thread, the audit log, the routes and their roles, the data
 * export, an erasure) reads them from those.
 */
export type PaperDescriptor = {
  /** The document kind's name (links, the audit log): "gas-safety-record". */
  name: string;
  /** As a heading or a list names one: "Gas safety record". */
  label: string;
  /** In a sentence ("Continue gas safety record"). */
  noun: string;
  /** The screen's title ("Gas Safety Record"). */
  title: string;
  /** Its routes under /api/admin and its screen under /admin: "gas-safety-records". */
  segment: string;
  /** The field a visit's answers name its latest one in ("gasSafetyRecord"). */
  visitField: string;
  /** Its number series (its key in schema/numbers.ts) and how its numbers are written: "GSR-000001". */
  series: string;
  number: { prefix: string; width: number };
};

export const papers = {
  "gas-safety-record": {
    name: "gas-safety-record",
    label: "Gas safety record",
    noun: "gas safety record",
    title: "Gas Safety Record",
    segment: "gas-safety-records",
    visitField: "gasSafetyRecord",
    series: "gasSafetyRecord",
    number: { prefix: "GSR-", width: 6 },
  },
  "service-sheet": {
    name: "service-sheet",
    label: "Service sheet",
    noun: "service sheet",
    title: "Service Sheet",
    segment: "service-sheets",
    visitField: "serviceSheet",
    series: "serviceSheet",
    number: { prefix: "SS-", width: 6 },
  },
  "unvented-record": {
    name: "unvented-record",
    label: "Unvented cylinder record",
    noun: "unvented cylinder record",
    title: "Unvented Cylinder Record",
    segment: "unvented-records",
    visitField: "unventedRecord",
    series: "unventedRecord",
    number: { prefix: "G3-", width: 6 },
  },
  benchmark: {
    name: "benchmark",
    label: "Benchmark checklist",
    noun: "Benchmark checklist",
    title: "Benchmark Checklist",
    segment: "benchmark-records",
    visitField: "benchmarkRecord",
    series: "benchmark",
    number: { prefix: "BM-", width: 6 },
  },
} as const satisfies Record<string, PaperDescriptor>;

export type PaperName = keyof typeof papers;

/** The papers' number series, by their keys, for schema/numbers.ts. */
export const paperSeries = Object.fromEntries(Object.values(papers).map((p) => [p.series, p.number])) as {
  [K in PaperName as (typeof papers)[K]["series"]]: (typeof papers)[K]["number"];
};
export const paperNames = Object.keys(papers) as PaperName[];
export type PaperField = (typeof papers)[PaperName]["visitField"];

/** A paper started at a visit, as the visit's answers name it. */
export type StartedPaper = { id: number; status: "draft" | "issued" } | null;
/** The visit's latest paper of each kind, by field ("gasSafetyRecord": …, "benchmarkRecord": …). */
export type VisitPapers = { [F in PaperField]: StartedPaper };

/** "Start gas safety record". */
export const startPaperText = (p: PaperDescriptor) => `Start ${p.noun}`;
