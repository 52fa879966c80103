import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { INVALID_IMAGE_TYPE, MAX_IMAGE_BYTES } from "../schema/api/catalogue";
import { signUploadToken } from "../worker/lib/upload-token";
import { detectImageType } from "../worker/services/uploads/image-bytes";
import { adminHeaders } from "./helpers/admin";
import { call, callJson } from "./helpers/http";

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await adminHeaders();
});

async function uploadUrl(fileName = "boiler-valve.png") {
  const { status, body } = await callJson("/api/admin/upload-url", { method: "POST", json: { fileName }, headers: auth });
  expect(status).toBe(200);
  const url = new URL(body.uploadURL);
  return { ...body, url, path: url.pathname + url.search, name: url.pathname.split("/").pop()! };
}

const put = (path: string, body: BodyInit, contentType = "image/png") =>
  call(path, { method: "PUT", body, headers: { "Content-Type": contentType } });

describe("upload URLs", () => {
  it("gives a signed PUT URL on this Worker for a new random name with a safe extension", async () => {
    const first = await uploadUrl("My Boiler Photo.JPEG");
    expect(first.uploadURL).toMatch(/^http:\/\/localhost\/api\/uploads\/product-images\/[0-9a-f-]{36}\.jpg\?token=[\w.-]+$/);
    expect(first.objectPath).toBe(`/public-objects/product-images/${first.name}`);
    const second = await uploadUrl("My Boiler Photo.JPEG");
    expect(second.name).not.toBe(first.name);
    for (const [fileName, ext] of [
      ["a.png", "png"],
      ["b.GIF", "gif"],
      ["c.webp", "webp"],
      ["d.avif", "avif"],
    ]) {
      expect((await uploadUrl(fileName)).name.endsWith(`.${ext}`)).toBe(true);
    }
  });

  it("refuses a file name that is not an image", async () => {
    for (const fileName of ["notes.txt", "page.svg", "../../etc/passwd", "no-extension"]) {
      const { status, body } = await callJson("/api/admin/upload-url", { method: "POST", json: { fileName }, headers: auth });
      expect(status, fileName).toBe(400);
      expect(body.error).toBe(INVALID_IMAGE_TYPE);
    }
    expect((await callJson("/api/admin/upload-url", { method: "POST", json: {}, headers: auth })).body.error).toBe(
      "A file name is required",
    );
  });
});

