/**
 * Cart rules (docs/product.md §3 "Cart item", §4 "Cart", §9). Pure: the provider persists and announces changes.
 * Prices are in **rupees** (the screen price: per piece, or per metre for fabric sold by the metre).
 * Quantities are in the line's unit: whole pieces from 1, or metres from the product's minimum in its steps
 * (src/shared/catalog/unit-of-measure.ts).
 */
import {
  DEFAULT_METRE_MIN_QUANTITY,
  DEFAULT_METRE_QUANTITY_STEP,
  isAllowedQuantity,
  lineTotalPaise,
  maxQuantity,
  PIECE_RULE,
  thousandths,
  type QuantityRule,
} from '@shared/catalog/quantity-rules';

/**
 * One cart line: the storefront's fields (docs/product.md §3 "Cart item") plus, only where they apply, the chosen variant and
 * the selling rule of fabric sold by the metre. Lines stored before variants existed have neither and still
 * work: the order names their variant by size and colour, and they are sold by the piece.
 */
export type CartItem = {
  id: string;
  name: string;
  image: string;
  /** Unit price in rupees (per metre when `unit` is `m`). */
  price: number;
  /** Pieces, or metres when `unit` is `m` (e.g. 2.5). */
  quantity: number;
  selectedSize: string | null;
  selectedColor: string | null;
  /** The chosen variant's id; absent for a product without variants. */
  variantId?: string;
  /** `m` for fabric sold by the metre; absent means by the piece. */
  unit?: 'm';
  /** Metres: the smallest length (default 1). */
  minQuantity?: number;
  /** Metres: the step between lengths (default 0.5). */
  quantityStep?: number;
};

/** Items are distinguished by id plus size plus colour (docs/product.md §3). */
export type CartLineKey = Pick<CartItem, 'id' | 'selectedSize' | 'selectedColor'>;

export type CartAction =
  | { type: 'add'; item: CartItem }
  | { type: 'remove'; id: string }
  | { type: 'updateQuantity'; line: CartLineKey; quantity: number }
  | { type: 'clear' }
  | { type: 'replace'; items: CartItem[] };

/** Minimum cart quantity of a line sold by the piece (docs/product.md §9). */
export const MIN_QUANTITY = 1;
/** localStorage key of the cart (docs/product.md §9). */
export const CART_STORAGE_KEY = 'cart';

export function sameLine(a: CartLineKey, b: CartLineKey): boolean {
  return (
    a.id === b.id &&
    (a.selectedSize ?? null) === (b.selectedSize ?? null) &&
    (a.selectedColor ?? null) === (b.selectedColor ?? null)
  );
}

/** A stable React key of a line: its id, size and colour. */
export function cartLineKey(line: CartLineKey): string {
  return JSON.stringify([line.id, line.selectedSize ?? null, line.selectedColor ?? null]);
}

/**
 * The selling rule of a line: by the piece (from 1 in steps of 1) unless it is fabric sold by the metre, whose
 * minimum and step default to 1 m and 0.5 m when the line does not carry them.
 */
export function lineRule(line: Pick<CartItem, 'unit' | 'minQuantity' | 'quantityStep'>): QuantityRule {
  if (line.unit !== 'm') return PIECE_RULE;
  return {
    unit: 'm',
    minQuantity: line.minQuantity ?? DEFAULT_METRE_MIN_QUANTITY,
    quantityStep: line.quantityStep ?? DEFAULT_METRE_QUANTITY_STEP,
  };
}

/**
 * The largest length in metres that `rule` allows and that is at most `quantity` — never below the minimum nor
 * above the line maximum (100 m): 2.7 m in steps of 0.5 m from 1 m → 2.5 m; 0.2 m → 1 m.
 */
export function allowedMetresAtMost(rule: QuantityRule, quantity: number): number {
  const min = thousandths(rule.minQuantity);
  const step = Math.max(1, thousandths(rule.quantityStep));
  const cap = Math.min(thousandths(quantity), thousandths(maxQuantity(rule)));
  const steps = Math.max(0, Math.floor((cap - min) / step));
  return (min + steps * step) / 1000;
}

/** The quantity a new line gets: whole pieces (at least 1), or an allowed length in metres. */
function addedQuantity(item: CartItem): number {
  if (item.unit === 'm') return allowedMetresAtMost(lineRule(item), item.quantity || 0);
  return Math.max(MIN_QUANTITY, Math.floor(item.quantity) || MIN_QUANTITY);
}

/** The sum of two quantities without floating-point dust (1.1 + 2.2 = 3.3). */
const addQuantities = (a: number, b: number) => (thousandths(a) + thousandths(b)) / 1000;

