import { html } from "hono/html";
import { formatPence } from "../../../schema/format";
import type { OrderWithLines } from "../shop/orders";
import type { Block } from "./layout";

/**
 * What an order holds and its total, as every order e-mail (the customer's and the owner's) shows
 * it: "2 × Gas Valve VK4105 (Honeywell) @ £129.99" lines in plain text; in HTML a table whose long
 * part names wrap while the quantities and amounts stay on one line.
 */
export function orderLines(order: OrderWithLines): Block {
  const total = formatPence(order.totalPence);
  return {
    text: [
      ...order.lines.map((l) => `${l.quantity} × ${l.name} (${l.brand}) @ ${formatPence(l.unitPricePence)}`),
      `Total: ${total}`,
    ].join("\n"),
    html: html`<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 16px">${order.lines.map(
      (l) =>
        html`<tr><td style="padding:4px 8px 4px 0;vertical-align:top;white-space:nowrap">${l.quantity} ×</td><td style="padding:4px 8px 4px 0;overflow-wrap:anywhere">${l.name} <span style="color:#555">(${l.brand})</span></td><td align="right" style="padding:4px 0;vertical-align:top;white-space:nowrap">${formatPence(l.unitPricePence * l.quantity)}</td></tr>`,
    )}<tr><th colspan="2" align="left" style="padding-top:8px">Total</th><th align="right" style="padding-top:8px">${total}</th></tr></table>`,
  };
}
