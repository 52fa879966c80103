import { Button, Card, Heading } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import type { AdminProduct, ProductFormInput, ProductPatchInput } from "../../../schema/api/catalogue";
import { EmptyState, ErrorState, LoadingState } from "../../components/admin/admin-states";
import { ExportButton } from "../../components/admin/export-button";
import { PlusIcon } from "../../components/admin/icons";
import { LoadMore } from "../../components/admin/load-more";
import { PageHeader } from "../../components/admin/page-header";
import { AdminProductCard } from "../../components/admin/products/admin-product-card";
import { ProductEditor } from "../../components/admin/products/product-editor";
import { ProductFilterBar } from "../../components/admin/products/product-filters";
import { ProductForm } from "../../components/admin/products/product-form";
import { ProductImport } from "../../components/admin/products/product-import";
import { PRODUCTS_EXPORT_PATH, useAdminProducts } from "../../hooks/admin/use-admin-products";
import { useUrlFilters } from "../../hooks/admin/use-url-filters";
import { errorMessage, isUnauthorized } from "../../lib/admin/admin-api";
import { notify } from "../../lib/toast";
import "../../components/admin/products/products.css";

const filterNames = ["q", "category", "brand", "lowStock"] as const;

const plural = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "product" : "products"}`;

export default function Products() {
  const [filters, setFilters] = useUrlFilters(filterNames);
  const { items, total, error, hasMore, loadingMore, loadMore, refresh, create, update, remove, importCsv } =
    useAdminProducts(filters);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const filtered = Object.values(filters).some(Boolean);

  async function createProduct(input: ProductFormInput) {
    await create(input);
    setAdding(false);
    await refresh();
  }

  async function saveProduct(product: AdminProduct, changes: ProductPatchInput) {
    await update(product.id, changes);
    setEditing(null);
    await refresh();
  }

  async function deleteProduct(product: AdminProduct) {
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
  if (items) {
    body =
      items.length === 0 ? (
        <EmptyState
          message={
            filtered
              ? "No products match these filters. Try other words or clear the filters."
              : "No products found. Add your first product to get started."
          }
        />
      ) : (
        <>
          <div className="admin-product-grid">
            {items.map((p) => (
              <AdminProductCard
                key={p.id}
                product={p}
                busy={busyId === p.id}
                onEdit={() => setEditing(p)}
                onDelete={() => deleteProduct(p)}
              />
            ))}
          </div>
          <LoadMore hasMore={hasMore} loading={loadingMore} onMore={loadMore} shown={items.length} total={total} />
        </>
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
        subtitle={items ? (filtered ? `${plural(total)} found` : `${plural(total)} in the store`) : undefined}
        actions={
          <>
            <Button onClick={() => setAdding(true)} disabled={adding}>
              <PlusIcon /> Add Product
            </Button>
            <ProductImport importCsv={importCsv} onApplied={refresh} />
            <ExportButton path={PRODUCTS_EXPORT_PATH} fileName="products" />
          </>
        }
      />
      {adding ? (
        <Card size="3" className="admin-product-form">
          <Heading as="h2" size="5" id="add-product-heading" mb="4">
            Add Product
          </Heading>
          <ProductForm
            idPrefix="product"
            labelledBy="add-product-heading"
            onCancel={() => setAdding(false)}
            onCreate={createProduct}
          />
        </Card>
      ) : null}
      <ProductFilterBar filters={filters} onChange={setFilters} />
      {body}
      <ProductEditor product={editing} onClose={() => setEditing(null)} onSave={saveProduct} />
    </>
  );
}
