import { Hono } from "hono";
import {
  chasingSchema,
  creditNoteInputSchema,
  exportRangeSchema,
  invoiceCreateSchema,
  invoiceListQuerySchema,
  invoicePatchSchema,
  paymentInputSchema,
  refundInputSchema,
  voidSchema,
} from "../../../schema/api/invoices";
import { idParamSchema } from "../../../schema/api/lists";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { listAnswer } from "../../lib/list-answer";
import { validate } from "../../lib/validate";
import { documentPdf, pdfResponse } from "../../services/documents/files";
import { closeOpenCheckout } from "../../services/invoices/card-payments";
import { addCreditNote } from "../../services/invoices/credit-notes";
import { creditNoteKind, invoiceKind } from "../../services/invoices/document-kinds";
import { createInvoice, deleteDraft, updateInvoice } from "../../services/invoices/drafts";
import { invoicesCsv, paymentsCsv } from "../../services/invoices/exports";
import { getInvoice } from "../../services/invoices/invoices";
import { issueInvoice } from "../../services/invoices/issue";
import { listInvoices } from "../../services/invoices/list";
import { recordPayment } from "../../services/invoices/payments";
import { refundInvoice } from "../../services/invoices/refunds";
import { setChasing } from "../../services/invoices/set-chasing";
import { voidInvoice } from "../../services/invoices/void-invoice";

/** Mounted at /api/admin: invoices, their payments and credit notes, and their PDFs. */
const id = validate("param", idParamSchema);
const csvFile = (name: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${name}"`,
});

const app = new Hono<HonoEnv>()
  // For the accountant (before workbench.ts's /export/:file, which has no date range).
  .get("/export/invoices.csv", validate("query", exportRangeSchema), async (c) => {
    const { from, to } = c.req.valid("query");
    return c.body(await invoicesCsv(getDb(c.env), from, to), 200, csvFile(`invoices-${from}-to-${to}.csv`));
  })
  .get("/export/payments.csv", validate("query", exportRangeSchema), async (c) => {
    const { from, to } = c.req.valid("query");
    return c.body(await paymentsCsv(getDb(c.env), from, to), 200, csvFile(`payments-${from}-to-${to}.csv`));
  })
  .get("/invoices", validate("query", invoiceListQuerySchema), async (c) =>
    listAnswer(c, await listInvoices(getDb(c.env), c.req.valid("query"))),
  )
  .post("/invoices", validate("json", invoiceCreateSchema), async (c) =>
    c.json(await createInvoice(c.env, getDb(c.env), c.req.valid("json")), 201),
  )
  .get("/invoices/:id", id, async (c) => c.json(await getInvoice(c.env, getDb(c.env), c.req.valid("param").id)))
  .patch("/invoices/:id", id, validate("json", invoicePatchSchema), async (c) =>
    c.json(await updateInvoice(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/invoices/:id", id, async (c) => {
    await deleteDraft(getDb(c.env), c.req.valid("param").id);
    return c.json({ success: true });
  })
  .post("/invoices/:id/issue", id, async (c) => c.json(await issueInvoice(c.env, getDb(c.env), c.req.valid("param").id)))
  // What the customer owes changes: their open card checkout, which asks for the old balance, is
  // closed first (services/invoices/card-payments.ts).
  .post("/invoices/:id/payments", id, validate("json", paymentInputSchema), async (c) => {
    const db = getDb(c.env);
    await closeOpenCheckout(c.env, db, c.req.valid("param").id);
    return c.json(await recordPayment(c.env, db, c.req.valid("param").id, c.req.valid("json")), 201);
  })
  .post("/invoices/:id/refunds", id, validate("json", refundInputSchema), async (c) =>
    c.json(await refundInvoice(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .post("/invoices/:id/credit-notes", id, validate("json", creditNoteInputSchema), async (c) => {
    const db = getDb(c.env);
    await closeOpenCheckout(c.env, db, c.req.valid("param").id);
    return c.json(await addCreditNote(c.env, db, c.req.valid("param").id, c.req.valid("json")), 201);
  })
  .post("/invoices/:id/void", id, validate("json", voidSchema), async (c) => {
    const db = getDb(c.env);
    await closeOpenCheckout(c.env, db, c.req.valid("param").id);
    return c.json(await voidInvoice(c.env, db, c.req.valid("param").id, c.req.valid("json").reason));
  })
  .post("/invoices/:id/chasing", id, validate("json", chasingSchema), async (c) =>
    c.json(await setChasing(c.env, getDb(c.env), c.req.valid("param").id, c.req.valid("json").chase)),
  )
  .get("/invoices/:id/pdf", id, async (c) => {
    const file = await documentPdf(c.env, getDb(c.env), invoiceKind, c.req.valid("param").id);
    if (!file) throw new ApiError("NOT_FOUND", "Invoice not found, or not issued yet");
    return pdfResponse(file);
  })
  .get("/credit-notes/:id/pdf", id, async (c) => {
    const file = await documentPdf(c.env, getDb(c.env), creditNoteKind, c.req.valid("param").id);
    if (!file) throw new ApiError("NOT_FOUND", "Credit note not found");
    return pdfResponse(file);
  });

export default app;