describe("uploading to the signed URL", () => {
  it("stores a real image in R2 with its content type and answers with the public path", async () => {
    const target = await uploadUrl();
    const res = await put(target.path, PNG);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ objectPath: target.objectPath, contentType: "image/png", size: PNG.byteLength });
    const object = await env.IMAGES.get(`product-images/${target.name}`);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG);
    const served = await call(target.objectPath);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it("stores the type the bytes prove, not the one claimed", async () => {
    const target = await uploadUrl("photo.jpg");
    const res = await put(target.path, PNG, "image/jpeg");
    expect(res.status).toBe(200);
    expect((await env.IMAGES.head(`product-images/${target.name}`))?.httpMetadata?.contentType).toBe("image/png");
  });

  it("refuses a missing, expired or tampered token with 401", async () => {
    const target = await uploadUrl();
    const key = `product-images/${target.name}`;
    const token = target.url.searchParams.get("token")!;
    const claimsOf = (jwt: string) => JSON.parse(atob(jwt.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/")));
    const expired = await signUploadToken(env, key, claimsOf(token).sid, Date.now() - 11 * 60 * 1000);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(atob(payload!.replaceAll("-", "+").replaceAll("_", "/")));
    const tamperedPayload = btoa(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).replace(/=+$/, "");
    for (const [label, query] of [
      ["missing", ""],
      ["expired", `?token=${expired}`],
      ["tampered", `?token=${header}.${tamperedPayload}.${signature}`],
      ["admin token", `?token=${auth.Authorization!.slice(7)}`],
    ]) {
      const res = await put(`/api/uploads/${key}${query}`, PNG);
      expect(res.status, label).toBe(401);
      expect(await res.json()).toMatchObject({ code: "UNAUTHORIZED" });
    }
    expect(await env.IMAGES.head(key)).toBeNull();
  });

  it("refuses a token made for another file with 403", async () => {
    const first = await uploadUrl();
    const second = await uploadUrl();
    const res = await put(`/api/uploads/product-images/${second.name}${first.url.search}`, PNG);
    expect(res.status).toBe(403);
    expect(await env.IMAGES.head(`product-images/${second.name}`)).toBeNull();
  });

  it("refuses a body that is not declared as an image with 415", async () => {
    const target = await uploadUrl();
    const res = await put(target.path, PNG, "application/octet-stream");
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", error: INVALID_IMAGE_TYPE });
  });

  it("refuses bytes that are not a JPEG, PNG, GIF, WebP or AVIF image with 415", async () => {
    const target = await uploadUrl();
    for (const body of [bytes("<svg xmlns='http://www.w3.org/2000/svg'></svg>"), bytes("GIF88a"), new Uint8Array()]) {
      const res = await put(target.path, body);
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ error: "That file is not a JPEG, PNG, GIF, WebP or AVIF image." });
    }
    expect(await env.IMAGES.head(`product-images/${target.name}`)).toBeNull();
  });

  it("refuses images over 10,485,760 bytes with 413, declared or streamed", async () => {
    const target = await uploadUrl();
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    const declared = await put(target.path, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", error: "Please select an image smaller than 10MB" });
    // No Content-Length: the body is counted as it arrives.
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(PNG);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_IMAGE_BYTES) return controller.close();
        controller.enqueue(chunk.slice());
        sent += chunk.byteLength;
      },
    });
    const streamed = await put(target.path, stream);
    expect(streamed.status).toBe(413);
    expect(await env.IMAGES.head(`product-images/${target.name}`)).toBeNull();
    const exact = new Uint8Array(MAX_IMAGE_BYTES);
    exact.set(PNG);
    expect((await put(target.path, exact)).status).toBe(200);
  });

  it("ends with the admin session that asked for it: after logout the link is refused", async () => {
    const session = await adminHeaders();
    const { body } = await callJson("/api/admin/upload-url", { method: "POST", json: { fileName: "a.png" }, headers: session });
    const target = new URL(body.uploadURL);
    expect((await call("/api/admin/logout", { method: "POST", headers: session })).status).toBe(200);
    const res = await put(target.pathname + target.search, PNG);
    expect(res.status).toBe(401);
    expect(await env.IMAGES.head(`product-images/${target.pathname.split("/").pop()}`)).toBeNull();
  });

  it("writes once even when two PUTs race past the checks together", async () => {
    const target = await uploadUrl();
    const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    const results = await Promise.all([put(target.path, PNG), put(target.path, jpeg, "image/jpeg")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]!.status === 200 ? "image/png" : "image/jpeg";
    expect((await env.IMAGES.head(`product-images/${target.name}`))?.httpMetadata?.contentType).toBe(winner);
  });

  it("works once: a used link cannot replace the image", async () => {
    const target = await uploadUrl();
    expect((await put(target.path, PNG)).status).toBe(200);
    const again = await put(target.path, bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg");
    expect(again.status).toBe(409);
    expect((await env.IMAGES.head(`product-images/${target.name}`))?.httpMetadata?.contentType).toBe("image/png");
  });
});

describe("image byte signatures", () => {
  it("recognises JPEG, PNG, GIF, WebP and AVIF by their first bytes", () => {
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe("jpg");
    expect(detectImageType(PNG)).toBe("png");
    expect(detectImageType(bytes("GIF87a"))).toBe("gif");
    expect(detectImageType(bytes("GIF89a", [1, 0]))).toBe("gif");
    expect(detectImageType(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(detectImageType(bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1miaf"))).toBe("avif");
    expect(detectImageType(bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0], "mif1avis"))).toBe("avif");
    expect(detectImageType(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"))).toBeNull();
    expect(detectImageType(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(detectImageType(bytes("%PDF-1.7"))).toBeNull();
  });
});
