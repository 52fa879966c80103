import { Button, Callout, Code, Flex, Spinner, Text } from "@radix-ui/themes";
import type { StockMovement } from "../../../../schema/api/catalogue";
import { formatDateTime } from "../../../../schema/london-time-text";
import { useStockMovements } from "../../../hooks/admin/use-admin-products";
import { errorMessage, isUnauthorized } from "../../../lib/admin/admin-api";

/** Why the count moved, in the owner's words. */
export const movementReasons: Record<StockMovement["reason"], string> = {
  sale: "Sold",
  hold: "Held for a card payment",
  release: "Card payment hold released",
  cancellation: "Order cancelled, back in stock",
  edit: "Count changed by you",
  import: "CSV import",
  visit: "Used on a visit",
};

/** "+5", "−2" (a real minus sign), "0". */
export const formatChange = (change: number) => (change > 0 ? `+${change}` : change < 0 ? `\u2212${-change}` : "0");

/** A product's last 20 stock movements, newest first: a table on a wide screen, a card per movement on a phone. */
export function StockMovements({ productId }: { productId: number }) {
  const { movements, error, refresh } = useStockMovements(productId);
  if (!movements) {
    if (error && !isUnauthorized(error)) {
      return (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>
            {errorMessage(error, "The stock movements could not be loaded.")}{" "}
            <Button size="1" variant="soft" color="red" onClick={refresh}>
              Try Again
            </Button>
          </Callout.Text>
        </Callout.Root>
      );
    }
    return (
      <Flex role="status" align="center" gap="2">
        <Spinner size="1" />
        <Text size="2" color="gray">
          Loading stock movements…
        </Text>
      </Flex>
    );
  }
  if (movements.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        No stock movements yet. They appear once the product is counted and sold, or its count is changed.
      </Text>
    );
  }
  return (
    <table className="admin-movements">
      <caption className="admin-visually-hidden">The last {movements.length} stock movements, newest first</caption>
      <thead className="admin-movements-head">
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Reason</th>
          <th scope="col">Change</th>
          <th scope="col">Count after</th>
          <th scope="col">Order</th>
        </tr>
      </thead>
      <tbody>
        {movements.map((m) => (
          <tr key={m.id} className="admin-movement">
            <td className="admin-movement-date">{formatDateTime(m.createdAt)}</td>
            <td className="admin-movement-reason">{movementReasons[m.reason] ?? m.reason}</td>
            <td className="admin-movement-change" data-sign={Math.sign(m.change)}>
              {formatChange(m.change)}
            </td>
            <td className="admin-movement-after">
              <span className="admin-visually-hidden admin-show-narrow">Count after </span>
              {m.quantityAfter ?? "Not counted"}
            </td>
            <td className="admin-movement-order">
              {m.orderId ? (
                <Code size="1" variant="ghost" color="gray" className="admin-wrap-anywhere">
                  <span className="admin-visually-hidden admin-show-narrow">Order </span>
                  {m.orderId}
                </Code>
              ) : (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="admin-visually-hidden">No order</span>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
