import { createContext, type ReactNode, useContext } from "react";

/** The cart context's contract (spec section 3); the store work gives it its full implementation. */
export type CartContextValue = {
  cartItems: unknown[];
  cartCount: number;
  cartTotal: string;
  sessionId: string | null;
  clearCart: () => Promise<void>;
};

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const value: CartContextValue = { cartItems: [], cartCount: 0, cartTotal: "£0.00", sessionId: null, clearCart: async () => {} };
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** Using the cart outside its provider is a programming error (spec section 8). */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used within a CartProvider");
  return value;
}
