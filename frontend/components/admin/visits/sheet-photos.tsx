import { Button, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { MAX_SHEET_PHOTOS } from "../../../../schema/api/constants";
import { keepPhoto, photoBlob } from "../../../lib/admin/sheet-outbox";
import { shrinkPhoto } from "../../../lib/admin/shrink-photo";
import { notify } from "../../../lib/toast";

/**
 * The sheet's photos: taken with the phone's camera (or picked), shrunk and kept on the phone at
 * once under the name the sheet lists, uploaded with the sheet when there is signal.
 */
export function Photos({
  visitId,
  photos,
  onChange,
}: {
  visitId: number;
  photos: string[];
  onChange: (photos: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const inputId = `sheet-photo-${visitId}`;
  async function add(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    const added: string[] = [];
    try {
      for (const file of Array.from(files).slice(0, MAX_SHEET_PHOTOS - photos.length)) {
        added.push(await keepPhoto(visitId, await shrinkPhoto(file)));
      }
    } catch (error) {
      notify({ title: "Photo not added", description: (error as Error).message, variant: "destructive" });
    }
    if (added.length) onChange([...photos, ...added]);
    setBusy(false);
  }
  return (
    <div>
      <Text as="div" size="2" weight="medium" mb="1">
        Photos
      </Text>
      {photos.length ? (
        <ul className="sheet-photos" aria-label="Photos of this visit">
          {photos.map((key, i) => (
            <li key={key}>
              <Thumbnail photoKey={key} alt={`Photo ${i + 1}`} />
              <Button
                variant="ghost"
                color="red"
                size="1"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => onChange(photos.filter((p) => p !== key))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < MAX_SHEET_PHOTOS ? (
        <>
          {/* The label is the button: a tap opens the camera (capture) on a phone, files elsewhere. */}
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            disabled={busy}
            onChange={(e) => {
              void add(e.currentTarget.files);
              e.currentTarget.value = "";
            }}
          />
          <Button asChild variant="soft" color="gray" disabled={busy}>
            <label htmlFor={inputId}>{busy ? "Adding the photo…" : "Take a photo"}</label>
          </Button>
        </>
      ) : (
        <Text size="2" color="gray">
          {MAX_SHEET_PHOTOS} photos is the most for one visit.
        </Text>
      )}
    </div>
  );
}

/** A photo from the phone's copy, or the server's when this phone has none (online). */
function Thumbnail({ photoKey, alt }: { photoKey: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void photoBlob(photoKey).then((blob) => {
      if (!live) return;
      if (!blob) return setMissing(true);
      url = URL.createObjectURL(blob);
      setSrc(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [photoKey]);
  if (missing) return <span className="sheet-photo-missing">Not on this phone</span>;
  return src ? <img src={src} alt={alt} width={96} height={96} /> : <span className="sheet-photo-missing">…</span>;
}
