/**
 * The add-ons chosen for cart lines (docs/add-ons.md "At checkout"), kept beside the cart in localStorage under
 * their own key so the cart of the first load stays as it is: line key (`cartLineKey`) → the add-ons as the
 * order sends them, with the title and price (rupees per piece) the pages show. The server prices them again.
 * Only lazy pages (the product page's picker, the cart, the checkout) use it; it lives outside lib/cart, which
 * the first-load chunk takes whole (vite.config.ts).
 */
import type { LineAddOnRequest } from '@shared/add-ons/add-on-schemas';
import type { MeasurementSet } from '@shared/add-ons/measurement-sets';

/** localStorage key of the chosen add-ons. */
export const CART_ADD_ONS_KEY = 'cart-add-ons';

/**
 * One chosen add-on of a cart line; `measurementSet` (kept since typed measurements may be saved as a profile
 * at sign-up) is absent in what older pages stored.
 */
export type CartAddOn = {
  request: LineAddOnRequest;
  title: string;
  price: number;
  leadDays: number;
  measurementSet?: MeasurementSet;
};

/** Every line's chosen add-ons (empty when nothing is stored or it cannot be read). */
export function readCartAddOns(): Record<string, CartAddOn[]> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_ADD_ONS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, CartAddOn[]>)
      : {};
  } catch {
    return {};
  }
}

/** The add-ons chosen for the line `key` (empty: none). */
export function lineAddOns(key: string): CartAddOn[] {
  const list = readCartAddOns()[key];
  return Array.isArray(list) ? list : [];
}

/** Sets (or, with an empty list, clears) the add-ons of the line `key`. */
export function setLineAddOns(key: string, addOns: CartAddOn[]): void {
  const all = readCartAddOns();
  if (addOns.length === 0) delete all[key];
  else all[key] = addOns;
  try {
    localStorage.setItem(CART_ADD_ONS_KEY, JSON.stringify(all));
  } catch {
    // Storage full or off: the add-ons are simply not kept.
  }
}

/** Forgets every line's add-ons (after an order is placed). */
export function clearCartAddOns(): void {
  try {
    localStorage.removeItem(CART_ADD_ONS_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The codes of every line's chosen add-ons, each once, in the order first met (the delivery estimate's). */
export function chosenAddOnCodes(): string[] {
  return [
    ...new Set(
      Object.values(readCartAddOns()).flatMap((list) =>
        Array.isArray(list) ? list.map((addOn) => addOn.request.code) : [],
      ),
    ),
  ];
}

/** The add-ons' total of a line of `quantity` (pieces; fabric by the metre counts once), rupees. */
export function lineAddOnsTotal(addOns: readonly CartAddOn[], quantity: number, unit?: 'm'): number {
  const pieces = unit === 'm' ? 1 : quantity;
  return addOns.reduce((sum, addOn) => sum + Math.round(addOn.price * 100) * pieces, 0) / 100;
}
