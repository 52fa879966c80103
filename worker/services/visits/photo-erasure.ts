import { visitPhotoKey } from "./photos";

/** R2 deletes at most 1,000 keys a call. */
const DELETE_CHUNK = 1000;
/** Prefixes listed at once: a Worker keeps at most six connections open, the rest would queue anyway. */
const LISTS_AT_ONCE = 6;

/**
 * Deletes every photo of these visits from R2: all objects under each visit's prefix, so a photo
 * uploaded but never named by a sheet (the phone sends photos first) goes too. Answers how many.
 */
export async function deleteVisitPhotos(bucket: R2Bucket, visitIds: readonly number[]): Promise<number> {
  const keys: string[] = [];
  for (let i = 0; i < visitIds.length; i += LISTS_AT_ONCE) {
    const lists = visitIds.slice(i, i + LISTS_AT_ONCE).map((id) => keysUnder(bucket, visitPhotoKey(id, "")));
    keys.push(...(await Promise.all(lists)).flat());
  }
  for (let i = 0; i < keys.length; i += DELETE_CHUNK) await bucket.delete(keys.slice(i, i + DELETE_CHUNK));
  return keys.length;
}

async function keysUnder(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}
