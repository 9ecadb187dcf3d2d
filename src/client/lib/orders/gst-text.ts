/**
 * The GST texts of the checkout and of an order (docs/gst.md). Prices are GST-inclusive; the amount shown is
 * the server's (the quote before placing, the stored tax after), never computed here.
 */
import type { GST_SUPPLY_KINDS } from '@shared/orders/order-schemas';

/** The line under the total of the checkout and of an order. */
export const PRICES_INCLUDE_GST = 'Prices include GST';

/** How the GST is named by its supply kind: 'IGST' to another state, 'CGST + SGST' within the store's. */
export function gstLabel(supply: (typeof GST_SUPPLY_KINDS)[number] | null | undefined): string | null {
  if (supply === 'inter-state') return 'IGST';
  if (supply === 'intra-state') return 'CGST + SGST';
  return null;
}

/** 'Prices include GST (IGST)', or without the brackets when the supply kind is not known yet. */
export function pricesIncludeGstText(supply: (typeof GST_SUPPLY_KINDS)[number] | null | undefined): string {
  const label = gstLabel(supply);
  return label ? `${PRICES_INCLUDE_GST} (${label})` : PRICES_INCLUDE_GST;
}
