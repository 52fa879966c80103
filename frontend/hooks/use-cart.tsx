import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import useSWR from "swr";
import type { CartLine } from "../../schema/api/cart";
import type { Product } from "../../schema/api/products";
import { formatPrice, parsePriceToPence } from "../../schema/format";
import { api, HttpError } from "../lib/api";
import { getCartSessionId } from "../lib/cart-session";
import { refreshCatalogue } from "../lib/catalogue";
import { whenPageReady } from "../lib/page-ready";
import { withWriteRetry } from "../lib/swr-config";
import { notify } from "../lib/toast";

/** The cart context: the lines, derived count and total, and the four cart actions. */
export type CartContextValue = {
  cartItems: CartLine[];
  /** Sum of quantities (the header badge). */
  cartCount: number;
  /** "£" and two decimals: the sum of price × quantity. */
  cartTotal: string;
  /** The same total as decimal text ("45.99"), as the order and payment calls send it. */
  cartTotalAmount: string;
  sessionId: string | null;
  isLoading: boolean;
  error: Error | undefined;
  /** `product` lets the new line appear at once, before the server answers. */
  addToCart: (productId: number, quantity?: number, product?: Product) => Promise<boolean>;
  /** A quantity of 0 or less removes the line. */
  updateQuantity: (id: number, quantity: number) => Promise<void>;
  removeItem: (id: number) => Promise<void>;
  /** `quiet` skips the "Cart Cleared" toast when the cart is emptied as part of paying. */
  clearCart: (options?: { quiet?: boolean }) => Promise<void>;
  /** A change to the cart is still on its way to the server: ordering or paying waits for it. */
  cartWriting: boolean;
  /** Re-reads the cart from the server (after an order, which empties it server-side). */
  refreshCart: () => Promise<unknown>;
  /**
   * How many of each line's product are left (by line id), where known: the product's own count
   * when it is running low, or what a refused order, payment or change said. A line whose quantity
   * is above it cannot be ordered as it is.
   */
  lineStock: ReadonlyMap<number, number>;
  /**
   * Takes in a refused cart change, order or payment: a 409 (stock or prices moved) reads the
   * catalogue again, and the lines it names are marked with how many are left. True when it named any.
   */
  markShortLines: (error: unknown) => boolean;
};

const CART_KEY = "/api/cart";
const CartContext = createContext<CartContextValue | null>(null);

/** The server's own reason (out of stock, too many) for a refused write; otherwise the screen's own text. */
function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.status < 500 && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** What a stock refusal said is left of each product it named (product id → how many). */
function shortProducts(error: HttpError): Map<number, number> {
  const left = new Map<number, number>();
  for (const detail of error.body?.details ?? []) {
    if (detail.productId !== undefined && detail.available !== undefined) left.set(detail.productId, detail.available);
  }
  return left;
}

/** A line's price × quantity in pence (the price text may carry "£"). */
export const lineTotalPence = (line: Pick<CartLine, "quantity" | "product">) =>
  (parsePriceToPence(String(line.product.price)) ?? 0) * line.quantity;

