/**
 * A photo from the phone's camera is 3 to 12 MB; the sheet needs to show a boiler's plate or a flue
 * terminal, for which 1600 px on the long side as a JPEG (a few hundred KB) is plenty. Shrunk on the
 * phone before it is kept or sent, so an upload from a basement with one bar of signal finishes.
 */
export const PHOTO_LONG_SIDE = 1600;
const QUALITY = 0.8;

export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    // The camera's rotation is applied, so the photo is upright.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new Error("This phone cannot read that picture. Please take it again with the camera.");
  }
  const scale = Math.min(1, PHOTO_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));
  if (!blob) throw new Error("The photo could not be saved on this phone. Please try again.");
  return blob;
}
