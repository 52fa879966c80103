import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminEnquiry } from "../schema/api/enquiries";
import type { AdminServiceRecord } from "../schema/api/records";
import type { AdminSubscriber } from "../schema/api/signups";
import { getDb } from "../worker/db/client";
import { unsubscribeSubscriber } from "../worker/services/campaigns/subscribers";
import { adminHeaders } from "./helpers/admin";
import { createCustomer, createEnquiry, createServiceRecord, createSubscriber } from "./helpers/factories-admin";
import { callJson } from "./helpers/http";

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await adminHeaders();
});

const enquiryRow = (id: number) =>
  env.DB.prepare("SELECT is_read, replied_at FROM quotes WHERE id = ?1")
    .bind(id)
    .first<{ is_read: number; replied_at: string | null }>();

describe("admin quotes", () => {
  it("lists quotes newest first with isRead as the string 'true' or 'false' and repliedAt", async () => {
    const older = await createEnquiry({ createdAt: "2026-01-01T09:00:00.000Z", message: null });
    const newer = await createEnquiry({
      createdAt: "2026-02-01T09:00:00.000Z",
      isRead: true,
      repliedAt: "2026-02-01T10:00:00.000Z",
    });
    const { status, body } = await callJson<AdminEnquiry[]>("/api/admin/quotes", { headers: auth });
    expect(status).toBe(200);
    const ours = body.filter((q) => q.id === older.id || q.id === newer.id);
    expect(ours.map((q) => q.id)).toEqual([newer.id, older.id]);
    expect(ours[0]).toEqual({
      id: newer.id,
      name: newer.name,
      phone: newer.phone,
      email: newer.email,
      postcode: newer.postcode,
      service: "boiler-repair",
      message: "Boiler losing pressure",
      createdAt: "2026-02-01T09:00:00.000Z",
      isRead: "true",
      repliedAt: "2026-02-01T10:00:00.000Z",
      notes: null,
      chatSessionId: null,
      urgentReason: null,
      customerId: null,
      visits: [],
    });
    expect(ours[1]).toMatchObject({ isRead: "false", repliedAt: null, message: null });
  });

  it("marks a quote read", async () => {
    const enquiry = await createEnquiry();
    const { status, body } = await callJson(`/api/admin/quotes/${enquiry.id}/read`, { method: "PATCH", headers: auth });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: enquiry.id, isRead: "true", repliedAt: null });
    expect(await enquiryRow(enquiry.id)).toEqual({ is_read: 1, replied_at: null });
  });

  it("marks a quote replied, which also marks it read, and keeps the first reply time", async () => {
    const enquiry = await createEnquiry();
    const first = await callJson(`/api/admin/quotes/${enquiry.id}/replied`, { method: "PATCH", headers: auth });
    expect(first.status).toBe(200);
    expect(first.body.isRead).toBe("true");
    expect(first.body.repliedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const row = await enquiryRow(enquiry.id);
    expect(row).toEqual({ is_read: 1, replied_at: first.body.repliedAt });
    const again = await callJson(`/api/admin/quotes/${enquiry.id}/replied`, { method: "PATCH", headers: auth });
    expect(again.body.repliedAt).toBe(first.body.repliedAt);
  });

  it("deletes a quote", async () => {
    const enquiry = await createEnquiry();
    const { status } = await callJson(`/api/admin/quotes/${enquiry.id}`, { method: "DELETE", headers: auth });
    expect(status).toBe(200);
    expect(await enquiryRow(enquiry.id)).toBeNull();
  });

  it("answers 404 for an unknown quote and 400 for an id that is not a number", async () => {
    for (const [method, path] of [
      ["PATCH", "/api/admin/quotes/999999/read"],
      ["PATCH", "/api/admin/quotes/999999/replied"],
      ["DELETE", "/api/admin/quotes/999999"],
    ] as const) {
      const { status, body } = await callJson(path, { method, headers: auth });
      expect(status, path).toBe(404);
      expect(body).toMatchObject({ code: "NOT_FOUND", error: "Quote not found" });
    }
    expect((await callJson("/api/admin/quotes/abc/read", { method: "PATCH", headers: auth })).status).toBe(400);
  });
});

