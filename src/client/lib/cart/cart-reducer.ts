/**
 * Cart rules (spec §3 "Cart item", §4 "Cart", §9). Pure: the provider persists and announces changes.
 * Prices are in **rupees** (the screen product price).
 */

export type CartItem = {
  id: string;
  name: string;
  image: string;
  /** Unit price in rupees. */
  price: number;
  quantity: number;
  selectedSize: string | null;
  selectedColor: string | null;
};

/** Items are distinguished by id plus size plus colour (spec §3). */
export type CartLineKey = Pick<CartItem, 'id' | 'selectedSize' | 'selectedColor'>;

export type CartAction =
  | { type: 'add'; item: CartItem }
  | { type: 'remove'; id: string }
  | { type: 'updateQuantity'; line: CartLineKey; quantity: number }
  | { type: 'clear' }
  | { type: 'replace'; items: CartItem[] };

/** Minimum cart quantity (spec §9). */
export const MIN_QUANTITY = 1;
/** localStorage key of the cart (spec §9). */
export const CART_STORAGE_KEY = 'cart';

export function sameLine(a: CartLineKey, b: CartLineKey): boolean {
  return (
    a.id === b.id &&
    (a.selectedSize ?? null) === (b.selectedSize ?? null) &&
    (a.selectedColor ?? null) === (b.selectedColor ?? null)
  );
}

/**
 * - add: the same id, size and colour increase the quantity, else a new line is appended;
 * - remove: deletes all lines with that id;
 * - updateQuantity: ignored below 1;
 * - clear: empties the cart;
 * - replace: takes another tab's cart as it is.
 */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add': {
      const quantity = Math.max(MIN_QUANTITY, Math.floor(action.item.quantity) || MIN_QUANTITY);
      const existing = items.find((item) => sameLine(item, action.item));
      if (existing) {
        return items.map((item) =>
          item === existing ? { ...item, quantity: item.quantity + quantity } : item,
        );
      }
      return [...items, { ...action.item, quantity }];
    }
    case 'remove':
      return items.filter((item) => item.id !== action.id);
    case 'updateQuantity':
      if (!Number.isInteger(action.quantity) || action.quantity < MIN_QUANTITY) return items;
      return items.map((item) =>
        sameLine(item, action.line) ? { ...item, quantity: action.quantity } : item,
      );
    case 'clear':
      return [];
    case 'replace':
      return action.items;
  }
}

/** Sum of price × quantity, in rupees (spec §9). */
export function cartTotal(items: CartItem[]): number {
  return Math.round(items.reduce((sum, item) => sum + item.price * item.quantity, 0) * 100) / 100;
}

/** Sum of quantities (spec §9). */
export function cartItemCount(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** "1 item" / "3 items" (spec §2 "Cart": singular or plural). */
export function itemCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'string' &&
    typeof item.name === 'string' &&
    typeof item.price === 'number' &&
    Number.isFinite(item.price) &&
    Number.isInteger(item.quantity) &&
    item.quantity >= MIN_QUANTITY
  );
}

/** Restores the cart from its stored JSON; anything unreadable gives an empty cart, bad lines are dropped. */
export function parseStoredCart(json: string | null): CartItem[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isCartItem).map((item) => ({
      id: item.id,
      name: item.name,
      image: typeof item.image === 'string' ? item.image : '',
      price: item.price,
      quantity: item.quantity,
      selectedSize: typeof item.selectedSize === 'string' ? item.selectedSize : null,
      selectedColor: typeof item.selectedColor === 'string' ? item.selectedColor : null,
    }));
  } catch {
    return [];
  }
}
