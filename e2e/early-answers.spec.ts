import { expect, test } from "./fixtures";

/**
 * The Worker often answers before it has read a request's body: a 413 from the size limit, a 401
 * to an admin call without a session, a 404 to a POST, a 429. Locally the built app runs behind
 * `vite preview`, which forwards each request to the local runtime; answered early, about one such
 * request in ten (and sometimes the next request on the connection) came back as a 500 page with a
 * stack trace from the preview layer instead of the Worker's own answer. The Worker now reads what
 * is left of a body before it answers (worker/middleware/drain-body.ts); this sends a few hundred
 * such requests mixed with ordinary ones and expects the Worker's own status and JSON every time.
 */
test("answers early-answered and ordinary requests with the Worker's own status every time", async ({ request }) => {
  test.setTimeout(120_000);
  const big = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) });
  // Over the API's 64 KB limit (a 413), and under it (answered 401 before it is read).
  const medium = JSON.stringify({ note: "y".repeat(200 * 1024) });
  const small = JSON.stringify({ note: "z".repeat(40 * 1024) });
  const seen: Record<string, number> = {};
  const expectWorker = async (label: string, response: Awaited<ReturnType<typeof request.get>>, statuses: number[]) => {
    const text = await response.text();
    const key = `${label} ${response.status()}`;
    seen[key] = (seen[key] ?? 0) + 1;
    expect(statuses, `${label}: ${text.slice(0, 200)}`).toContain(response.status());
    expect(text, label).not.toContain("fetch failed");
    expect(() => JSON.parse(text), `${label} answers JSON`).not.toThrow();
  };
  const json = { "Content-Type": "application/json" };
  for (let i = 0; i < 60; i++) {
    const address = { ...json, "CF-Connecting-IP": `198.18.${Math.floor(i / 200)}.${i % 200}` };
    await expectWorker("2 MB quote", await request.post("/api/quotes", { headers: json, data: big }), [413]);
    await expectWorker("unknown admin POST", await request.post("/api/admin/nope", { headers: json, data: small }), [401]);
    await expectWorker("order too large", await request.post("/api/orders", { headers: json, data: medium }), [413, 429]);
    await expectWorker(
      "upload without a valid link",
      await request.put("/api/uploads/product-images/abc.png?token=x", {
        headers: { "Content-Type": "image/png" },
        data: medium,
      }),
      [401],
    );
    await expectWorker("catalogue", await request.get("/api/products"), [200]);
    await expectWorker(
      "sign-up",
      await request.post("/api/email-signups", { headers: address, data: { email: `early-${i}@example.com` } }),
      [202],
    );
    await expectWorker(
      "payment check",
      await request.get("/api/verify-payment/cs_test_notarealsession00", { headers: address }),
      [404, 429, 503],
    );
  }
  // 420 requests, each answered by the Worker itself.
  expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBe(420);
});
