import { Button, Flex, Text } from "@radix-ui/themes";
import { useRef } from "react";
import { isUnauthorized } from "../../../lib/admin/admin-api";
import { checkImageFile, uploadProductImage } from "../../../lib/admin/upload-product-image";
import { notify } from "../../../lib/toast";
import { UploadIcon } from "../icons";

type Props = {
  /** The file input's id (its label's is derived from it). */
  id?: string;
  image: string;
  onChange: (image: string) => void;
  uploading: boolean;
  onUploadingChange: (uploading: boolean) => void;
};

/**
 * The product image: type and size checked before anything is sent, then the signed-URL upload,
 * a preview and a way to clear it. The form owns `uploading`, since
 * saving must wait for an upload in progress.
 */
export function ProductImageField({ id = "product-image", image, onChange, uploading, onUploadingChange }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const resetInput = () => {
    // Choosing the same file again after a refusal must fire a change again.
    if (fileInput.current) fileInput.current.value = "";
  };

  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      notify({ ...problem, variant: "destructive" });
      resetInput();
      return;
    }
    onUploadingChange(true);
    try {
      onChange(await uploadProductImage(file));
      notify({ title: "Image uploaded", description: "Product image has been uploaded successfully.", variant: "success" });
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Upload failed", description: "Failed to upload image. Please try again.", variant: "destructive" });
      }
    } finally {
      onUploadingChange(false);
      resetInput();
    }
  }

  return (
    <>
      <Text as="div" size="2" weight="medium" id={`${id}-label`}>
        Product Image
      </Text>
      <Flex mt="2" gap="4" align="center" wrap="wrap">
        {image ? (
          <img src={image} alt="Uploaded product preview" className="admin-image-preview" />
        ) : (
          <div className="admin-image-placeholder" aria-hidden="true">
            <UploadIcon />
          </div>
        )}
        <Flex direction="column" gap="2">
          {/* Hidden and out of the tab order: the button below opens it, and its label names it. */}
          <input
            ref={fileInput}
            id={id}
            type="file"
            accept="image/*"
            className="admin-visually-hidden"
            tabIndex={-1}
            aria-labelledby={`${id}-label`}
            disabled={uploading}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <Flex gap="2" wrap="wrap">
            <Button
              type="button"
              variant="soft"
              loading={uploading}
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
            >
              <UploadIcon /> {image ? "Replace image" : "Upload image"}
            </Button>
            {image ? (
              <Button type="button" variant="soft" color="gray" disabled={uploading} onClick={() => onChange("")}>
                Clear image
              </Button>
            ) : null}
          </Flex>
          <Text size="1" color="gray">
            JPG, PNG, GIF or WebP, up to 10MB.
          </Text>
        </Flex>
      </Flex>
    </>
  );
}
