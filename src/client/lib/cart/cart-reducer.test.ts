import { describe, expect, it } from 'vitest';
import {
  allowedMetresAtMost,
  CART_STORAGE_KEY,
  cartItemCount,
  cartLineKey,
  cartReducer,
  cartTotal,
  itemCountLabel,
  lineRule,
  lineTotal,
  MIN_QUANTITY,
  parseStoredCart,
  sameLine,
  type CartItem,
} from './cart-reducer';

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: 'p1',
  name: 'Banarasi Silk Saree',
  image: '/media/demo/saree.svg',
  price: 4999,
  quantity: 1,
  selectedSize: null,
  selectedColor: null,
  ...overrides,
});

describe('cartReducer add (docs/product.md §4 Cart)', () => {
  it('appends a new line to an empty cart', () => {
    expect(cartReducer([], { type: 'add', item: item({ quantity: 2 }) })).toEqual([item({ quantity: 2 })]);
  });

  it('increases the quantity of the line with the same id, size and colour', () => {
    const cart = [item({ selectedSize: 'M', selectedColor: 'Maroon', quantity: 2 })];
    const next = cartReducer(cart, {
      type: 'add',
      item: item({ selectedSize: 'M', selectedColor: 'Maroon', quantity: 3 }),
    });
    expect(next).toEqual([item({ selectedSize: 'M', selectedColor: 'Maroon', quantity: 5 })]);
  });

  it('appends a new line when the size or the colour differs', () => {
    const cart = [item({ selectedSize: 'M', selectedColor: 'Maroon' })];
    const otherSize = cartReducer(cart, {
      type: 'add',
      item: item({ selectedSize: 'L', selectedColor: 'Maroon' }),
    });
    expect(otherSize).toHaveLength(2);
    const otherColour = cartReducer(cart, {
      type: 'add',
      item: item({ selectedSize: 'M', selectedColor: 'Gold' }),
    });
    expect(otherColour).toHaveLength(2);
    const noColour = cartReducer(cart, { type: 'add', item: item({ selectedSize: 'M' }) });
    expect(noColour.map((line) => line.selectedColor)).toEqual(['Maroon', null]);
  });

  it('appends a new line for another product with the same size and colour', () => {
    const next = cartReducer([item()], { type: 'add', item: item({ id: 'p2', name: 'Chanderi Suit Set' }) });
    expect(next.map((line) => line.id)).toEqual(['p1', 'p2']);
  });

  it('adds at least the minimum quantity of 1', () => {
    expect(cartReducer([], { type: 'add', item: item({ quantity: 0 }) })[0]?.quantity).toBe(MIN_QUANTITY);
    expect(cartReducer([], { type: 'add', item: item({ quantity: -3 }) })[0]?.quantity).toBe(1);
  });

  it('does not change the previous state', () => {
    const cart = [item()];
    cartReducer(cart, { type: 'add', item: item() });
    expect(cart).toEqual([item()]);
  });
});

describe('cartReducer remove, updateQuantity, clear, replace (docs/product.md §4 Cart)', () => {
  const cart = [
    item({ selectedSize: 'M' }),
    item({ id: 'p2', name: 'Chanderi Suit Set' }),
    item({ selectedSize: 'L', quantity: 2 }),
  ];

  it('remove deletes every line with that id', () => {
    expect(cartReducer(cart, { type: 'remove', id: 'p1' })).toEqual([
      item({ id: 'p2', name: 'Chanderi Suit Set' }),
    ]);
    expect(cartReducer(cart, { type: 'remove', id: 'unknown' })).toEqual(cart);
  });

  it('updateQuantity changes only the matching line', () => {
    const next = cartReducer(cart, {
      type: 'updateQuantity',
      line: { id: 'p1', selectedSize: 'L', selectedColor: null },
      quantity: 4,
    });
    expect(next.map((line) => line.quantity)).toEqual([1, 1, 4]);
  });

  it('updateQuantity is ignored below 1', () => {
    const line = { id: 'p1', selectedSize: 'L', selectedColor: null };
    expect(cartReducer(cart, { type: 'updateQuantity', line, quantity: 0 })).toBe(cart);
    expect(cartReducer(cart, { type: 'updateQuantity', line, quantity: -1 })).toBe(cart);
  });

  it('clear empties the cart', () => {
    expect(cartReducer(cart, { type: 'clear' })).toEqual([]);
  });

  it('replace takes the given items', () => {
    const other = [item({ id: 'p9' })];
    expect(cartReducer(cart, { type: 'replace', items: other })).toBe(other);
  });
});

describe('sameLine (docs/product.md §3 Cart item)', () => {
  it('compares id, size and colour, treating a missing option as null', () => {
    expect(sameLine(item({ selectedSize: 'M' }), item({ selectedSize: 'M' }))).toBe(true);
    expect(sameLine(item({ selectedSize: 'M' }), item({ selectedSize: 'L' }))).toBe(false);
    expect(
      sameLine(item(), { id: 'p1', selectedSize: undefined as unknown as null, selectedColor: null }),
    ).toBe(true);
  });
});

