import { Button } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import type { ProductFormInput } from "../../../schema/api/admin";
import type { Product } from "../../../schema/api/products";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { PlusIcon } from "../../components/admin/icons";
import { LogoutButton } from "../../components/admin/logout-button";
import { PageHeader } from "../../components/admin/page-header";
import { AdminProductCard } from "../../components/admin/products/admin-product-card";
import { ProductForm } from "../../components/admin/products/product-form";
import { useAdminProducts } from "../../hooks/admin/use-admin-products";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";

export default function Products() {
  const { products, error, refresh, create, remove } = useAdminProducts();
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function createProduct(input: ProductFormInput) {
    await create(input);
    setAdding(false);
    await refresh();
  }

  async function deleteProduct(product: Product) {
    setBusyId(product.id);
    try {
      await remove(product.id);
      notify({ title: "Product deleted", description: "The product has been successfully removed.", variant: "success" });
    } catch (e) {
      if (!isUnauthorized(e)) {
        notify({ title: "Error", description: errorMessage(e, "Failed to delete product"), variant: "destructive" });
      }
    } finally {
      setBusyId(null);
      await refresh();
    }
  }

  let body: ReactNode;
  if (products) {
    body =
      products.length === 0 ? (
        <EmptyState message="No products found. Add your first product to get started." />
      ) : (
        <div className="admin-product-grid">
          {products.map((p) => (
            <AdminProductCard key={p.id} product={p} busy={busyId === p.id} onDelete={() => deleteProduct(p)} />
          ))}
        </div>
      );
  } else if (error) {
    body = isUnauthorized(error) ? null : (
      <ErrorState message={errorMessage(error, "Failed to load products.")} onRetry={refresh} />
    );
  } else {
    body = <LoadingState label="Loading products…" />;
  }

  return (
    <>
      <PageHeader
        title="Product Management"
        subtitle={products ? `${products.length} ${products.length === 1 ? "product" : "products"} in the store` : undefined}
        actions={
          <>
            <Button onClick={() => setAdding(true)} disabled={adding}>
              <PlusIcon /> Add Product
            </Button>
            <LogoutButton />
          </>
        }
      />
      {adding ? <ProductForm onCancel={() => setAdding(false)} onCreate={createProduct} /> : null}
      {body}
    </>
  );
}
