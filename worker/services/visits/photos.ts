import { eq } from "drizzle-orm";
import { VISIT_PHOTO_NAME, type VisitPhotoUrl } from "../../../schema/api/visits";
import { serviceRecords } from "../../../schema/db";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { signUploadToken } from "../../lib/upload-token";
import { storeImage, type UploadRequest } from "../uploads/uploads";

/**
 * Photos of a visit (the boiler, the flue, the meter): taken on the engineer's phone, shrunk there,
 * and kept private in R2 under `visits/<visit id>/<name>`. The phone names each photo itself (a
 * random id) when it is taken, offline or not, so the sheet can list it at once; the upload later
 * goes through a signed URL like the product images' (one PUT of one key, for ten minutes, on
 * behalf of a live admin session), and a photo sent twice is one object. They are served only to
 * a signed-in admin, never from the public image path.
 */
export const visitPhotoKey = (visitId: number, name: string) => `visits/${visitId}/${name}`;

/** Private, and never changed once written (a name is written once). */
const PRIVATE_IMMUTABLE = "private, max-age=31536000, immutable";

export async function createVisitPhotoUrl(
  env: AppEnv,
  db: Db,
  origin: string,
  visitId: number,
  name: string,
  sessionJti: string,
): Promise<VisitPhotoUrl> {
  const [visit] = await db.select({ id: serviceRecords.id }).from(serviceRecords).where(eq(serviceRecords.id, visitId));
  if (!visit) throw notFound("Visit");
  const key = visitPhotoKey(visitId, name);
  const token = await signUploadToken(env, key, sessionJti);
  return {
    uploadURL: `${origin}/api/uploads/${key}?token=${encodeURIComponent(token)}`,
    key,
    // Already uploaded (the answer to an earlier upload was lost): nothing more to send.
    uploaded: Boolean(await env.IMAGES.head(key)),
  };
}

export async function storeVisitPhoto(env: AppEnv, visitId: number, request: UploadRequest) {
  if (!VISIT_PHOTO_NAME.test(request.name)) throw notFound("Upload target");
  const key = visitPhotoKey(visitId, request.name);
  return { key, ...(await storeImage(env, key, request, PRIVATE_IMMUTABLE)) };
}

/** One photo of a visit, for the office and the phone (admin only). */
export async function getVisitPhoto(env: AppEnv, visitId: number, name: string): Promise<R2ObjectBody> {
  if (!VISIT_PHOTO_NAME.test(name)) throw notFound("Photo");
  const object = await env.IMAGES.get(visitPhotoKey(visitId, name));
  if (!object) throw notFound("Photo");
  return object;
}

/**
 * A sheet names only photos that have arrived: the phone uploads them before it sends the sheet,
 * so one missing means it was lost on the way, and the sheet waits for it rather than point at nothing.
 */
export async function requirePhotosUploaded(env: AppEnv, visitId: number, keys: string[]): Promise<void> {
  const prefix = visitPhotoKey(visitId, "");
  if (keys.some((key) => !key.startsWith(prefix))) {
    const message = "A photo belongs to another visit";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "photos", message }] });
  }
  const found = await Promise.all(keys.map((key) => env.IMAGES.head(key)));
  if (found.some((object) => !object)) {
    const message = "A photo has not finished uploading: the sheet is sent again once it has";
    throw new ApiError("VALIDATION_FAILED", message, { details: [{ path: "photos", message }] });
  }
}
