/**
 * The signed-in shopper's cart kept on the server too (docs/messages.md "Forgotten carts"), loaded with a
 * dynamic import only while a session exists, so the shell does not carry it: each change of the browser's
 * cart is written whole (`PUT /cart`; the same lines as last written are not sent again, so opening the shop is
 * not a change), the browser's cart joins the account's at sign-in (`POST /cart/merge`, as the wishlist does),
 * and a reminder's link (`/cart?restore={token}`) puts its cart in this browser, signed in or not. The provider (cart-context.tsx) follows a cart written
 * here through the `storage` event it already listens to.
 */
import { cartSchema, cartTexts, type Cart, type CartLineInput } from '@shared/carts/cart-schemas';
import { apiRequest } from '@client/lib/api-client';
import { CART_STORAGE_KEY, parseStoredCart, type CartItem } from '@client/lib/cart/cart-reducer';

/** localStorage key of the lines last written to the server (JSON), to skip writing the same again. */
const SYNCED_KEY = 'cart-synced';

/** The lines of `items` as the server takes them; lines saved before variants existed name no variant. */
function linesOf(items: readonly CartItem[]): CartLineInput[] {
  return items.map((item) => ({
    productId: item.id,
    ...(item.variantId ? { variantId: item.variantId } : {}),
    quantity: item.quantity,
  }));
}

/** `cart` as the browser's cart lines. */
export function itemsOf(cart: Cart): CartItem[] {
  return cart.lines.map((line) => ({
    id: line.productId,
    name: line.name,
    image: line.image,
    price: line.price,
    quantity: line.quantity,
    selectedSize: line.selectedSize,
    selectedColor: line.selectedColor,
    ...(line.variantId ? { variantId: line.variantId } : {}),
    ...(line.unit === 'm'
      ? { unit: 'm' as const, minQuantity: line.minQuantity, quantityStep: line.quantityStep }
      : {}),
  }));
}

/** Puts `items` in this browser's cart, and tells the provider (the `storage` event other tabs send too). */
export function showCart(items: CartItem[]): void {
  const value = JSON.stringify(items);
  try {
    localStorage.setItem(CART_STORAGE_KEY, value);
  } catch {
    // Storage full or disabled: the provider still shows the cart for this visit.
  }
  window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: value }));
}

/** Writes `items` to the account's cart unless they are the lines last written. Failures wait for the next change. */
export async function push(items: readonly CartItem[]): Promise<void> {
  const body = JSON.stringify(linesOf(items));
  if (localStorage.getItem(SYNCED_KEY) === body) return;
  try {
    await apiRequest('/cart', { method: 'PUT', body: { lines: linesOf(items) }, schema: cartSchema });
    localStorage.setItem(SYNCED_KEY, body);
  } catch {
    // Offline, signed out or a line no longer sold: the next change tries again.
  }
}

/** At sign-in: the browser's cart joins the account's, and the joined cart shows here. */
export async function mergeAccountCart(): Promise<void> {
  const items = parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));
  try {
    const cart = await apiRequest('/cart/merge', {
      method: 'POST',
      body: { lines: linesOf(items) },
      schema: cartSchema,
    });
    // A line this browser already had keeps the size and colour it showed (a product without variants has
    // them on the product, which the account's cart does not hold).
    const shown = new Map(items.map((item) => [`${item.id}|${item.variantId ?? ''}`, item]));
    const merged = itemsOf(cart).map((item) => {
      const local = shown.get(`${item.id}|${item.variantId ?? ''}`);
      return local
        ? {
            ...item,
            selectedSize: local.selectedSize ?? item.selectedSize,
            selectedColor: local.selectedColor ?? item.selectedColor,
          }
        : item;
    });
    localStorage.setItem(SYNCED_KEY, JSON.stringify(linesOf(merged)));
    showCart(merged);
  } catch {
    // Offline: the browser's cart stays, and is written at its next change.
  }
}

/** The sentence for a reminder's link that is not valid (or got no answer). */
export const CART_LINK_INVALID = cartTexts.linkInvalid;

/**
 * The cart of a reminder's link (`/cart?restore={token}`), put in this browser.
 * @throws {ApiError} for a link that is not valid or no answer (the cart stays as it is).
 */
export async function restoreFromLink(token: string): Promise<void> {
  const cart = await apiRequest(`/cart/restore/${encodeURIComponent(token)}`, { schema: cartSchema });
  showCart(itemsOf(cart));
}
