/**
 * Documents as the pages list them (a customer's, a property's, the account's): the gas paperwork
 * and whatever kinds come. The documents room (worker/services/documents/) serves every kind without naming one; a
 * kind's name is its own (worker/services/document-kinds.ts registers them).
 */

/**
 * A document as the customer and property pages list it. Each kind fills it in (its `list`), so a
 * page shows a new kind without naming it: `title` and `screen` are the kind's to say.
 */
export type DocumentSummary = {
  /** The kind's name, as registered ("gas-safety-record"). */
  kind: string;
  /** What it is, for people ("Gas safety record"): shown where it has no number yet. */
  title: string;
  /** The back office's page of one ("/gas-safety-records"; the id follows), or null when it has none. */
  screen: string | null;
  id: number;
  status: "draft" | "issued";
  number: string | null;
  propertyId: number | null;
  date: string;
  /** A gas safety record's next deadline; a notice's classification. */
  nextDueDate: string | null;
  classification: "ID" | "AR" | null;
  pdfUrl: string | null;
  /** The property's latest issued record whose tenant has not had their copy yet: by when. */
  tenantCopyDueBy: string | null;
};
