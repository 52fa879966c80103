import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import {
  accountDetailsSchema,
  accountErasureSchema,
  accountPreferencesSchema,
  accountSessionSchema,
  accountSignInSchema,
  accountTenantSchema,
} from "../../schema/api/account";
import { accountBookingRequestSchema } from "../../schema/api/bookings";
import { idParamSchema } from "../../schema/api/lists";
import { z } from "../../schema/api/z";
import { settings } from "../../schema/settings";
import { getDb } from "../db/client";
import type { HonoEnv } from "../env";
import { ApiError, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { noStore } from "../middleware/no-store";
import { limitPerAddress } from "../middleware/rate-limit";
import { accountCustomerIds } from "../services/account/customer-ids";
import { exportAccount, requestErasure, setDetails, setPreferences } from "../services/account/data";
import {
  ACCOUNT_COOKIE,
  ACCOUNT_SESSION_SECONDS,
  endSessions,
  sessionAccount,
  signInMail,
  startSession,
} from "../services/account/sessions";
import { accountPreferences, accountProperty, accountSummary } from "../services/account/summary";
import { setTenantMayBook } from "../services/account/tenant-booking";
import { tenantLinkVersion } from "../services/account/tenants";
import { accountDocumentKindNames, documentKinds } from "../services/document-kinds";
import { documentUrl } from "../services/documents/files";
import { queueInBackground } from "../services/mail";
import { createAccountBooking } from "../services/visits/account-booking";
import { syncContactChanges } from "../services/xero/contact-changes";

/**
 * /api/account: the customer's own page. Signed in by an e-mailed link (a session in an HttpOnly
 * cookie sent only to this API); every answer is private (no-store, noindex). An admin token opens
 * nothing here and this cookie opens nothing in /api/admin: the two sign-ins never meet. A property's
 * tenant signs in the same way and sees their home (services/account/tenants.ts); what is a
 * customer's alone answers them 403 (requireCustomer), and another's document 404.
 */
const cookieOptions = {
  httpOnly: true,
  secure: true,
  sameSite: "Lax",
  path: "/api/account",
} as const;

/**
 * Not a credential: a flag the account page reads so a signed-out visitor is shown the form without
 * asking the API first (which would answer 401, an error in every signed-out browser's console).
 */
const HINT_COOKIE = "account_hint";
// The whole site's: /book reads it too, so the account's "Book the check" books as the account (at
// its property, for its customer) rather than as a stranger typing the same details.
const hintOptions = { secure: true, sameSite: "Lax", path: "/" } as const;

/** The signed-in account's address (and whether it is a customer's), or 401. */
const requireAccount = createMiddleware<HonoEnv>(async (c, next) => {
  const session = await sessionAccount(getDb(c.env), getCookie(c, ACCOUNT_COOKIE));
  if (!session) throw new ApiError("UNAUTHORIZED", "Please sign in to see your account.");
  c.set("accountEmail", session.email);
  c.set("accountIsCustomer", session.isCustomer);
  c.set("accountIsTenant", session.isTenant);
  await next();
});

/**
 * What only a customer does (their details, reminders, a property's page, booking): a tenant's
 * sign-in sees their home's gas safety paperwork and nothing of the landlord's, so 403 with why.
 * (An address that is neither any more, its customer deleted by the office, gets the services' own answers.)
 */
const requireCustomer = createMiddleware<HonoEnv>(async (c, next) => {
  if (!c.get("accountIsCustomer") && c.get("accountIsTenant"))
    throw new ApiError(
      "FORBIDDEN",
      "You're signed in as a tenant: your account shows your home's gas safety records and warning notices only. For anything else, please ask your landlord.",
    );
  await next();
});

const documentParam = idParamSchema.extend({
  kind: z.enum(accountDocumentKindNames, { error: "Not a kind of document" }),
});

const app = new Hono<HonoEnv>()
  .use("*", noStore({ noindex: true }))
  // The same answer, at once, whoever the address belongs to: the link (if any) is made and
  // e-mailed after the answer has gone.
  .post("/sign-in", limitPerAddress("account-sign-in"), validate("json", accountSignInSchema), async (c) => {
    const { email } = c.req.valid("json");
    const db = getDb(c.env);
    c.executionCtx.waitUntil(
      signInMail(c.env, db, email).then(
        (mail) => {
          if (mail) queueInBackground(c.executionCtx, c.env, mail);
        },
        (error: unknown) => console.error(JSON.stringify({ account: "sign-in link", error: String(error) })),
      ),
    );
    return c.json(
      {
        message: `If we have that address, a sign-in link is on its way. It works once, for ${settings.account.linkMinutes} minutes.`,
      },
      202,
    );
  })
  .post("/session", limitPerAddress("account-session"), validate("json", accountSessionSchema), async (c) => {
    const { cookie, email } = await startSession(getDb(c.env), c.req.valid("json").token);
    setCookie(c, ACCOUNT_COOKIE, cookie, { ...cookieOptions, maxAge: ACCOUNT_SESSION_SECONDS });
    setCookie(c, HINT_COOKIE, "1", { ...hintOptions, maxAge: ACCOUNT_SESSION_SECONDS });
    return c.json({ email });
  })
  .delete("/session", async (c) => {
    const cookie = getCookie(c, ACCOUNT_COOKIE);
    if (cookie) await endSessions(getDb(c.env), cookie, c.req.query("everywhere") === "1");
    deleteCookie(c, ACCOUNT_COOKIE, cookieOptions);
    deleteCookie(c, HINT_COOKIE, hintOptions);
    return c.body(null, 204);
  })
  .get("/", requireAccount, async (c) => c.json(await accountSummary(c.env, getDb(c.env), c.get("accountEmail")!)))
  .get("/export", requireAccount, async (c) => {
    const data = await exportAccount(getDb(c.env), c.get("accountEmail")!);
    c.header("Content-Disposition", 'attachment; filename="my-data.json"');
    return c.json(data);
  })
  .patch("/preferences", requireAccount, requireCustomer, validate("json", accountPreferencesSchema), async (c) => {
    const db = getDb(c.env);
    const email = c.get("accountEmail")!;
    const mails = await setPreferences(c.env, db, email, c.req.valid("json"));
    if (mails.length) queueInBackground(c.executionCtx, c.env, ...mails);
    return c.json(await accountPreferences(db, email));
  })
  .patch("/details", requireAccount, requireCustomer, validate("json", accountDetailsSchema), async (c) => {
    const db = getDb(c.env);
    const details = await setDetails(db, c.get("accountEmail")!, c.req.valid("json"));
    // Their new name goes to their Xero contact after the answer (nothing without Xero).
    c.executionCtx.waitUntil(syncContactChanges(c.env, db));
    return c.json(details);
  })
  .post("/erasure-request", requireAccount, validate("json", accountErasureSchema), async (c) => {
    const { requestedAt, mails } = await requestErasure(c.env, getDb(c.env), c.get("accountEmail")!, c.req.valid("json").reason);
    queueInBackground(c.executionCtx, c.env, ...mails);
    return c.json({ requestedAt }, 201);
  })
  // A document of the account, by its id: the PDF's own signed link, or 404 for anyone else's. A
  // tenant opens the records and notices of their home their account lists, and nothing else.
  .get("/documents/:kind/:id", requireAccount, validate("param", documentParam), async (c) => {
    const { kind, id } = c.req.valid("param");
    const db = getDb(c.env);
    const email = c.get("accountEmail")!;
    const document = documentKinds[kind];
    const linkVersion =
      (c.get("accountIsCustomer") ? await document.accountLinkVersion?.(db, id, accountCustomerIds(db, email)) : null) ??
      (await tenantLinkVersion(db, kind, id, email));
    if (linkVersion === null) throw notFound("Document");
    return c.redirect(await documentUrl(c.env, document, id, linkVersion), 302);
  })
  // "Book the check": a visit at one of the account's properties, for its customer (never a new
  // one), or at the home a tenant rents when the landlord lets them; confirmed to the account's
  // address; the body names no address (see the schema).
  .post("/bookings", limitPerAddress("booking"), requireAccount, validate("json", accountBookingRequestSchema), async (c) => {
    const { created, mails } = await createAccountBooking(c.env, getDb(c.env), c.get("accountEmail")!, c.req.valid("json"));
    queueInBackground(c.executionCtx, c.env, ...mails);
    return c.json(created, 201);
  })
  .patch(
    "/properties/:id/tenant",
    requireAccount,
    requireCustomer,
    validate("param", idParamSchema),
    validate("json", accountTenantSchema),
    async (c) =>
      c.json(await setTenantMayBook(getDb(c.env), c.get("accountEmail")!, c.req.valid("param").id, c.req.valid("json").mayBook)),
  )
  .get("/properties/:id", requireAccount, requireCustomer, validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const property = await accountProperty(c.env, getDb(c.env), c.get("accountEmail")!, id);
    if (!property) throw notFound("Property");
    return c.json(property);
  });

export default app;