describe("admin email subscribers", () => {
  it("lists subscribers with isActive as the string 'true' or 'false', their status and signedUpAt", async () => {
    const active = await createSubscriber({ signedUpAt: "2026-03-02T08:00:00.000Z", confirmedAt: "2026-03-02T08:05:00.000Z" });
    const gone = await createSubscriber({
      status: "unsubscribed",
      signedUpAt: "2026-03-01T08:00:00.000Z",
      unsubscribedAt: "2026-03-05T08:00:00.000Z",
    });
    const pending = await createSubscriber({ status: "pending", signedUpAt: "2026-03-01T07:00:00.000Z" });
    const { status, body } = await callJson<AdminSubscriber[]>("/api/admin/email-subscribers", { headers: auth });
    expect(status).toBe(200);
    const ours = body.filter((s) => [active.id, gone.id, pending.id].includes(s.id));
    expect(ours).toEqual([
      {
        id: active.id,
        email: active.email,
        isActive: "true",
        status: "active",
        signedUpAt: "2026-03-02T08:00:00.000Z",
        confirmedAt: "2026-03-02T08:05:00.000Z",
        unsubscribedAt: null,
      },
      {
        id: gone.id,
        email: gone.email,
        isActive: "false",
        status: "unsubscribed",
        signedUpAt: "2026-03-01T08:00:00.000Z",
        confirmedAt: null,
        unsubscribedAt: "2026-03-05T08:00:00.000Z",
      },
      {
        id: pending.id,
        email: pending.email,
        isActive: "false",
        status: "pending",
        signedUpAt: "2026-03-01T07:00:00.000Z",
        confirmedAt: null,
        unsubscribedAt: null,
      },
    ]);
  });

  it("unsubscribes by the URL-encoded e-mail address in the path", async () => {
    const subscriber = await createSubscriber({ email: "jo+heating@example.com" });
    const { status, body } = await callJson(
      `/api/admin/email-subscribers/${encodeURIComponent("jo+heating@example.com")}/unsubscribe`,
      {
        method: "PATCH",
        headers: auth,
      },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: subscriber.id, isActive: "false" });
    const row = await env.DB.prepare("SELECT status, unsubscribed_at FROM email_subscribers WHERE id = ?1")
      .bind(subscriber.id)
      .first<{ status: string; unsubscribed_at: string }>();
    expect(row?.status).toBe("unsubscribed");
    expect(row?.unsubscribed_at).toBe(body.unsubscribedAt);
  });

  it("answers 404 for an address that is not subscribed", async () => {
    const { status, body } = await callJson("/api/admin/email-subscribers/nobody%40example.com/unsubscribe", {
      method: "PATCH",
      headers: auth,
    });
    expect(status).toBe(404);
    expect(body.error).toBe("Subscriber not found");
  });

  it("offers unsubscribing as a service that ignores letter case and keeps the first time", async () => {
    const subscriber = await createSubscriber({ email: "case@example.com" });
    const db = getDb(env);
    const first = await unsubscribeSubscriber(db, "  CASE@Example.com ");
    expect(first).toMatchObject({ id: subscriber.id, isActive: "false" });
    const second = await unsubscribeSubscriber(db, "case@example.com");
    expect(second?.unsubscribedAt).toBe(first?.unsubscribedAt);
    expect(await unsubscribeSubscriber(db, "missing@example.com")).toBeNull();
  });
});

describe("admin service records and customers", () => {
  it("lists records with the customer's name and e-mail, serviceDate ISO and cost as decimal text", async () => {
    const customer = await createCustomer({ firstName: "Aisha", lastName: "Khan", email: "aisha@example.com" });
    const withCustomer = await createServiceRecord({
      customerId: customer.id,
      serviceDate: "2026-04-10",
      status: "scheduled",
      costPence: 8500,
      equipmentType: "Combi boiler",
      equipmentModel: "Vaillant ecoTEC plus 832",
      technicianName: "Dave Hughes",
    });
    const orphan = await createServiceRecord({ serviceDate: "2026-04-09", status: "pending" });
    const { status, body } = await callJson<AdminServiceRecord[]>("/api/admin/service-records", { headers: auth });
    expect(status).toBe(200);
    const ours = body.filter((r) => r.id === withCustomer.id || r.id === orphan.id);
    expect(ours.map((r) => r.id)).toEqual([withCustomer.id, orphan.id]);
    expect(ours[0]).toEqual({
      id: withCustomer.id,
      customerId: customer.id,
      customerName: "Aisha Khan",
      customerEmail: "aisha@example.com",
      serviceType: "Annual boiler service",
      equipmentType: "Combi boiler",
      equipmentModel: "Vaillant ecoTEC plus 832",
      status: "scheduled",
      serviceDate: "2026-04-10",
      technicianName: "Dave Hughes",
      cost: "85.00",
      workCompleted: null,
      partsUsed: null,
      nextServiceDue: null,
      description: null,
      notes: null,
      enquiryId: null,
      visitStart: null,
      visitEnd: null,
      bookingReference: null,
      // Written straight into the table by the factory: nobody assigned (the API's own visits always have someone).
      engineers: [],
      propertyId: null,
      // Every visit is in a job: one of its own, made as it was written.
      jobId: expect.any(Number),
      gasSafetyRecord: null,
      serviceSheet: null,
      unventedRecord: null,
      benchmarkRecord: null,
    });
    expect(ours[1]).toMatchObject({ customerId: null, customerName: null, customerEmail: null, cost: null });
  });

  it("deletes a service record, and answers 404 for an unknown one", async () => {
    const record = await createServiceRecord();
    expect((await callJson(`/api/admin/service-records/${record.id}`, { method: "DELETE", headers: auth })).status).toBe(200);
    expect(await env.DB.prepare("SELECT id FROM service_records WHERE id = ?1").bind(record.id).first()).toBeNull();
    const again = await callJson(`/api/admin/service-records/${record.id}`, { method: "DELETE", headers: auth });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("Service record not found");
  });

  it("lists customers", async () => {
    const customer = await createCustomer({
      firstName: "Zed",
      lastName: "Zimmer",
      email: "zed@example.com",
      phone: "0161 496 0321",
    });
    const { status, body } = await callJson<any[]>("/api/admin/customers", { headers: auth });
    expect(status).toBe(200);
    expect(body.find((c) => c.id === customer.id)).toEqual({
      id: customer.id,
      firstName: "Zed",
      lastName: "Zimmer",
      email: "zed@example.com",
      phone: "0161 496 0321",
      address: null,
      postcode: null,
      isLandlord: false,
      contactChannel: "email",
      checkReason: null,
      createdAt: expect.any(String),
      isPossibleDuplicate: false,
    });
  });
});
