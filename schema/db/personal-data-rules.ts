import type { Column } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

// The rules `personalData` (./personal-data.ts) is written in, and what the law makes the business keep.

/** What erasing an account does to some of a table's rows. */
export type ErasureRule =
  /** The rows are deleted; `cascade`: by the database, with the row they belong to. */
  | { action: "delete"; rows: string; cascade?: string }
  /** The rows stay with these columns emptied (NULL, or "(erased <id>)" where a value is required). */
  | { action: "blank"; rows: string; columns: readonly Column[]; why: string }
  /** The rows stay as they are, for the reason given. */
  | { action: "keep"; rows: string; why: string };

export type PersonalTable = {
  table: SQLiteTable;
  personal: readonly Column[];
  other: readonly Column[];
  /** How the person's rows are found. */
  found: string;
  rules: Readonly<Record<string, ErasureRule>>;
};

/** Why a record the law requires is kept, in the words the answer e-mail uses. */
export const keptForTheLaw = {
  invoices: {
    what: "invoices and credit notes",
    kept: "your name and address as printed on them, and the payments",
    period: "six years",
    rule: "HMRC requires business and VAT records to be kept that long",
  },
  safetyRecords: {
    what: "gas safety records and warning notices",
    kept: "your name and the property's address as printed on them",
    period: "at least two years",
    rule: "the Gas Safety (Installation and Use) Regulations 1998 (regulation 36) require them",
  },
  serviceSheets: {
    what: "service sheets of gas work we did",
    kept: "your name and the property's address as printed on them",
    period: "six years",
    rule: "the time in which a claim about that work can be made (Limitation Act 1980)",
  },
  commissioningRecords: {
    what: "commissioning records of boilers and hot water cylinders we fitted",
    kept: "your name and the property's address as printed on them",
    period: "six years",
    rule: "the time in which a claim about that work can be made (Limitation Act 1980)",
  },
  acceptedQuotes: {
    what: "accepted quotes",
    kept: "what was agreed, the name it was accepted under and when, and any deposit",
    period: "six years",
    rule: "the time in which either side can bring a claim under the contract (Limitation Act 1980)",
  },
  orders: {
    what: "shop orders",
    kept: "your name and delivery address, what you bought and what you paid",
    period: "six years",
    rule: "HMRC requires sales records to be kept that long",
  },
} as const;

export type KeptRecord = keyof typeof keptForTheLaw;

export const whyRecord = (record: KeptRecord) =>
  `${keptForTheLaw[record].what}: kept ${keptForTheLaw[record].period}, as ${keptForTheLaw[record].rule}`;

/** Issued documents and accepted quotes: a customer with one keeps name and address, nothing else. */
export const KEPT_CUSTOMER =
  "customers with an issued invoice, gas safety record, warning notice, service sheet, cylinder record or Benchmark checklist, or an accepted quote";
