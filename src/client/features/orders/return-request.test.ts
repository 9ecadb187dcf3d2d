import { describe, expect, it } from 'vitest';
import type { ProductVariant } from '@shared/catalog/product-schema';
import type { Order } from '@shared/orders/order-schemas';
import {
  afterDeliveryView,
  canAskForReturn,
  dayMonth,
  indiaToday,
  refundText,
} from './order-after-delivery-view';
import {
  CHOOSE_A_SIZE,
  CHOOSE_AN_ITEM,
  exchangeChoices,
  formFieldOf,
  initialReturnValues,
  returnableItems,
  returnRequestOf,
} from './return-request-form';

const item = (overrides: Partial<Order['items'][number]>): Order['items'][number] => ({
  id: '1',
  productId: 'p1',
  variantId: 'v-m',
  productTitle: 'Cotton Kurta',
  sku: 'KUR-M',
  size: 'M',
  color: 'White',
  imgUrl: null,
  unit: 'piece',
  quantity: 2,
  price: 999.5,
  lineTotal: 1999,
  returnable: true,
  returnableQuantity: 2,
  ...overrides,
});

const variant = (id: string, size: string, price: number, available = true): ProductVariant => ({
  id,
  sku: id,
  size,
  color: 'White',
  price,
  discountedPrice: null,
  imgUrl: null,
  available,
  lowStock: false,
});

describe('Return or exchange on an order', () => {
  const delivered = { status: 3, returnWindowLastDay: '2026-12-03', items: [item({})] };

  it('is offered on a Delivered order until the last day (India time), with something left', () => {
    expect(canAskForReturn(delivered, '2026-12-03')).toBe(true);
    expect(canAskForReturn(delivered, '2026-12-04')).toBe(false);
    expect(canAskForReturn({ ...delivered, status: 2 }, '2026-12-01')).toBe(false);
    expect(canAskForReturn({ ...delivered, returnWindowLastDay: null }, '2026-12-01')).toBe(false);
    expect(canAskForReturn({ ...delivered, items: [item({ returnableQuantity: 0 })] }, '2026-12-01')).toBe(
      false,
    );
    expect(canAskForReturn({ ...delivered, items: [item({ returnable: false })] }, '2026-12-01')).toBe(false);
    expect(indiaToday(new Date('2026-11-30T20:00:00Z'))).toBe('2026-12-01');
  });

  it("reads refunds as the shopper does: 'Refund of ₹1,999 processed on 5 Dec', pending, failed", () => {
    expect(refundText({ amount: 1999, status: 'processed', processedAt: '2026-12-05T06:00:00.000Z' })).toBe(
      'Refund of ₹1,999 processed on 5 Dec',
    );
    expect(refundText({ amount: 1240.5, status: 'pending', processedAt: null })).toBe(
      'Refund of ₹1,240.50 pending',
    );
    expect(refundText({ amount: 350, status: 'failed', processedAt: null })).toBe('Refund of ₹350 failed');
    expect(dayMonth('2026-12-04T19:00:00.000Z')).toBe('5 Dec');
    expect(afterDeliveryView(delivered, '2026-11-30').windowText).toBe('Returns accepted until 3 Dec 2026');
  });
});

describe('the return request form', () => {
  const items = [item({}), item({ id: '2', productTitle: 'Mulmul Dupatta', variantId: null, size: null })];

  it('lists only what may come back and starts with nothing ticked', () => {
    expect(
      returnableItems({ items: [...items, item({ id: '3', returnable: false })] }).map((i) => i.id),
    ).toEqual(['1', '2']);
    expect(initialReturnValues(items).lines.map((line) => [line.selected, line.quantity, line.mode])).toEqual(
      [
        [false, '1', 'refund'],
        [false, '1', 'refund'],
      ],
    );
  });

  it('builds the body from the ticked lines, or names the problems on the form', () => {
    const values = initialReturnValues(items);
    expect(returnRequestOf(values)).toEqual({ problems: [{ field: 'root', message: CHOOSE_AN_ITEM }] });
    values.lines[1] = { ...values.lines[1]!, selected: true, reason: '' };
    expect(returnRequestOf(values)).toEqual({
      problems: [{ field: 'lines.1.reason', message: 'Please choose a reason' }],
    });
    values.lines[0] = { ...values.lines[0]!, selected: true, reason: 'size-too-small', mode: 'exchange' };
    values.lines[1] = { ...values.lines[1]!, reason: 'changed-mind', quantity: '1' };
    expect(returnRequestOf(values)).toEqual({
      problems: [{ field: 'lines.0.exchangeVariantId', message: CHOOSE_A_SIZE }],
    });
    values.lines[0] = { ...values.lines[0]!, exchangeVariantId: '0b9f2c55-3a34-4c1e-9d4a-2f0b8d1e6c11' };
    values.note = ' Tight. ';
    expect(returnRequestOf(values)).toEqual({
      body: {
        lines: [
          {
            lineId: '1',
            quantity: 1,
            reason: 'size-too-small',
            exchangeVariantId: '0b9f2c55-3a34-4c1e-9d4a-2f0b8d1e6c11',
          },
          { lineId: '2', quantity: 1, reason: 'changed-mind' },
        ],
        note: 'Tight.',
      },
      formIndexes: [0, 1],
    });
  });

  it("places the server's fields on the form line they came from", () => {
    expect(formFieldOf('lines.0.quantity', [2, 4])).toBe('lines.2.quantity');
    expect(formFieldOf('lines.1.lineId', [2, 4])).toBe('lines.4.selected');
    expect(formFieldOf('lines.1.exchangeVariantId', [2, 4])).toBe('lines.4.exchangeVariantId');
    expect(formFieldOf('note', [0])).toBe('note');
    expect(formFieldOf('lines.5.quantity', [0])).toBeUndefined();
  });

  it('offers the other sizes at the same price, sold-out ones kept to be struck', () => {
    const variants = [
      variant('v-m', 'M', 999.5),
      variant('v-l', 'L', 999.5),
      variant('v-xl', 'XL', 999.5, false),
      variant('v-xxl', 'XXL', 1299),
    ];
    expect(exchangeChoices(item({}), variants).map((choice) => [choice.size, choice.available])).toEqual([
      ['L', true],
      ['XL', false],
    ]);
    // The ordered variant gone: the price paid decides.
    expect(
      exchangeChoices(item({ variantId: 'gone', price: 1299 }), variants).map((choice) => choice.size),
    ).toEqual(['XXL']);
  });
});
