/**
 * How an order is priced (spec §2 "Checkout", §9): each line at the product's price at the moment of the
 * order — the discounted price when there is one, else the regular price — copied into the line, so later
 * catalogue changes never alter an order; shipping is free. Amounts in integer paise. The database applies
 * the same rule in the order's statement (./place-order.ts); these are its constants and the totals of the
 * confirmation mail.
 */

/** The order shipping method (spec §9). */
export const DEFAULT_SHIPPING_METHOD = 'Standard Shipping';
/** The shipping fee of every order, in paise (spec §2 "Checkout", §9: shipping is Free). */
export const SHIPPING_FEE_PAISE = 0;

/** A priced line: quantity × unit price (paise). */
export type PricedItem = { title: string; quantity: number; unitPricePaise: number; lineTotalPaise: number };

/** The lines with their totals, the subtotal, the shipping fee and the total (paise). */
export function priceOrder(lines: { title: string; quantity: number; unitPricePaise: number }[]): {
  items: PricedItem[];
  subtotalPaise: number;
  shippingFeePaise: number;
  totalPaise: number;
} {
  const items = lines.map((line) => ({
    title: line.title,
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
    lineTotalPaise: line.unitPricePaise * line.quantity,
  }));
  const subtotalPaise = items.reduce((sum, item) => sum + item.lineTotalPaise, 0);
  return {
    items,
    subtotalPaise,
    shippingFeePaise: SHIPPING_FEE_PAISE,
    totalPaise: subtotalPaise + SHIPPING_FEE_PAISE,
  };
}
