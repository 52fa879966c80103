import { INVALID_IMAGE_TYPE, MAX_IMAGE_BYTES, type UploadResult, type UploadUrlResult } from "../../../schema/api/catalogue";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { requireUploadToken, signUploadToken } from "../../lib/upload-token";
import { IMMUTABLE_CACHE, PRODUCT_IMAGE_NAME, PRODUCT_IMAGE_PREFIX, PUBLIC_PRODUCT_IMAGE_PATH } from "../shop/product-images";
import { detectImageType, imageExtensionFromName, imageFormats } from "./image-bytes";

/** A signed PUT target on this Worker for one new object; the chosen file's name only picks the extension. */
export async function createUploadUrl(
  env: AppEnv,
  origin: string,
  fileName: string,
  sessionJti: string,
): Promise<UploadUrlResult> {
  const ext = imageExtensionFromName(fileName);
  if (!ext) throw new ApiError("VALIDATION_FAILED", INVALID_IMAGE_TYPE);
  const name = `${crypto.randomUUID()}.${ext}`;
  const token = await signUploadToken(env, PRODUCT_IMAGE_PREFIX + name, sessionJti);
  return {
    uploadURL: `${origin}/api/uploads/${PRODUCT_IMAGE_PREFIX}${name}?token=${encodeURIComponent(token)}`,
    objectPath: PUBLIC_PRODUCT_IMAGE_PATH + name,
  };
}

const tooLarge = () => new ApiError("PAYLOAD_TOO_LARGE", "Please select an image smaller than 10MB");

/**
 * Reads a request body into memory, counting as it arrives: a missing or lying Content-Length
 * cannot make the Worker hold more than `limit` bytes.
 */
export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // What is left unread is drained by the app's drainUnreadBody middleware before the answer goes.
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export type UploadRequest = {
  name: string;
  token: string | undefined;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
};

const alreadyUsed = () => new ApiError("CONFLICT", "This upload link has already been used.");

/**
 * The PUT behind an upload URL, for one object key: the token (made for this key), the type, the
 * size and the bytes (a real image) are checked before R2 is written, and a key is written once.
 */
export async function storeImage(
  env: AppEnv,
  key: string,
  request: UploadRequest,
  cacheControl: string,
): Promise<{ contentType: string; size: number }> {
  await requireUploadToken(env, request.token, key);
  if (!request.contentType?.trim().toLowerCase().startsWith("image/")) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", INVALID_IMAGE_TYPE);
  }
  if (Number(request.contentLength) > MAX_IMAGE_BYTES) throw tooLarge();
  // Immutable caching means an object must never change once served: an upload link works once.
  if (await env.IMAGES.head(key)) throw alreadyUsed();
  const bytes = await readLimited(request.body, MAX_IMAGE_BYTES);
  const format = detectImageType(bytes);
  if (!format) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "That file is not a JPEG, PNG, GIF, WebP or AVIF image.");
  }
  // The type stored is the one the bytes prove, not the one the client claimed.
  const contentType = imageFormats[format];
  // The write itself is conditional (only if no object has the key): of two PUTs racing past the
  // check above, one writes and the other is refused.
  const written = await env.IMAGES.put(key, bytes, {
    httpMetadata: { contentType, cacheControl },
    onlyIf: { etagDoesNotMatch: "*" },
  });
  if (!written) throw alreadyUsed();
  return { contentType, size: bytes.byteLength };
}

/** A product image's PUT: a name this Worker issued, served publicly for a year. */
export async function storeProductImage(env: AppEnv, request: UploadRequest): Promise<UploadResult> {
  if (!PRODUCT_IMAGE_NAME.test(request.name)) throw notFound("Upload target");
  const stored = await storeImage(env, PRODUCT_IMAGE_PREFIX + request.name, request, IMMUTABLE_CACHE);
  return { objectPath: PUBLIC_PRODUCT_IMAGE_PATH + request.name, ...stored };
}
