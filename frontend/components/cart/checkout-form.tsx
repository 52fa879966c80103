import { Button, Card, Flex, Heading } from "@radix-ui/themes";
import { type FormEvent, useId } from "react";
import { type CheckoutForm as CheckoutValues, checkoutFormSchema, type OrderResponse } from "../../../schema/api/orders";
import { formatPrice } from "../../../schema/format";
import { useCart } from "../../hooks/use-cart";
import { useFocusFirstFix } from "../../hooks/use-focus-first-fix";
import { api, HttpError } from "../../lib/api";
import { getCartSessionId } from "../../lib/cart-session";
import { refreshCatalogue } from "../../lib/catalogue";
import { notify } from "../../lib/toast";
import { type FieldErrors, type Issue, useForm } from "../../lib/use-form";
import { FormField } from "./form-field";
import { TermsNotice } from "./terms-notice";
import "./cart.css";

type FieldName = keyof CheckoutValues;
type Values = Record<FieldName, string>;

const EMPTY: Values = { customerName: "", customerEmail: "", customerPhone: "", shippingAddress: "", notes: "" };
const FIELD_ORDER: FieldName[] = ["customerName", "customerEmail", "customerPhone", "shippingAddress", "notes"];

/** One field checked with the shared schema's own rule and message. */
function fieldError(name: FieldName, value: string): string | undefined {
  const result = checkoutFormSchema.shape[name].safeParse(name === "notes" && value.trim() === "" ? undefined : value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** One field's problem as an issue beside it, none when it passes. */
function issueOf(name: FieldName, value: string): Issue[] {
  const message = fieldError(name, value);
  return message ? [{ path: name, message }] : [];
}

/**
 * The order form (Order Information). Validated by the same zod schema as POST /api/orders,
 * on blur and on submit. On failure the form keeps what was typed.
 */
export function CheckoutForm({ onPlaced }: { onPlaced: (order: OrderResponse["order"]) => void }) {
  const { cartTotalAmount, cartWriting, refreshCart, markShortLines } = useCart();
  const id = useId();
  const form = useForm<Values, CheckoutValues>({
    initial: EMPTY,
    schema: checkoutFormSchema,
    input: (values) => ({ ...values, notes: values.notes.trim() || undefined }),
    fields: FIELD_ORDER,
  });
  const { values, errors } = form;
  const focusFirstFix = useFocusFirstFix();
  const fieldId = (name: FieldName) => `${id}-${name}`;

  const change = (name: FieldName) => (value: string) => {
    form.update((v) => ({ ...v, [name]: value }));
    // A field already marked wrong is re-checked as it is corrected.
    if (errors[name]) form.setErrors((e) => ({ ...e, [name]: fieldError(name, value) }));
  };
  const blur = (name: FieldName) => () => form.setErrors((e) => ({ ...e, [name]: fieldError(name, values[name]) }));

  function focusFirst(found: FieldErrors) {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    await form.submit(
      async (order) => {
        // Not retried automatically: if an answer is lost the order may already exist.
        const placed = await api<OrderResponse>("/api/orders", {
          json: { ...order, sessionId: getCartSessionId(), totalAmount: cartTotalAmount },
        });
        notify({
          title: "Order Placed Successfully!",
          description: "We'll contact you shortly to confirm your order.",
          variant: "success",
        });
        onPlaced(placed.order);
        // The server empties the cart with the order; the header and this page read it again, and
        // the store shows what the order took from stock.
        void refreshCart();
        refreshCatalogue();
      },
      {
        // Each field's own rule and message, as on leaving it.
        issues: (found) => (found.length > 0 ? FIELD_ORDER.flatMap((name) => issueOf(name, values[name])) : []),
        onInvalid: focusFirst,
        onError: async (error, found) => {
          if (error instanceof HttpError && error.status === 409) {
            // The cart changed under the customer (a price or stock change): show it as it is now.
            await refreshCart();
            const currentTotal = error.detail("totalAmount")?.value;
            const short = markShortLines(error);
            notify({
              title: currentTotal != null ? "Prices Have Changed" : short ? "Not Enough Stock" : "Error",
              description:
                currentTotal != null
                  ? `Your order total is now ${formatPrice(String(currentTotal))}. Please check your order and place it again.`
                  : (error.serverMessage ?? "Failed to place order. Please try again."),
              variant: "destructive",
            });
            if (short) focusFirstFix();
            return;
          }
          focusFirst(found);
          // Too many orders from this connection: the server's message says when to try again.
          const throttled = error instanceof HttpError && error.status === 429 ? error.serverMessage : undefined;
          notify({
            title: "Error",
            description: throttled ?? "Failed to place order. Please try again.",
            variant: "destructive",
          });
        },
      },
    );
  }

  return (
    <Card size="3" className="checkout-card">
      <Heading as="h2" size="5" mb="4">
        Order Information
      </Heading>
      <form noValidate onSubmit={submit} aria-label="Order Information">
        <Flex direction="column" gap="4">
          <FormField
            id={fieldId("customerName")}
            label="Full Name"
            required
            autoComplete="name"
            value={values.customerName}
            error={errors.customerName}
            onChange={change("customerName")}
            onBlur={blur("customerName")}
          />
          <div className="checkout-form__pair">
            <FormField
              id={fieldId("customerEmail")}
              label="Email Address"
              type="email"
              required
              autoComplete="email"
              value={values.customerEmail}
              error={errors.customerEmail}
              onChange={change("customerEmail")}
              onBlur={blur("customerEmail")}
            />
            <FormField
              id={fieldId("customerPhone")}
              label="Phone Number"
              type="tel"
              required
              autoComplete="tel"
              value={values.customerPhone}
              error={errors.customerPhone}
              onChange={change("customerPhone")}
              onBlur={blur("customerPhone")}
            />
          </div>
          <FormField
            id={fieldId("shippingAddress")}
            label="Shipping Address"
            multiline
            required
            autoComplete="street-address"
            placeholder="House number, street, town and postcode"
            value={values.shippingAddress}
            error={errors.shippingAddress}
            onChange={change("shippingAddress")}
            onBlur={blur("shippingAddress")}
          />
          <FormField
            id={fieldId("notes")}
            label="Order Notes (Optional)"
            multiline
            placeholder="Anything we should know, e.g. boiler model or a good time to call"
            value={values.notes}
            error={errors.notes}
            onChange={change("notes")}
            onBlur={blur("notes")}
          />
          <Button type="submit" size="3" disabled={form.busy || cartWriting} className="checkout-form__submit">
            {form.busy ? "Placing Order..." : "Place Order"}
          </Button>
          <TermsNotice action="placing your order" />
        </Flex>
      </form>
    </Card>
  );
}
