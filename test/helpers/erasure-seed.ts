import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { SERVICE_CHECKS } from "../../schema/api/service-sheets";
import {
  campaignRecipients,
  campaigns,
  invoiceRefunds,
  quoteAcceptances,
  quoteEvents,
  quotePayments,
  quotes,
  quoteVersions,
  reviewRequests,
  serviceReminders,
  smsMessages,
  smsOptOuts,
} from "../../schema/db";
import { addDays, londonToday } from "../../schema/london-time";
import { getDb } from "../../worker/db/client";
import { TEST_SIGNATURE } from "../fixtures/gas-safety-record";
import { ok, type Person, signIn } from "./erasure-person";
import { createOrder } from "./factories-admin";
import { seedChat } from "./factories-chat";
import { callApp, callAppJson, query, randomIp } from "./factories-commerce";
import { drainMail } from "./mail";

/** Seeding one person in every place schema/db/personal-data.ts names, for the erasure tests. */
const passed = { safetyDevices: "pass", ventilation: "pass", flueVisual: "pass", safeToUse: true } as const;

export async function seedEverywhere(p: Person, bookingDay: string) {
  const db = getDb(env);
  // The landlord with records the law keeps, and the same address entered a second time.
  const kept = await ok("POST", "/api/admin/customers", {
    firstName: p.first,
    lastName: p.last,
    email: p.email,
    phone: p.phone,
    address: p.address,
    postcode: p.postcode,
    isLandlord: true,
  });
  const again = await ok("POST", "/api/admin/customers", {
    firstName: p.first,
    lastName: p.last,
    email: p.email,
    phone: p.phone,
    address: `7 ${p.street} Mews, Didsbury`,
    postcode: p.postcode,
  });
  // Entered a third time by phone alone, then merged into the first: the merge log keeps her details.
  const third = await ok("POST", "/api/admin/customers", { firstName: p.first, lastName: p.last, phone: p.phone });
  await ok("POST", `/api/admin/customers/${kept.id}/merge`, { mergedCustomerId: third.id });
  const flat = await ok("POST", `/api/admin/customers/${kept.id}/properties`, {
    address: `Flat 2, 40 ${p.street} Court, Didsbury`,
    postcode: p.postcode,
    tenantName: `Lodger of ${p.last}`,
    tenantEmail: `lodger-${p.tag}@example.com`,
    tenantGetsCopies: true,
  });
  const boiler = await ok("POST", `/api/admin/properties/${flat.id}/appliances`, {
    location: "Kitchen",
    type: "boiler",
    make: "Worcester",
    model: "Greenstar 30i",
    flueType: "room-sealed",
  });
  const fire = await ok("POST", `/api/admin/properties/${flat.id}/appliances`, {
    location: "Lounge",
    type: "fire",
    make: "Baxi",
    model: "Bermuda",
    flueType: "open-flued",
  });

  // A gas safety record with a warning notice, issued (kept), and one left as a draft.
  const record = await ok("POST", "/api/admin/gas-safety-records", { propertyId: flat.id });
  await ok("PATCH", `/api/admin/gas-safety-records/${record.id}`, {
    checkDate: londonToday(),
    appliances: [
      { applianceId: boiler.id, ...passed, operatingPressureMbar: 20, coPpm: 12, co2Percent: 9.1, coCo2Ratio: 0.0013 },
      {
        applianceId: fire.id,
        ...passed,
        heatInputKw: 4.2,
        flueFlow: "pass",
        spillage: "fail",
        safeToUse: false,
        classification: "AR",
        defect: "Spillage at the draught diverter",
        remedialAction: "Flue to be swept and retested",
        warning: {
          actionsTaken: ["turned-off", "advised"],
          permission: "refused",
          emergencyServiceInformed: true,
          responsiblePerson: p.name,
          responsibleSignature: TEST_SIGNATURE,
        },
      },
    ],
    tightnessTest: "pass",
    emergencyControlAccessible: true,
    coAlarms: [
      { room: "Kitchen", fitted: true, tested: true, working: true },
      { room: "Lounge", fitted: false },
    ],
    complianceConfirmed: true,
    notes: `Keys with ${p.name}`,
    engineerName: "Dave Hughes",
    engineerLicence: "1234567",
    signature: TEST_SIGNATURE,
  });
  const issuedRecord = await ok("POST", `/api/admin/gas-safety-records/${record.id}/issue`);
  expect(issuedRecord.warningNotices).toHaveLength(1);
  await ok("POST", "/api/admin/gas-safety-records", { propertyId: flat.id });
  // An unvented cylinder record left as a draft, in her name: erased with the account.
  await ok("POST", "/api/admin/unvented-records", {
    propertyId: flat.id,
    customerName: p.name,
    dischargeTermination: `Gully by ${p.last}'s back door`,
  });
  // A Benchmark checklist left as a draft, in her name: erased with the account.
  await ok("POST", "/api/admin/benchmark-records", {
    propertyId: flat.id,
    customerName: p.name,
    outOfRangeReason: `Flue by ${p.last}'s window`,
  });

  // The visit on site: notes with the gate code, the work done, her signature, her name and a photo.
  const visit = await ok("POST", "/api/admin/service-records", {
    customerId: kept.id,
    propertyId: flat.id,
    serviceType: "Boiler Repair",
    status: "scheduled",
    serviceDate: londonToday(),
    description: `Leak under ${p.last}'s boiler`,
    notes: `Gate code 4711; ask for ${p.name} on ${p.phone}`,
  });
  // A reminder texted about the visit, her reply, and her number on the STOP list (written as
  // Twilio writes numbers: E.164).
  const e164 = `+44${p.phone.replaceAll(" ", "").slice(1)}`;
  await db.insert(smsMessages).values([
    {
      direction: "out",
      kind: "visit-reminder",
      customerId: kept.id,
      visitId: visit.id,
      phone: e164,
      body: `Hello ${p.first}`,
      segments: 1,
      status: "delivered",
    },
    { direction: "in", kind: "reply", customerId: kept.id, phone: e164, body: `From ${p.last}`, segments: 1, status: "received" },
  ]);
  await db.insert(smsOptOuts).values({ phone: e164, optedOutAt: new Date().toISOString() });
  const [{ job_id: jobId }] = (await query<{ job_id: number }>("SELECT job_id FROM service_records WHERE id = ?1", visit.id)) as [
    { job_id: number },
  ];
  await db.insert(reviewRequests).values({ jobId, customerId: kept.id, channel: "email", sentAt: new Date().toISOString() });
  await ok("POST", "/api/admin/testimonials", {
    words: `${p.first} ${p.last} says the boiler at ${p.address} was fitted well`,
    shownName: `${p.first} ${p.last}`,
    source: "Google review",
    sourceUrl: `https://g.page/r/${p.tag}/${p.last}`,
    givenOn: "2026-01-10",
    consentOn: "2026-01-11",
    consentMethod: "email",
    customerEmail: p.email.toUpperCase(),
    isPublished: true,
  });
  const photoName = `${crypto.randomUUID()}.png`;
  const target = await ok("POST", `/api/admin/visits/${visit.id}/photo-url`, { name: photoName });
  const url = new URL(target.uploadURL);
  const uploaded = await callApp(url.pathname + url.search, {
    method: "PUT",
    body: p.photo,
    headers: { "Content-Type": "image/png" },
  });
  expect(uploaded.status).toBe(200);
  const [{ version }] = (await query<{ version: number }>("SELECT version FROM service_records WHERE id = ?1", visit.id)) as [
    { version: number },
  ];
  await ok(
    "PUT",
    `/api/admin/visits/${visit.id}/sheet`,
    {
      baseVersion: String(version),
      arrivedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      workDone: `Replaced the valve in ${p.last}'s airing cupboard`,
      advice: `${p.first} should bleed the radiators`,
      photos: [target.key],
      signature: p.signature,
      signedName: p.name,
      finish: true,
    },
    { "Idempotency-Key": `erasure-${p.tag}` },
  );

  // A service sheet issued for the visit (kept) and one left as a draft.
  const sheet = await ok("POST", "/api/admin/service-sheets", { propertyId: flat.id, serviceRecordId: visit.id });
  await ok("PATCH", `/api/admin/service-sheets/${sheet.id}`, {
    checks: Object.fromEntries(SERVICE_CHECKS.map(([key]) => [key, "pass"])),
    operatingPressureMbar: 20,
    coPpm: 14,
    co2Percent: 9.2,
    coCo2Ratio: 0.0015,
    systemPressureBar: 1.3,
    safeToUse: true,
    advice: `Told ${p.first} to fit a filter`,
    engineerName: "Dave Hughes",
    engineerLicence: "1234567",
    signature: TEST_SIGNATURE,
  });
  await ok("POST", `/api/admin/service-sheets/${sheet.id}/issue`);
  await ok("POST", "/api/admin/service-sheets", { propertyId: flat.id });

  // An invoice issued and sent to her, part paid, one line credited, a refund; a draft for the other record.
  const invoice = await ok("POST", "/api/admin/invoices", {
    customerId: kept.id,
    propertyId: flat.id,
    lines: [
      { description: "Valve", quantity: 1, unitPence: 9_000, vatRate: 20 },
      { description: "Labour", quantity: 1, unitPence: 6_000, vatRate: 20 },
    ],
  });
  const issuedInvoice = await ok("POST", `/api/admin/invoices/${invoice.id}/issue`);
  await ok("POST", `/api/admin/invoices/${invoice.id}/payments`, {
    amountPence: 5_000,
    method: "bank",
    paidOn: londonToday(),
    reference: `BACS ${p.last}`,
  });
  await ok("POST", `/api/admin/invoices/${invoice.id}/credit-notes`, {
    lines: [{ lineId: issuedInvoice.lines[1].id, quantity: 1 }],
    reason: "Labour on the house",
  });
  await db
    .insert(invoiceRefunds)
    .values({ invoiceId: invoice.id, amountPence: 100, method: "bank", refundedOn: londonToday(), reference: `To ${p.last}` });
  await ok("POST", "/api/admin/invoices", {
    customerId: again.id,
    lines: [{ description: `Draft for ${p.name}`, quantity: 1, unitPence: 1_000, vatRate: 20 }],
  });

  // Quotes: one accepted (then cancelled, with her reason and a deposit), one sent and never accepted.
  const now = new Date().toISOString();
  const content = (title: string) => JSON.stringify({ title, introduction: `For ${p.name} at ${p.address}`, options: [] });
  const [contract] = await db
    .insert(quotes)
    .values({
      customerId: kept.id,
      propertyId: flat.id,
      status: "cancelled",
      title: "New boiler",
      validUntil: addDays(londonToday(), 30),
      sentVersion: 1,
      sentAt: now,
      cancelledAt: now,
      cancelReason: `${p.first} found it cheaper, call ${p.phone}`,
    })
    .returning();
  await db.insert(quoteVersions).values({ quoteId: contract!.id, version: 1, content: content("New boiler"), sentAt: now });
  await db.insert(quoteAcceptances).values({
    quoteId: contract!.id,
    version: 1,
    optionId: "a",
    optionalLineIds: "[]",
    name: p.name,
    signature: p.signature,
    startEarly: false,
    ipAddress: "198.51.100.7",
    userAgent: `Mozilla/5.0 (${p.email})`,
    contentSha256: "0".repeat(64),
    noticeVersion: "2026-01",
    grossPence: 250_000,
    depositPence: 50_000,
    acceptedAt: now,
    snapshot: JSON.stringify({ customerName: p.name, place: `Flat 2, 40 ${p.street} Court` }),
  });
  await db.insert(quoteEvents).values([
    { quoteId: contract!.id, kind: "accepted", detail: `Option A, by ${p.name}`, at: now },
    { quoteId: contract!.id, kind: "cancelled", detail: `${p.first} found it cheaper, call ${p.phone}`, at: now },
  ]);
  await db.insert(quotePayments).values({
    quoteId: contract!.id,
    amountPence: 50_000,
    method: "bank",
    paidOn: londonToday(),
    reference: `Deposit ${p.last}`,
  });
  const [offer] = await db
    .insert(quotes)
    .values({ customerId: again.id, status: "sent", title: `Radiators for ${p.last}`, validUntil: addDays(londonToday(), 30) })
    .returning();
  await db.insert(quoteVersions).values({ quoteId: offer!.id, version: 1, content: content("Radiators"), sentAt: now });
  await db.insert(quoteEvents).values({ quoteId: offer!.id, kind: "declined", detail: `${p.first}: too dear`, at: now });

  // Booked online for next week: a visit of its own, the booking, its time and two e-mails.
  const [slot] = (await callAppJson<{ start: string }[]>(`/api/availability?service=annual-service&from=${bookingDay}&days=1`))
    .body;
  const booked = await callAppJson("/api/bookings", {
    method: "POST",
    ip: randomIp(),
    json: {
      service: "annual-service",
      start: slot!.start,
      name: p.name,
      email: p.email,
      phone: p.phone,
      postcode: p.postcode,
      address: p.address,
      notes: `Side gate; ${p.first}'s dog is friendly`,
    },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  // A quote request, a chat handed over to a person, the deals list.
  const quoted = await callAppJson("/api/quotes", {
    method: "POST",
    ip: randomIp(),
    json: {
      name: p.name,
      phone: p.phone,
      email: p.email,
      postcode: p.postcode,
      service: "boiler-repair",
      message: `Boiler at ${p.address} losing pressure`,
    },
  });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
  const chat = `chat_${crypto.randomUUID().replaceAll("-", "")}`;
  await seedChat(chat, [["customer", `I'm ${p.name} at ${p.address}`]]);
  const handover = await callAppJson("/api/chat/handover", {
    method: "POST",
    ip: randomIp(),
    json: { sessionId: chat, name: p.name, contact: p.email },
  });
  expect(handover.status, JSON.stringify(handover.body)).toBeLessThan(300);
  expect((await callApp("/api/email-signups", { method: "POST", ip: randomIp(), json: { email: p.email } })).status).toBeLessThan(
    300,
  );

  // A campaign she was sent, a reminder decided for her visit, a shop order.
  const [campaign] = await db
    .insert(campaigns)
    .values({
      subject: "Winter offer",
      title: "Winter",
      content: "Ten per cent off",
      ctaText: "Book",
      ctaLink: "/book",
      status: "sent",
    })
    .returning();
  await db.insert(campaignRecipients).values({ campaignId: campaign!.id, email: p.email, status: "sent", sentAt: now });
  await db.insert(serviceReminders).values({
    serviceRecordId: visit.id,
    customerId: kept.id,
    kind: "service",
    dueDate: addDays(londonToday(), 300),
    outcome: "skipped",
    reason: `${p.last} asked for a call instead`,
  });
  const order = await createOrder({
    customerName: p.name,
    customerEmail: p.email,
    customerPhone: p.phone,
    shippingAddress: `${p.address}, ${p.postcode}`,
    notes: `Leave with ${p.first}'s neighbour`,
  });

  // Her own page: signed in, and (for the one erased) the request.
  const cookie = await signIn(p.email);
  await drainMail();
  return { kept, again, flat, visit, photoKey: target.key as string, photoName, invoice, contract: contract!, order, cookie };
}
