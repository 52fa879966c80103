import { Box, Button, Card, Container, Flex, Grid, Heading, Text, VisuallyHidden } from "@radix-ui/themes";
import { type ReactNode, useEffect, useState } from "react";
import type { Product } from "../../schema/api/products";
import { delivery } from "../../schema/business";
import { PhoneIcon, TruckIcon } from "../components/store/icons";
import { ProductCard } from "../components/store/product-card";
import { ProductDialog } from "../components/store/product-dialog";
import { StoreFilters } from "../components/store/store-filters";
import { usePagedList } from "../hooks/use-paged-list";
import { useCatalogue } from "../hooks/use-products";
import { useStoreFilters } from "../hooks/use-store-filters";
import "../components/store/store.css";
import { FactLink } from "../lib/facts";
import { notify } from "../lib/toast";

/** Cards in the first row load eagerly (they are the page's largest paint); the rest lazily. */
const EAGER_CARDS = 4;
/** Cards rendered at first and added per step as the visitor scrolls (see usePagedList). */
const CARDS_PER_PAGE = 12;

export default function Store() {
  const { filters, setFilter, clearFilters, hydrated } = useStoreFilters();
  const { products, matches, total, error, moreFailed, searching, loadMore, retry } = useCatalogue(filters, hydrated);
  const [selected, setSelected] = useState<Product | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);

  // Once per failure, not once per automatic retry.
  const failed = Boolean(error);
  useEffect(() => {
    if (failed) notify({ title: "Error", description: "Failed to load products. Please try again.", variant: "destructive" });
  }, [failed]);

  const { shown, hasMore, sentinelRef } = usePagedList(products ?? [], CARDS_PER_PAGE, {
    total: matches,
    loadMore,
    resetKey: `${filters.q}|${filters.category}|${filters.brand}`,
  });
  // The open product as the catalogue has it now (its stock may have been read again since).
  const shownInDialog = (selected && products?.find((p) => p.id === selected.id)) ?? selected;

  function openProduct(product: Product, from: HTMLElement) {
    setOpener(from);
    setSelected(product);
    setDialogOpen(true);
  }

  let content: ReactNode;
  if (!hydrated || (!products && !error)) content = <ProductGridSkeleton />;
  else if (!products) content = <LoadError onRetry={retry} />;
  else if (total === 0) content = <EmptyState text="No products available. Please refresh to try again." />;
  else if (products.length === 0)
    content = (
      <EmptyState text="No products found matching your criteria" role="status">
        <Button size="3" onClick={clearFilters}>
          Clear Filters
        </Button>
      </EmptyState>
    );
  else
    content = (
      <>
        <Grid columns="repeat(auto-fill, minmax(240px, 1fr))" gap="4" className="product-grid">
          {shown.map((product, i) => (
            <ProductCard key={product.id} product={product} onOpen={openProduct} eager={i < EAGER_CARDS} />
          ))}
        </Grid>
        {hasMore ? <div ref={sentinelRef} className="product-grid__more" aria-hidden="true" /> : null}
        {moreFailed ? (
          <Flex direction="column" align="center" gap="3" mt="5" role="alert">
            <Text size="3">Some products could not be loaded.</Text>
            <Button size="2" variant="soft" onClick={retry}>
              Try Again
            </Button>
          </Flex>
        ) : null}
      </>
    );

  return (
    <>
      <section className="store-hero" aria-labelledby="store-title">
        <Container size="4" px="4">
          <Heading as="h1" id="store-title" size={{ initial: "7", sm: "8" }} className="store-hero__title">
            Boiler Parts Store
          </Heading>
          <Text as="p" size={{ initial: "3", sm: "4" }} className="store-hero__lead">
            Genuine gas valves, PCBs, fans, heat exchangers and more, checked by Gas Safe engineers.
          </Text>
          <Flex gap="4" wrap="wrap" mt="4" className="store-hero__facts">
            <Flex align="center" gap="2">
              <TruckIcon size={18} /> <Text size="2">{delivery.terms[0]}</Text>
            </Flex>
            <Flex align="center" gap="2">
              <PhoneIcon size={18} />
              <Text size="2">
                Not sure which part you need? Call <FactLink to="phone" />
              </Text>
            </Flex>
          </Flex>
        </Container>
      </section>
      <Container size="4" px="4" py="6">
        <StoreFilters filters={filters} onChange={setFilter} />
        <Box mt="5" aria-busy={!hydrated || (!products && !error) || searching}>
          {/* The cards' names are h3s: this names the list they belong to for screen readers. */}
          <VisuallyHidden asChild>
            <h2>Products</h2>
          </VisuallyHidden>
          <Text as="p" size="2" color="gray" mb="3" role="status" className="store-count">
            {products && products.length > 0 ? `Showing ${matches} of ${total} products` : null}
          </Text>
          {content}
        </Box>
      </Container>
      <ProductDialog product={shownInDialog} open={dialogOpen} onOpenChange={setDialogOpen} opener={opener} />
    </>
  );
}

/**
 * The prerendered store shows this until the catalogue arrives. Plain elements rather than Radix
 * cards and skeletons: it is hydrated on every visit, and its share of the first paint's CSS and of
 * the hydration work is then a few rules and a few dozen nodes.
 */
function ProductGridSkeleton() {
  return (
    <div className="product-grid product-grid--skeleton">
      <VisuallyHidden>Loading products...</VisuallyHidden>
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="skeleton-card" aria-hidden="true">
          <span className="skeleton-card__media" />
          <span className="skeleton-card__bar" style={{ width: "40%" }} />
          <span className="skeleton-card__bar skeleton-card__bar--title" style={{ width: "85%" }} />
          <span className="skeleton-card__bar" style={{ width: "50%", height: 16 }} />
          <span className="skeleton-card__bar" style={{ width: "35%", height: 26 }} />
          <span className="skeleton-card__actions">
            <span className="skeleton-card__bar" />
            <span className="skeleton-card__bar" />
          </span>
        </div>
      ))}
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState text="Failed to load products. Please try again." role="alert">
      <Button size="3" onClick={onRetry}>
        Try Again
      </Button>
    </EmptyState>
  );
}

function EmptyState({ text, role, children }: { text: string; role?: "alert" | "status"; children?: ReactNode }) {
  return (
    <Card size="4" className="store-empty">
      <Flex direction="column" align="center" gap="4" py="6">
        <Text as="p" size="4" weight="medium" align="center" role={role}>
          {text}
        </Text>
        {children}
      </Flex>
    </Card>
  );
}
