/**
 * How an order line reads in the order e-mails, the tax invoices and the shop owner's CLI: the title with the
 * size and colour chosen, and the quantity in its unit times the unit price — 'Maroon Raw Silk Kurta — Size M,
 * Colour Maroon', '2.5 m × ₹450' (fabric by the metre: the price is per metre).
 */
import { formatQuantity, type UnitOfMeasure } from '@shared/catalog/unit-of-measure';
import { formatRupees, paiseToRupees } from '@shared/money';

/** An amount in paise as the order views show it: `₹1,24,999` or `₹2,747.50` (formatRupees, docs/product.md §9). */
export const rupeesText = (paise: number) => formatRupees(paiseToRupees(paise));

/** The options of a line: 'Size M, Colour Maroon', 'Colour Gold', or '' when it has none. */
export function lineOptionsText(line: { size: string | null; color: string | null }): string {
  return [line.size ? `Size ${line.size}` : '', line.color ? `Colour ${line.color}` : '']
    .filter(Boolean)
    .join(', ');
}

/** The line's title with its options: 'Maroon Raw Silk Kurta — Size M, Colour Maroon', or the title alone. */
export function lineNameText(line: { title: string; size: string | null; color: string | null }): string {
  const options = lineOptionsText(line);
  return options ? `${line.title} — ${options}` : line.title;
}

/** Quantity in its unit times the unit price (paise): '2.5 m × ₹450', '2 × ₹1,299.50'. */
export function quantityTimesPriceText(line: {
  quantity: number;
  unit: UnitOfMeasure;
  unitPricePaise: number;
}): string {
  return `${formatQuantity(line.quantity, line.unit)} × ${rupeesText(line.unitPricePaise)}`;
}
