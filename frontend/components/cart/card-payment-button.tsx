import { Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { CheckoutSessionResponse } from "../../../schema/api/payments";
import { useCart } from "../../hooks/use-cart";
import { useFocusFirstFix } from "../../hooks/use-focus-first-fix";
import { api, HttpError } from "../../lib/api";
import { getCartSessionId } from "../../lib/cart-session";
import { refreshCatalogue } from "../../lib/catalogue";
import { notify } from "../../lib/toast";
import { CardIcon } from "../store/icons";

/** The Stripe checkout label: the single product's name, or "N Heating Components" for several lines. */
function productNameFor(lines: { product: { name: string } }[]): string {
  const [only] = lines;
  return lines.length === 1 && only ? only.product.name : `${lines.length} Heating Components`;
}

function checkoutFailure(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? "Unable to process checkout. Please try again.";
  return error instanceof Error && error.message ? error.message : "Unable to process checkout. Please try again.";
}

/**
 * Pays by card through Stripe Checkout in a new tab. The cart is emptied once the
 * checkout session exists; a blocked popup falls back to this window and leaves a link behind.
 */
export function CardPaymentButton() {
  const { cartItems, cartCount, cartTotalAmount, cartWriting, clearCart, refreshCart, markShortLines } = useCart();
  const [pending, setPending] = useState(false);
  const [fallbackUrl, setFallbackUrl] = useState<string | null>(null);
  const focusFirstFix = useFocusFirstFix();

  async function pay() {
    setPending(true);
    try {
      const session = await api<CheckoutSessionResponse>("/api/create-checkout-session", {
        json: {
          amount: cartTotalAmount,
          productName: productNameFor(cartItems),
          quantity: cartCount,
          sessionId: getCartSessionId(),
        },
      });
      const url = session.checkout_url;
      if (!url) throw new Error("Failed to create checkout session");
      await clearCart({ quiet: true });
      // The payment holds the stock while it is open: the store shows what is left.
      refreshCatalogue();
      const tab = window.open(url, "_blank");
      if (tab) {
        tab.opener = null;
        notify({ title: "Opening Stripe Checkout", description: "Complete your payment in the new tab that opened." });
      } else {
        setFallbackUrl(url);
        notify({
          title: "Popup Blocked",
          description: "Please allow popups and try again, or click the link that will appear.",
          variant: "destructive",
        });
        window.location.assign(url);
      }
    } catch (error) {
      // A line short of stock: the cart marks it, with a button to bring it down to what is left.
      if (error instanceof HttpError && error.status === 409) {
        await refreshCart();
        if (markShortLines(error)) focusFirstFix();
      }
      notify({ title: "Checkout Failed", description: checkoutFailure(error), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Flex direction="column" gap="2">
      <Button
        size="3"
        onClick={pay}
        loading={pending}
        disabled={cartItems.length === 0 || cartWriting}
        className="cart-summary__pay"
      >
        <CardIcon size={18} /> Pay by Card
      </Button>
      {fallbackUrl ? (
        <Text size="2" align="center">
          <RadixLink href={fallbackUrl}>Continue to secure payment</RadixLink>
        </Text>
      ) : null}
    </Flex>
  );
}
