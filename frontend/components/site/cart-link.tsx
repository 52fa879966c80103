import { Link } from "wouter";
import { useCart } from "../../hooks/use-cart";
import { CartIcon } from "./icons";

/** Header cart icon → /cart, with a red count badge once the cart has items. */
export function CartLink() {
  const { cartCount } = useCart();
  const label = cartCount > 0 ? `Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}` : "Cart";
  return (
    <Link href="/cart" className="icon-link cart-link" aria-label={label}>
      <CartIcon size={24} />
      {cartCount > 0 ? (
        <span className="cart-badge" data-testid="cart-badge" aria-hidden="true">
          {cartCount > 99 ? "99+" : cartCount}
        </span>
      ) : null}
    </Link>
  );
}
