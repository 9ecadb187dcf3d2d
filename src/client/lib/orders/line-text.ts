/**
 * How one line (a cart line, a checkout line or an order line) reads on screen: the chosen variant as
 * 'M / Maroon' and the quantity times the unit price as '2 × ₹1,299' or, for fabric sold by the metre,
 * '2.5 m × ₹450'. Shared by the cart, the checkout summary and the order views.
 */
import { formatQuantity, type UnitOfMeasure } from '@shared/catalog/unit-of-measure';

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
