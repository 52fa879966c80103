import { Hono } from "hono";
import {
  audienceSchema,
  campaignDraftSchema,
  campaignPreviewSchema,
  campaignRecipientsQuerySchema,
  listCampaignsQuerySchema,
  sendCampaignSchema,
} from "../../../schema/api/campaigns";
import { idParamSchema } from "../../../schema/api/lists";
import { phoneHref } from "../../../schema/facts";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listAnswer } from "../../lib/list-answer";
import { siteUrl } from "../../lib/site-url";
import { validate } from "../../lib/validate";
import { countAudience } from "../../services/campaigns/audience";
import { listCampaignRecipients, listCampaigns } from "../../services/campaigns/list";
import { cancelScheduledCampaign, retryFailedRecipients, sendCampaign } from "../../services/campaigns/send";
import { ownerEmail, queueInBackground } from "../../services/mail";
import { campaignTestMail, renderCampaignPreview } from "../../services/mail/campaign-email";
import { factsNow } from "../../services/settings/business-facts";

/** Mounted at /api/admin (behind requireAdmin). 202: the Queue sends the e-mails after the answer. */
const app = new Hono<HonoEnv>()
  .post("/send-campaign", validate("json", sendCampaignSchema), async (c) =>
    c.json(await sendCampaign(c.env, c.req.valid("json")), 202),
  )
  // "Send me a test": the owner's own address, before anyone else's.
  .post("/campaigns/test", validate("json", campaignDraftSchema), async (c) => {
    const draft = c.req.valid("json");
    const to = ownerEmail(c.env);
    const mail = await campaignTestMail(
      {
        ...draft,
        offer: draft.offer ?? null,
        ctaText: draft.ctaText,
        ctaLink: draft.ctaLink ?? phoneHref(factsNow().phone),
      },
      to,
      siteUrl(c.env, "/unsubscribe?token=test"),
    );
    queueInBackground(c.executionCtx, c.env, mail);
    return c.json({ to }, 202);
  })
  .post("/campaigns/preview", validate("json", campaignPreviewSchema), async (c) => {
    const unsubscribeUrl = siteUrl(c.env, "/unsubscribe?token=preview");
    return c.json(await renderCampaignPreview(c.req.valid("json"), unsubscribeUrl));
  })
  .get("/campaigns", validate("query", listCampaignsQuerySchema), async (c) =>
    listAnswer(c, await listCampaigns(getDb(c.env), c.req.valid("query"))),
  )
  // "This will go to 29,874 people": the audience counted as a send would select it.
  .get("/campaigns/audience", validate("query", audienceSchema), async (c) =>
    c.json(await countAudience(getDb(c.env), c.req.valid("query"))),
  )
  .get(
    "/campaigns/:id/recipients",
    validate("param", idParamSchema),
    validate("query", campaignRecipientsQuerySchema),
    async (c) => listAnswer(c, await listCampaignRecipients(getDb(c.env), c.req.valid("param").id, c.req.valid("query"))),
  )
  .post("/campaigns/:id/retry-failed", validate("param", idParamSchema), async (c) =>
    c.json(await retryFailedRecipients(c.env, c.req.valid("param").id), 202),
  )
  .post("/campaigns/:id/cancel", validate("param", idParamSchema), async (c) =>
    c.json(await cancelScheduledCampaign(c.env, c.req.valid("param").id)),
  );

export default app;
