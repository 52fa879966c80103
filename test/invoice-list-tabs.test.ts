import { describe, expect, it } from "vitest";
import type { AdminInvoice, InvoiceListItem } from "../schema/api/invoices";
import { addDays, londonToday } from "../schema/london-time";
import { query } from "./helpers/factories-commerce";
import { admin, customer, draft, registered } from "./helpers/invoices";

// The invoice list's tabs and searches (worker/services/invoices/list.ts), read since issue 45 from the
// invoice's `tab` column SQLite keeps from its sums (migration 0028): each invoice under the tab its
// balance puts it in as payments, credit notes and voids change it, and a search finding one
// customer's invoices and never another's.

async function issue(customerId: number) {
  const d = await draft(customerId);
  const { status, body } = await admin<AdminInvoice>("POST", `/api/admin/invoices/${d.id}/issue`);
  expect(status).toBe(200);
  return body;
}

const pay = (id: number, amountPence: number) =>
  admin<AdminInvoice>("POST", `/api/admin/invoices/${id}/payments`, { amountPence, method: "cash", paidOn: londonToday() });

/** The ids a tab (and search) lists, among the ones this test made. */
async function listed(params: string, ours: number[]) {
  const { status, body } = await admin<InvoiceListItem[]>("GET", `/api/admin/invoices?limit=100&${params}`);
  expect(status).toBe(200);
  return body
    .map((i) => i.id)
    .filter((id) => ours.includes(id))
    .sort((a, b) => a - b);
}

describe("the invoice list's tabs and searches", () => {
  it("puts each invoice under the tab its balance and status say, as they change", async () => {
    await registered();
    const [a, b] = [await customer(), await customer()];
    const drafted = await draft(a.id);
    const unpaid = await issue(a.id);
    const paid = await issue(a.id);
    const partPaid = await issue(b.id);
    const credited = await issue(b.id);
    const voided = await issue(b.id);
    const overdue = await issue(b.id);
    await query("UPDATE invoices SET due_date = ? WHERE id = ?", addDays(londonToday(), -3), overdue.id);

    const first = await pay(paid.id, paid.balancePence);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.state).toBe("paid");
    expect((await pay(partPaid.id, 1_000)).body.state).toBe("part-paid");
    const note = await admin<AdminInvoice>("POST", `/api/admin/invoices/${credited.id}/credit-notes`, {
      reason: "Not needed after all",
    });
    expect(note.body.balancePence).toBe(0);
    expect((await admin("POST", `/api/admin/invoices/${voided.id}/void`, { reason: "Sent twice" })).status).toBe(200);

    const ours = [drafted.id, unpaid.id, paid.id, partPaid.id, credited.id, voided.id, overdue.id];
    const sorted = (...ids: number[]) => ids.sort((x, y) => x - y);
    expect(await listed("", ours)).toEqual(sorted(...ours));
    expect(await listed("status=draft", ours)).toEqual([drafted.id]);
    expect(await listed("status=unpaid", ours)).toEqual(sorted(unpaid.id, partPaid.id, overdue.id));
    expect(await listed("status=overdue", ours)).toEqual([overdue.id]);
    expect(await listed("status=paid", ours)).toEqual(sorted(paid.id, credited.id));
    expect(await listed("status=void", ours)).toEqual([voided.id]);

    // Paid off, the part-paid one moves to Paid; the column follows the sums, nothing else to keep.
    await pay(partPaid.id, partPaid.balancePence - 1_000);
    expect(await listed("status=paid", ours)).toEqual(sorted(paid.id, partPaid.id, credited.id));
    expect(await listed("status=unpaid", ours)).toEqual(sorted(unpaid.id, overdue.id));
    const [row] = await query<{ tab: string }>("SELECT tab FROM invoices WHERE id = ?", partPaid.id);
    expect(row?.tab).toBe("paid");

    // A search by one customer's name finds theirs only, under any tab; a number finds that invoice.
    expect(await listed(`q=${encodeURIComponent(`Payer-${a.tag}`)}`, ours)).toEqual(sorted(drafted.id, unpaid.id, paid.id));
    expect(await listed(`q=${b.email}&status=paid`, ours)).toEqual(sorted(partPaid.id, credited.id));
    expect(await listed(`q=${unpaid.number}`, ours)).toEqual([unpaid.id]);
    expect(await listed(`q=${unpaid.number!.replace(/^INV-0*/, "")}`, ours)).toEqual([unpaid.id]);
    const counted = await admin("GET", `/api/admin/invoices?q=${b.email}&status=unpaid`);
    expect(counted.res.headers.get("X-Total-Count")).toBe("1");
  });
});
