import { INVALID_IMAGE_TYPE, MAX_IMAGE_BYTES, type UploadUrlResult } from "../../../schema/api/catalogue";
import { api } from "../api";
import { adminApi } from "./admin-api";

const IMAGE_PATH = "/public-objects/product-images/";

/** Checks made before anything is uploaded; null when the file may go. */
export function checkImageFile(file: File): { title: string; description: string } | null {
  if (!file.type.startsWith("image/")) return { title: "Invalid file type", description: INVALID_IMAGE_TYPE };
  if (file.size > MAX_IMAGE_BYTES) return { title: "File too large", description: "Please select an image smaller than 10MB" };
  return null;
}

/** The stored path is the upload URL's last path segment, or a dated fallback name. */
export function imagePathFromUploadUrl(uploadURL: string, now = Date.now()): string {
  try {
    const name = new URL(uploadURL, window.location.origin).pathname.split("/").filter(Boolean).pop();
    if (name) return IMAGE_PATH + name;
  } catch {
    // Falls through to the dated name.
  }
  return `${IMAGE_PATH}product-${now}.jpg`;
}

/** The server picks the stored extension from the name, so a name without one gets the type's. */
function nameWithExtension(file: File) {
  if (/\.[a-z0-9]{2,5}$/i.test(file.name)) return file.name;
  const subtype = file.type.split("/")[1]?.replace("jpeg", "jpg").replace(/\+.*$/, "") ?? "jpg";
  return `${file.name || "image"}.${subtype}`;
}

/** Asks for a signed upload URL, PUTs the file there with its type, returns the image path to store. */
export async function uploadProductImage(file: File): Promise<string> {
  const { uploadURL } = await adminApi<UploadUrlResult>("/api/admin/upload-url", { json: { fileName: nameWithExtension(file) } });
  if (!uploadURL) throw new Error("No upload URL received");
  await api(uploadURL, { method: "PUT", body: file, headers: { "Content-Type": file.type } });
  return imagePathFromUploadUrl(uploadURL);
}
