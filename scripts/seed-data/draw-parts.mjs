// Writes the product illustrations to frontend/public/images/parts/<slug>.svg (committed files;
// run again after changing a drawing or adding a demo product).
import { writeFileSync } from "node:fs";
import { partSvg } from "./artwork.mjs";
import { products } from "./products.mjs";

const folder = new URL("../../frontend/public/images/parts/", import.meta.url);
for (const product of products) {
  writeFileSync(new URL(`${product.slug}.svg`, folder), partSvg(product));
}
console.log(`drew ${products.length} part illustrations`);
