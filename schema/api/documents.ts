/**
 * Documents as the pages list them (a customer's, a property's, the account's): the gas paperwork
 * today. The documents room (worker/services/documents/) serves every kind without naming one; a
 * kind's name is its own (worker/services/document-kinds.ts registers them).
 */

/** A document as the customer and property pages list it. */
export type DocumentSummary = {
  kind: "gas-safety-record" | "warning-notice" | "service-sheet";
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
