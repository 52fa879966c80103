import { Container, Text } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import type { OrderSummary as PlacedOrder } from "../../schema/api/orders";
import { CheckoutForm } from "../components/cart/checkout-form";
import { DeliveryInfo } from "../components/cart/delivery-info";
import { EmptyCart } from "../components/cart/empty-cart";
import { OrderPlaced } from "../components/cart/order-placed";
import { OrderSummary } from "../components/cart/order-summary";
import { PageHeading } from "../components/cart/page-heading";
import "../components/cart/cart.css";
import { useCart } from "../hooks/use-cart";

export default function Checkout() {
  const { cartItems, isLoading } = useCart();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

  function onPlaced(order: PlacedOrder) {
    setPlaced(order);
    window.scrollTo({ top: 0 });
  }

  if (placed) {
    return (
      <Container size="2" px="4" py="8" className="cart-page">
        <OrderPlaced order={placed} />
      </Container>
    );
  }
  // The empty state replaces the checkout (no Checkout heading above it).
  if (!isLoading && cartItems.length === 0) {
    return (
      <Container size="2" px="4" py="8" className="cart-page">
        <EmptyCart as="h1" hint="Add items to your cart before checking out" />
      </Container>
    );
  }

  const body: ReactNode =
    cartItems.length === 0 ? (
      <Text as="p" size="3" color="gray" role="status" className="cart-loading">
        Loading cart...
      </Text>
    ) : (
      <div className="checkout-layout">
        <div className="checkout-layout__main">
          <CheckoutForm onPlaced={onPlaced} />
          <DeliveryInfo />
        </div>
        <div className="checkout-layout__side">
          <OrderSummary />
        </div>
      </div>
    );

  return (
    <Container size="4" px="4" py="6" className="cart-page">
      <PageHeading title="Checkout" subtitle="Complete your order" />
      {body}
    </Container>
  );
}