export function CartProvider({ children }: { children: ReactNode }) {
  // localStorage exists only in the browser: the prerendered HTML and the hydration pass see no
  // session yet (and so a loading cart), and the cart is read once the page has hydrated (see
  // page-ready.ts for why not sooner).
  const [sessionId, setSessionId] = useState<string | null>(null);
  useEffect(() => whenPageReady(() => setSessionId(getCartSessionId())), []);

  const {
    data,
    error,
    isLoading: isFetching,
    mutate,
  } = useSWR<CartLine[]>(sessionId ? CART_KEY : null, {
    dedupingInterval: 120_000,
    errorRetryCount: 2,
  });
  const cartItems = useMemo(() => data ?? [], [data]);
  // Changes on their way to the server: the page shows them at once (optimistic), but an order or a
  // payment sent meanwhile would meet the cart as it was, so those wait for them.
  const [writing, setWriting] = useState(0);
  const track = useCallback(async (change: () => Promise<unknown>) => {
    setWriting((n) => n + 1);
    try {
      await change();
    } finally {
      setWriting((n) => n - 1);
    }
  }, []);
  // What refusals said is left, by line id: a line the server later accepts a change to, or a new
  // line of the same product, no longer goes by that number.
  const [reportedStock, setReportedStock] = useState<ReadonlyMap<number, number>>(new Map());
  const forgetReported = useCallback((lineId: number | undefined) => {
    setReportedStock((current) => {
      if (lineId === undefined || !current.has(lineId)) return current;
      const next = new Map(current);
      next.delete(lineId);
      return next;
    });
  }, []);

  const markShortLines = useCallback(
    (error: unknown) => {
      if (!(error instanceof HttpError) || error.status !== 409) return false;
      // The store may still show the old stock or prices (the browser keeps the catalogue briefly).
      refreshCatalogue();
      const left = shortProducts(error);
      const named = cartItems.filter((line) => left.has(line.productId));
      if (named.length === 0) return false;
      setReportedStock((current) => {
        const next = new Map(current);
        for (const line of named) next.set(line.id, left.get(line.productId) ?? 0);
        return next;
      });
      return true;
    },
    [cartItems],
  );

  const addToCart = useCallback(
    async (productId: number, quantity = 1, product?: Product) => {
      // A new line shows at once when the product is known; the server's answer then replaces it.
      const optimistic = (lines: CartLine[] | undefined): CartLine[] => {
        const current = lines ?? [];
        if (current.some((line) => line.productId === productId)) {
          return current.map((line) => (line.productId === productId ? { ...line, quantity: line.quantity + quantity } : line));
        }
        return product ? [...current, { id: -productId, productId, quantity, product }] : current;
      };
      try {
        await track(() =>
          mutate(
            withWriteRetry(() => api(`${CART_KEY}/add`, { json: { sessionId: getCartSessionId(), productId, quantity } })).then(
              () => undefined,
            ),
            { optimisticData: optimistic, rollbackOnError: true, populateCache: false, revalidate: true },
          ),
        );
        forgetReported(cartItems.find((line) => line.productId === productId)?.id);
        notify({ title: "Added to Cart", description: "Item has been added to your cart", variant: "success" });
        return true;
      } catch (e) {
        markShortLines(e);
        notify({ title: "Error", description: failureMessage(e, "Failed to add item to cart"), variant: "destructive" });
        return false;
      }
    },
    [track, mutate, markShortLines, forgetReported, cartItems],
  );

  const removeItem = useCallback(
    async (id: number) => {
      try {
        await track(() =>
          mutate(
            withWriteRetry(() => api(`${CART_KEY}/${id}`, { method: "DELETE" })).then(() => undefined),
            {
              optimisticData: (lines) => (lines ?? []).filter((line) => line.id !== id),
              rollbackOnError: true,
              populateCache: false,
              revalidate: true,
            },
          ),
        );
        notify({ title: "Item Removed", description: "Item has been removed from your cart", variant: "success" });
      } catch (e) {
        notify({ title: "Error", description: failureMessage(e, "Failed to remove item from cart"), variant: "destructive" });
      }
    },
    [track, mutate],
  );

  const updateQuantity = useCallback(
    async (id: number, quantity: number) => {
      if (quantity <= 0) return removeItem(id);
      try {
        await track(() =>
          mutate(
            withWriteRetry(() => api(`${CART_KEY}/${id}`, { method: "PUT", json: { quantity } })).then(() => undefined),
            {
              optimisticData: (lines) => (lines ?? []).map((line) => (line.id === id ? { ...line, quantity } : line)),
              rollbackOnError: true,
              populateCache: false,
              revalidate: true,
            },
          ),
        );
        forgetReported(id);
      } catch (e) {
        markShortLines(e);
        notify({ title: "Error", description: failureMessage(e, "Failed to update cart item"), variant: "destructive" });
      }
    },
    [track, mutate, removeItem, markShortLines, forgetReported],
  );

  const clearCart = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}) => {
      try {
        await track(() =>
          mutate(
            withWriteRetry(() => api(`${CART_KEY}/clear`, { json: { sessionId: getCartSessionId() } })).then(() => undefined),
            { optimisticData: [], rollbackOnError: true, populateCache: false, revalidate: true },
          ),
        );
        if (!quiet) {
          notify({ title: "Cart Cleared", description: "All items have been removed from your cart", variant: "success" });
        }
      } catch (e) {
        notify({ title: "Error", description: failureMessage(e, "Failed to clear cart"), variant: "destructive" });
      }
    },
    [track, mutate],
  );

  const refreshCart = useCallback(() => mutate(), [mutate]);

  const lineStock = useMemo(() => {
    const left = new Map<number, number>();
    for (const { id, product } of cartItems) {
      // The cart's own copy of the product is read with the cart, so it is at least as fresh as a refusal.
      const known = !product.inStock ? 0 : (product.stockLeft ?? reportedStock.get(id));
      if (known !== undefined) left.set(id, known);
    }
    return left;
  }, [cartItems, reportedStock]);

  const value = useMemo<CartContextValue>(() => {
    const totalPence = cartItems.reduce((sum, line) => sum + lineTotalPence(line), 0);
    return {
      cartItems,
      cartCount: cartItems.reduce((sum, line) => sum + line.quantity, 0),
      cartTotal: formatPrice(totalPence / 100),
      cartTotalAmount: (totalPence / 100).toFixed(2),
      sessionId,
      isLoading: sessionId === null || isFetching,
      error: error as Error | undefined,
      addToCart,
      updateQuantity,
      removeItem,
      clearCart,
      refreshCart,
      lineStock,
      markShortLines,
      cartWriting: writing > 0,
    };
  }, [
    writing,
    cartItems,
    sessionId,
    isFetching,
    error,
    addToCart,
    updateQuantity,
    removeItem,
    clearCart,
    refreshCart,
    lineStock,
    markShortLines,
  ]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** Using the cart outside its provider is a programming error. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used within a CartProvider");
  return value;
}
