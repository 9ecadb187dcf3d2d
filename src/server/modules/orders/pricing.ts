/**
 * How an order is priced (docs/product.md §2 "Checkout", §9): each line at its price at the moment of the order — the
 * variant's discounted price, else the variant's regular price, else the product's discounted price, else the
 * product's regular price — copied into the line, so later catalogue changes never alter an order; shipping is
 * free unless the store set charges (docs/delivery.md). Line total = round(unit price × quantity) to whole paise (quantities in pieces or metres, e.g.
 * ₹450 per metre × 2.5 m = ₹1,125). Amounts in integer paise. The database applies the same rule in the
 * order's statement (./place-order.ts); these are its constants and the totals of the confirmation mail.
 */
import { lineTotalPaise, type UnitOfMeasure } from '@shared/catalog/unit-of-measure';

/** The order shipping method (docs/product.md §9). */
export const DEFAULT_SHIPPING_METHOD = 'Standard Shipping';
/** The shipping fee of a store that set no charges, in paise (docs/product.md §2 "Checkout", §9: shipping is Free). */
export const SHIPPING_FEE_PAISE = 0;

/** A line to price: quantity in `unit`s, unit price in paise (per piece or per metre). */
export type LineToPrice = {
  title: string;
  size: string | null;
  color: string | null;
  unit: UnitOfMeasure;
  quantity: number;
  unitPricePaise: number;
};

/** A priced line: round(unit price × quantity) in paise. */
export type PricedItem = LineToPrice & { lineTotalPaise: number };

/**
 * The lines with their totals, the subtotal, the coupon's discount (`lineDiscountsPaise`, each line's share;
 * docs/discounts.md), the shipping fee and the total = subtotal − discount + shipping (paise). `shippingFeePaise`: the
 * charge the server computed for the delivery address (../delivery/order-charges.ts), default none.
 */
export function priceOrder(
  lines: LineToPrice[],
  shippingFeePaise = SHIPPING_FEE_PAISE,
  lineDiscountsPaise: readonly number[] = [],
): {
  items: PricedItem[];
  subtotalPaise: number;
  /** The coupon's discount: the sum of `lineDiscountsPaise` (each line's share, paise). */
  discountPaise: number;
  shippingFeePaise: number;
  totalPaise: number;
} {
  const items = lines.map((line) => ({
    ...line,
    lineTotalPaise: lineTotalPaise(line.unitPricePaise, line.quantity),
  }));
  const subtotalPaise = items.reduce((sum, item) => sum + item.lineTotalPaise, 0);
  const discountPaise = lineDiscountsPaise.reduce((sum, share) => sum + share, 0);
  return {
    items,
    subtotalPaise,
    discountPaise,
    shippingFeePaise,
    totalPaise: subtotalPaise - discountPaise + shippingFeePaise,
  };
}