describe('cartTotal and cartItemCount (docs/product.md §9)', () => {
  it('sums price × quantity in rupees', () => {
    expect(
      cartTotal([item({ price: 4999, quantity: 2 }), item({ id: 'p2', price: 1299.5, quantity: 1 })]),
    ).toBe(11297.5);
    expect(cartTotal([item({ price: 0.1, quantity: 3 })])).toBe(0.3);
    expect(cartTotal([])).toBe(0);
  });

  it('sums quantities', () => {
    expect(cartItemCount([item({ quantity: 2 }), item({ id: 'p2', quantity: 1 })])).toBe(3);
    expect(cartItemCount([])).toBe(0);
  });
});

describe('itemCountLabel (docs/product.md §2 Cart)', () => {
  it('is singular for one item and plural otherwise', () => {
    expect(itemCountLabel(1)).toBe('1 item');
    expect(itemCountLabel(3)).toBe('3 items');
    expect(itemCountLabel(0)).toBe('0 items');
  });
});

describe('parseStoredCart (docs/product.md §4 Cart, §9)', () => {
  it('uses the storage key "cart"', () => {
    expect(CART_STORAGE_KEY).toBe('cart');
  });

  it('restores a stored cart', () => {
    const stored = [item({ selectedSize: 'M', selectedColor: 'Maroon', quantity: 2 })];
    expect(parseStoredCart(JSON.stringify(stored))).toEqual(stored);
  });

  it('gives an empty cart for missing, unreadable or non-list data', () => {
    for (const json of [null, '', 'not json', '{"id":"p1"}', '42', 'null', '"cart"']) {
      expect(parseStoredCart(json)).toEqual([]);
    }
  });

  it('drops bad lines and fills missing optional fields', () => {
    const json = JSON.stringify([
      { id: 'p1', name: 'Saree', price: 100, quantity: 1 },
      { id: 'p2', name: 'No price', quantity: 1 },
      { id: 'p3', name: 'Zero', price: 100, quantity: 0 },
      { id: 'p4', name: 'Fraction', price: 100, quantity: 1.5 },
      { id: 5, name: 'Numeric id', price: 100, quantity: 1 },
      { id: 'p6', name: 'Infinite', price: null, quantity: 1 },
      null,
      'text',
    ]);
    expect(parseStoredCart(json)).toEqual([
      {
        id: 'p1',
        name: 'Saree',
        image: '',
        price: 100,
        quantity: 1,
        selectedSize: null,
        selectedColor: null,
      },
    ]);
  });
});

/** 2.5 m of fabric at ₹450 per metre, sold from 1 m in steps of 0.5 m. */
const fabric = (overrides: Partial<CartItem> = {}): CartItem =>
  item({
    id: 'fab',
    name: 'Indigo Sanganeri Block Print Cotton Fabric',
    price: 450,
    quantity: 2.5,
    selectedColor: 'Indigo',
    unit: 'm',
    minQuantity: 1,
    quantityStep: 0.5,
    ...overrides,
  });

/** M / Maroon of a kurta with variants. */
const kurta = (overrides: Partial<CartItem> = {}): CartItem =>
  item({
    id: 'kurta',
    name: 'Maroon Raw Silk Kurta',
    price: 3999,
    selectedSize: 'M',
    selectedColor: 'Maroon',
    variantId: 'v-m-maroon',
    ...overrides,
  });

