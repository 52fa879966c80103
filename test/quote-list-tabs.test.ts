import { afterEach, describe, expect, it } from "vitest";
import type { AdminQuote, QuoteListItem } from "../schema/api/quotes";
import { addDays, londonToday } from "../schema/london-time";
import { query } from "./helpers/factories-commerce";
import { admin, boilerQuote, customer, sentQuote } from "./helpers/quotes";

// The quote list's status tabs (worker/services/quotes/list.ts), read since issue 45 as ranges of the
// status index: a sent quote past its date is under Expired, as its customer's link says, and no
// longer under Sent; a search by name finds one customer's quotes and never another's.

afterEach(async () => {
  await admin("PATCH", "/api/admin/settings/billing", { vatRegistered: false, vatNumber: null });
});

async function listed(params: string, ours: number[]) {
  const { status, body } = await admin<QuoteListItem[]>("GET", `/api/admin/estimates?limit=100&${params}`);
  expect(status).toBe(200);
  return body
    .map((q) => q.id)
    .filter((id) => ours.includes(id))
    .sort((a, b) => a - b);
}

describe("the quote list's tabs", () => {
  it("lists a sent quote past its date under Expired, not Sent, and a draft under Draft", async () => {
    const current = await sentQuote();
    const lapsed = await sentQuote();
    await query("UPDATE estimates SET valid_until = ?1 WHERE id = ?2", addDays(londonToday(), -1), lapsed.quote.id);
    const other = await customer();
    const drafted = await admin<AdminQuote>("POST", "/api/admin/estimates", boilerQuote(other.id));
    const ours = [current.quote.id, lapsed.quote.id, drafted.body.id];

    expect(await listed("status=sent", ours)).toEqual([current.quote.id]);
    expect(await listed("status=expired", ours)).toEqual([lapsed.quote.id]);
    expect(await listed("status=draft", ours)).toEqual([drafted.body.id]);
    expect(await listed("", ours)).toEqual(ours.sort((a, b) => a - b));
    const [row] = (await admin<QuoteListItem[]>("GET", `/api/admin/estimates?q=${lapsed.c.email}`)).body;
    expect(row).toMatchObject({ id: lapsed.quote.id, status: "expired" });
    expect(await listed(`q=${encodeURIComponent(`Buyer-${current.c.tag}`)}`, ours)).toEqual([current.quote.id]);
    expect(await listed(`q=${encodeURIComponent(`Buyer-${other.tag}`)}&status=draft`, ours)).toEqual([drafted.body.id]);
  });
});
