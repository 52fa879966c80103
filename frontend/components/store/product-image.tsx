import { type ImgHTMLAttributes, useState } from "react";
import type { Product } from "../../../schema/api/products";

/** Shown when a product image is missing or fails to load (a stock placeholder image). */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#eef2f6"/><g fill="none" stroke="#9aa9b8" stroke-width="10" stroke-linejoin="round"><rect x="140" y="80" width="120" height="140" rx="12"/><circle cx="200" cy="135" r="26"/><path d="M170 190h60M175 220v25M225 220v25"/></g></svg>',
)}`;

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & {
  product: Pick<Product, "name" | "image" | "editedImage">;
  /** The cart and checkout prefer the edited image; the store shows the original. */
  preferEdited?: boolean;
  width: number;
  height: number;
};

export function ProductImage({ product, preferEdited = false, loading = "lazy", ...props }: Props) {
  const wanted = (preferEdited && product.editedImage) || product.image || PLACEHOLDER_IMAGE;
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      {...props}
      src={failed === wanted ? PLACEHOLDER_IMAGE : wanted}
      alt={product.name}
      loading={loading}
      decoding="async"
      onError={() => setFailed(wanted)}
    />
  );
}