describe('lines sold by the metre', () => {
  it('lineRule reads the unit, minimum and step, with the fabric defaults and pieces otherwise', () => {
    expect(lineRule(fabric())).toEqual({ unit: 'm', minQuantity: 1, quantityStep: 0.5 });
    expect(lineRule({ unit: 'm' })).toEqual({ unit: 'm', minQuantity: 1, quantityStep: 0.5 });
    expect(lineRule(item())).toEqual({ unit: 'piece', minQuantity: 1, quantityStep: 1 });
  });

  it('allowedMetresAtMost keeps a length on the steps, from the minimum, at most 100 m', () => {
    const rule = { unit: 'm' as const, minQuantity: 1, quantityStep: 0.5 };
    expect(allowedMetresAtMost(rule, 2.7)).toBe(2.5);
    expect(allowedMetresAtMost(rule, 2.5)).toBe(2.5);
    expect(allowedMetresAtMost(rule, 0.2)).toBe(1);
    expect(allowedMetresAtMost(rule, 250)).toBe(100);
    expect(allowedMetresAtMost({ unit: 'm', minQuantity: 1.2, quantityStep: 0.75 }, 3)).toBe(2.7);
  });

  it('add keeps 2.5 m as it is and adds lengths of the same line together', () => {
    const first = cartReducer([], { type: 'add', item: fabric() });
    expect(first).toEqual([fabric()]);
    const more = cartReducer(first, { type: 'add', item: fabric({ quantity: 1.5 }) });
    expect(more.map((line) => line.quantity)).toEqual([4]);
  });

  it('add moves a length off the steps down onto them, and never below the minimum', () => {
    expect(cartReducer([], { type: 'add', item: fabric({ quantity: 2.7 }) })[0]?.quantity).toBe(2.5);
    expect(cartReducer([], { type: 'add', item: fabric({ quantity: 0 }) })[0]?.quantity).toBe(1);
    const full = cartReducer([fabric({ quantity: 99 })], { type: 'add', item: fabric({ quantity: 3 }) });
    expect(full[0]?.quantity).toBe(100);
  });

  it('updateQuantity takes allowed lengths only', () => {
    const cart = [fabric()];
    const line = { id: 'fab', selectedSize: null, selectedColor: 'Indigo' };
    expect(cartReducer(cart, { type: 'updateQuantity', line, quantity: 3 })[0]?.quantity).toBe(3);
    expect(cartReducer(cart, { type: 'updateQuantity', line, quantity: 1.5 })[0]?.quantity).toBe(1.5);
    for (const quantity of [0.5, 2.25, 0, -1, 100.5, Number.NaN]) {
      expect(cartReducer(cart, { type: 'updateQuantity', line, quantity }), String(quantity)).toBe(cart);
    }
  });

  it('a fraction of a piece is still refused', () => {
    const cart = [item()];
    const line = { id: 'p1', selectedSize: null, selectedColor: null };
    expect(cartReducer(cart, { type: 'updateQuantity', line, quantity: 1.5 })).toBe(cart);
  });
});

describe('variant lines', () => {
  it('are still told apart by id, size and colour, and keep their variant id', () => {
    const cart = cartReducer([kurta()], { type: 'add', item: kurta({ quantity: 2 }) });
    expect(cart).toEqual([kurta({ quantity: 3 })]);
    const other = cartReducer(cart, {
      type: 'add',
      item: kurta({ selectedColor: 'Bottle Green', variantId: 'v-m-green' }),
    });
    expect(other.map((line) => line.variantId)).toEqual(['v-m-maroon', 'v-m-green']);
  });

  it('cartLineKey is the id, size and colour', () => {
    expect(cartLineKey(kurta())).toBe('["kurta","M","Maroon"]');
    expect(cartLineKey(item())).toBe('["p1",null,null]');
  });
});

describe('totals with lengths of fabric', () => {
  it('lineTotal rounds price × quantity to whole paise like the server: ₹450 × 2.5 m = ₹1,125', () => {
    expect(lineTotal(fabric())).toBe(1125);
    expect(lineTotal(fabric({ price: 449.99, quantity: 1.5 }))).toBe(674.99);
    expect(lineTotal(item({ price: 1299.5, quantity: 3 }))).toBe(3898.5);
  });

  it('cartTotal sums the line totals; a length of fabric counts as one item', () => {
    const cart = [kurta(), fabric()];
    expect(cartTotal(cart)).toBe(3999 + 1125);
    expect(cartItemCount(cart)).toBe(2);
    expect(cartItemCount([kurta({ quantity: 2 }), fabric({ quantity: 7.5 })])).toBe(3);
  });
});

describe('parseStoredCart with variants and units', () => {
  it('restores variant and fabric lines as they were stored', () => {
    const stored = [kurta({ quantity: 2 }), fabric()];
    expect(parseStoredCart(JSON.stringify(stored))).toEqual(stored);
  });

  it('reads a cart stored before variants existed as lines by the piece, without a variant', () => {
    const old = [
      {
        id: 'kurta',
        name: 'Maroon Raw Silk Kurta',
        image: '/media/demo/kurta.svg',
        price: 3999,
        quantity: 2,
        selectedSize: 'M',
        selectedColor: 'Maroon',
      },
    ];
    const [line] = parseStoredCart(JSON.stringify(old));
    expect(line).toEqual(old[0]);
    expect(lineRule(line!).unit).toBe('piece');
    expect('variantId' in line!).toBe(false);
  });

  it('fills a missing or unusable fabric rule with 1 m and 0.5 m, and drops lengths off the steps', () => {
    const json = JSON.stringify([
      { ...fabric(), minQuantity: undefined, quantityStep: -1 },
      { ...fabric({ id: 'off-step' }), quantity: 2.25 },
      { ...fabric({ id: 'too-long' }), quantity: 120 },
      { ...kurta(), variantId: 42 },
      { ...kurta({ id: 'blank-variant' }), variantId: '' },
    ]);
    const restored = parseStoredCart(json);
    expect(restored).toEqual([
      fabric(),
      kurta({ variantId: undefined }),
      kurta({ id: 'blank-variant', variantId: undefined }),
    ]);
    expect(restored.map((line) => 'variantId' in line)).toEqual([false, false, false]);
  });
});
