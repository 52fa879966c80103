/** A product as GET /api/products gives it. Prices are decimal text ("45.99"). */
export type Product = {
  id: number;
  name: string;
  description: string;
  price: string;
  originalPrice: string | null;
  image: string;
  editedImage: string | null;
  condition: "New" | "Used";
  brand: string;
  category: string;
  inStock: boolean;
  rating: number | null;
  /** How many are left when the product is counted and running low ("Only 2 left"); otherwise null. */
  stockLeft: number | null;
};
