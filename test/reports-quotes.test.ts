import { describe, expect, it } from "vitest";
import type { QuotesReport } from "../schema/api/reports";
import { admin, adminHeaders } from "./helpers/admin";
import { createCustomer } from "./helpers/factories-admin";
import { callApp, query } from "./helpers/factories-commerce";

/**
 * Quotes by the month they were sent (issue 45): the report against the test's own counts over the
 * quotes it wrote in months nobody else writes (2018), drafts (never sent) left out, a sent quote
 * past its date counted as expired.
 */

const written = [
  { sentAt: "2018-04-03T10:00:00.000Z", status: "accepted", gross: 240_000 },
  { sentAt: "2018-04-10T10:00:00.000Z", status: "accepted", gross: 180_001 },
  { sentAt: "2018-04-12T10:00:00.000Z", status: "declined" },
  { sentAt: "2018-04-30T23:30:00.000Z", status: "sent" },
  { sentAt: "2018-05-01T00:10:00.000Z", status: "viewed" },
  { sentAt: "2018-05-09T10:00:00.000Z", status: "cancelled", gross: 99_900 },
  { sentAt: "2018-05-20T10:00:00.000Z", status: "expired" },
  { sentAt: null, status: "draft" },
] as const;

describe("quotes by the month they were sent", () => {
  it("counts how each month's quotes stand, the conversion and the average accepted, with its CSV", async () => {
    const c = await createCustomer();
    for (const q of written) {
      const [row] = await query<{ id: number }>(
        "INSERT INTO estimates (customer_id, status, title, valid_until, sent_at) VALUES (?1, ?2, 'A boiler', '2018-06-30', ?3) RETURNING id",
        c.id,
        q.status,
        q.sentAt,
      );
      if ("gross" in q)
        await query(
          `INSERT INTO estimate_acceptances (estimate_id, version, option_id, optional_line_ids, name, start_early,
             content_sha256, notice_version, gross_pence, deposit_pence, accepted_at, snapshot)
           VALUES (?1, 1, 'good', '[]', 'Bea', 0, 'x', 'v1', ?2, 0, ?3, '{}')`,
          row!.id,
          q.gross,
          q.sentAt,
        );
    }
    const { status, body } = await admin<QuotesReport>("GET", "/api/admin/reports/quotes?from=2018-04&to=2018-06");
    expect(status).toBe(200);
    const april = written.filter((q) => q.sentAt?.startsWith("2018-04"));
    expect(body.months[0]).toEqual({
      month: "2018-04",
      sent: april.length,
      accepted: 2,
      declined: 1,
      // Sent, unanswered and past its date (30 June 2018).
      expired: 1,
      cancelled: 0,
      open: 0,
      acceptedPence: 420_001,
      conversion: 2 / 4,
      averageAcceptedPence: 210_001,
    });
    expect(body.months[1]).toMatchObject({ month: "2018-05", sent: 3, accepted: 0, cancelled: 1, expired: 2, conversion: 0 });
    expect(body.months[1]!.averageAcceptedPence).toBeNull();
    expect(body.months[2]).toMatchObject({ month: "2018-06", sent: 0, conversion: null });
    expect(body.totals).toMatchObject({ sent: 7, accepted: 2, acceptedPence: 420_001, conversion: 2 / 7 });

    const csv = await callApp("/api/admin/reports/quotes.csv?from=2018-04&to=2018-05", { headers: await adminHeaders() });
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("Month,Sent,Accepted,Declined,Expired,Cancelled,Open,Conversion (%),Accepted (£),Average accepted (£)");
    expect(lines[1]).toBe("2018-04,4,2,1,1,0,0,50.0,4200.01,2100.01");
  });
});