/**
 * - add: the same id, size and colour increase the quantity (metres stay within the product's steps and at most
 *   100 m), else a new line is appended;
 * - remove: deletes all lines with that id;
 * - updateQuantity: ignored below 1 or for a fraction of a piece; for metres ignored unless the length is
 *   allowed (a multiple of the step from the minimum, at most 100 m);
 * - clear: empties the cart;
 * - replace: takes another tab's cart as it is.
 */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add': {
      const quantity = addedQuantity(action.item);
      const existing = items.find((item) => sameLine(item, action.item));
      if (existing) {
        const total = addQuantities(existing.quantity, quantity);
        const next = existing.unit === 'm' ? allowedMetresAtMost(lineRule(existing), total) : total;
        return items.map((item) => (item === existing ? { ...item, quantity: next } : item));
      }
      return [...items, { ...action.item, quantity }];
    }
    case 'remove':
      return items.filter((item) => item.id !== action.id);
    case 'updateQuantity': {
      const line = items.find((item) => sameLine(item, action.line));
      if (!line || !isAllowedQuantityOfLine(line, action.quantity)) return items;
      return items.map((item) => (item === line ? { ...item, quantity: action.quantity } : item));
    }
    case 'clear':
      return [];
    case 'replace':
      return action.items;
  }
}

/** Pieces: any whole number from 1 (the per-order limit is checked at checkout). Metres: the product's rule. */
function isAllowedQuantityOfLine(line: CartItem, quantity: number): boolean {
  if (line.unit === 'm') return isAllowedQuantity(lineRule(line), quantity);
  return Number.isInteger(quantity) && quantity >= MIN_QUANTITY;
}

/**
 * A line's total in paise: round(unit price in paise × quantity), the rule the server applies. The price is
 * turned into paise here as `rupeesToPaise` (src/shared/money.ts) does; that module's formatters stay off the
 * first load.
 */
const lineTotalInPaise = (item: Pick<CartItem, 'price' | 'quantity'>) =>
  lineTotalPaise(Math.round(item.price * 100), item.quantity);

/** A line's total in rupees (₹450 / metre × 2.5 m = ₹1,125), rounded to whole paise. */
export function lineTotal(item: Pick<CartItem, 'price' | 'quantity'>): number {
  return lineTotalInPaise(item) / 100;
}

/** Sum of the line totals (price × quantity), in rupees, summed in paise (docs/product.md §9). */
export function cartTotal(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + lineTotalInPaise(item), 0) / 100;
}

/**
 * Sum of quantities (docs/product.md §9), where a length of fabric counts as one item: 2 kurtas and 2.5 m of fabric are
 * 3 items.
 */
export function cartItemCount(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + (item.unit === 'm' ? 1 : item.quantity), 0);
}

/** "1 item" / "3 items" (docs/product.md §2 "Cart": singular or plural). */
export function itemCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The metre rule a stored line carries; a missing or unusable minimum or step takes its default. */
function storedMetreRule(item: CartItem): QuantityRule {
  return lineRule({
    unit: 'm',
    minQuantity: positive(item.minQuantity) ? item.minQuantity : undefined,
    quantityStep: positive(item.quantityStep) ? item.quantityStep : undefined,
  });
}

/** A stored line with its required fields and a quantity its rule allows (metres: at most 100 m). */
function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  if (
    typeof item !== 'object' ||
    item === null ||
    typeof item.id !== 'string' ||
    typeof item.name !== 'string' ||
    typeof item.price !== 'number' ||
    !Number.isFinite(item.price)
  ) {
    return false;
  }
  if (item.unit === 'm') return isAllowedQuantity(storedMetreRule(item), item.quantity);
  return Number.isInteger(item.quantity) && item.quantity >= MIN_QUANTITY;
}

/**
 * Restores the cart from its stored JSON; anything unreadable gives an empty cart, bad lines are dropped.
 * Lines stored before variants and units existed (the storefront's seven fields) are read as lines sold by the piece.
 */
export function parseStoredCart(json: string | null): CartItem[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isCartItem).map((item) => {
      const line: CartItem = {
        id: item.id,
        name: item.name,
        image: typeof item.image === 'string' ? item.image : '',
        price: item.price,
        quantity: item.quantity,
        selectedSize: typeof item.selectedSize === 'string' ? item.selectedSize : null,
        selectedColor: typeof item.selectedColor === 'string' ? item.selectedColor : null,
      };
      if (typeof item.variantId === 'string' && item.variantId !== '') line.variantId = item.variantId;
      if (item.unit === 'm') {
        const rule = storedMetreRule(item);
        line.unit = 'm';
        line.minQuantity = rule.minQuantity;
        line.quantityStep = rule.quantityStep;
      }
      return line;
    });
  } catch {
    return [];
  }
}
