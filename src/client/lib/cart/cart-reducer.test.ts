import { describe, expect, it } from 'vitest';
import {
  CART_STORAGE_KEY,
  cartItemCount,
  cartReducer,
  cartTotal,
  itemCountLabel,
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

describe('cartReducer add (spec §4 Cart)', () => {
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

describe('cartReducer remove, updateQuantity, clear, replace (spec §4 Cart)', () => {
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

describe('sameLine (spec §3 Cart item)', () => {
  it('compares id, size and colour, treating a missing option as null', () => {
    expect(sameLine(item({ selectedSize: 'M' }), item({ selectedSize: 'M' }))).toBe(true);
    expect(sameLine(item({ selectedSize: 'M' }), item({ selectedSize: 'L' }))).toBe(false);
    expect(
      sameLine(item(), { id: 'p1', selectedSize: undefined as unknown as null, selectedColor: null }),
    ).toBe(true);
  });
});

describe('cartTotal and cartItemCount (spec §9)', () => {
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

describe('itemCountLabel (spec §2 Cart)', () => {
  it('is singular for one item and plural otherwise', () => {
    expect(itemCountLabel(1)).toBe('1 item');
    expect(itemCountLabel(3)).toBe('3 items');
    expect(itemCountLabel(0)).toBe('0 items');
  });
});

describe('parseStoredCart (spec §4 Cart, §9)', () => {
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
