/**
 * The product page's one-line return note (docs/returns.md "Settings"), beside the delivery estimate: from the
 * product's effective `returnable` (its own setting, else all but fabric sold by the metre) and the store's
 * return settings (store info `returns`).
 */
import type { StoreInfo } from '@shared/store-settings/store-info-schema';

/** The note for a product that may not be returned, or of a shop that takes no returns. */
export const NOT_RETURNABLE_NOTE = 'This item cannot be returned';

/**
 * '7-day returns and size exchanges' (exchanges offered and the product comes in sizes or colours),
 * '7-day returns', or 'This item cannot be returned' (not returnable, or a window of 0 days). Null when the
 * product answer does not say (an older server). `returns` absent: the defaults (7 days, exchanges).
 */
export function productReturnNote(
  product: { returnable?: boolean | undefined; variants: readonly unknown[] },
  returns: StoreInfo['returns'],
): string | null {
  if (product.returnable === undefined) return null;
  const windowDays = returns?.windowDays ?? 7;
  const exchanges = returns?.exchanges ?? true;
  if (!product.returnable || windowDays <= 0) return NOT_RETURNABLE_NOTE;
  const returnsText = `${windowDays}-day returns`;
  return exchanges && product.variants.length > 0 ? `${returnsText} and size exchanges` : returnsText;
}
