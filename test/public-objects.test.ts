import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "./helpers/http";

const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function storeImage(name: string) {
  await env.IMAGES.put(`product-images/${name}`, PNG_BYTES, { httpMetadata: { contentType: "image/png" } });
}

describe("serving product images", () => {
  it("streams an image with its Content-Type, an ETag and a year of immutable caching", async () => {
    await storeImage("served-1.png");
    const res = await call("/public-objects/product-images/served-1.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("ETag")).toMatch(/^"[^"]+"$/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it("answers 304 with no body when If-None-Match holds the current ETag", async () => {
    await storeImage("served-2.png");
    const first = await call("/public-objects/product-images/served-2.png");
    const etag = first.headers.get("ETag")!;
    await first.arrayBuffer();
    const again = await call("/public-objects/product-images/served-2.png", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await again.text()).toBe("");
    const stale = await call("/public-objects/product-images/served-2.png", { headers: { "If-None-Match": '"something-else"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("answers unknown names with a JSON 404", async () => {
    const res = await call("/public-objects/product-images/missing-image.png");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND", error: "Image not found" });
  });

  it("never reaches objects outside product-images", async () => {
    await env.IMAGES.put("private/secret.png", PNG_BYTES, { httpMetadata: { contentType: "image/png" } });
    await env.IMAGES.put("secret.png", PNG_BYTES, { httpMetadata: { contentType: "image/png" } });
    for (const path of [
      "/public-objects/product-images/..%2Fsecret.png",
      "/public-objects/product-images/..%2Fprivate%2Fsecret.png",
      "/public-objects/product-images/%2e%2e%2fsecret.png",
      "/public-objects/product-images/..%5Csecret.png",
      "/public-objects/product-images/../secret.png",
      "/public-objects/product-images/../private/secret.png",
      "/public-objects/secret.png",
      "/public-objects/private/secret.png",
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
  });
});
