/**
 * How one line (a cart line, a checkout line or an order line) reads on screen: the chosen variant as
 * 'M / Maroon' and the quantity times the unit price as '2 × ₹1,299' or, for fabric sold by the metre,
 * '2.5 m × ₹450'. Shared by the cart, the checkout summary and the order views.
 */
import { formatQuantity, type UnitOfMeasure } from '@shared/catalog/unit-of-measure';
import { formatRupees } from '@shared/money';

/**
 * The chosen size and colour joined with ' / ': 'M / Maroon', 'M' or 'Maroon'; '' when the line has neither
 * (blank values count as absent).
 */
export function variantLabel(size: string | null | undefined, color: string | null | undefined): string {
  return [size, color]
    .map((value) => value?.trim() ?? '')
    .filter(Boolean)
    .join(' / ');
}

/**
 * The quantity in the line's unit times the unit price, already formatted (rupees with ₹):
 * `quantityTimesPrice(2, 'piece', '₹1,299')` → '2 × ₹1,299'; `quantityTimesPrice(2.5, 'm', '₹450')` →
 * '2.5 m × ₹450' (the price is then per metre).
 */
export function quantityTimesPrice(quantity: number, unit: UnitOfMeasure, formattedPrice: string): string {
  return `${formatQuantity(quantity, unit)} × ${formattedPrice}`;
}

/**
 * The coupon's discount of an order as its own row, shown by the payment and order-success pages ('Discount (FIRST10)', '-₹499.80'; docs/discounts.md), or
 * null when the order has none. `discount` in rupees, as the order answer carries it.
 */
export function discountRow(order: {
  discount?: number | undefined;
  couponCode?: string | null | undefined;
}): { label: string; amount: string } | null {
  const discount = order.discount ?? 0;
  if (!(discount > 0)) return null;
  const code = order.couponCode?.trim();
  return { label: code ? `Discount (${code})` : 'Discount', amount: `-${formatRupees(discount)}` };
}
