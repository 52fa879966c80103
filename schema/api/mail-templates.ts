/** GET /api/admin/outbox/templates: every mail template rendered with sample details. */
export type TemplateSample = {
  /** Stable id of the template (not the outbox's mail kind, which several templates share). */
  kind: string;
  label: string;
  /** Who receives it: a customer (or subscriber), or the owner. */
  audience: "customer" | "owner";
  to: string;
  subject: string;
  html: string;
  text: string;
};
