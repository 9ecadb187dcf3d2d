import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../orders/order-status';
import {
  auditActionLabel,
  auditChangeLines,
  auditEntryShown,
  eventCauseText,
  fieldChangeText,
  statusChangeText,
} from './change-text';

describe('change texts', () => {
  it('words a price, sale price and stock change, with ₹ by the one money rule', () => {
    expect(fieldChangeText('regularPrice', 999, 949)).toBe('Price changed from ₹999 to ₹949');
    expect(fieldChangeText('discountedPrice', 2747.5, 1999)).toBe(
      'Sale price changed from ₹2,747.50 to ₹1,999',
    );
    expect(fieldChangeText('discountedPrice', null, 949)).toBe('Sale price set to ₹949');
    expect(fieldChangeText('discountedPrice', 999, null)).toBe('Sale price removed (was ₹999)');
    expect(fieldChangeText('stock', 5, 3)).toBe('Stock changed from 5 to 3');
    expect(fieldChangeText('status', 'Pending', 'Processing')).toBe(
      'Status changed from Pending to Processing',
    );
  });

  it('gives no line for a value that did not change', () => {
    expect(fieldChangeText('status', 'Pending', 'Pending')).toBeNull();
    expect(fieldChangeText('sizes', ['S', 'M'], ['S', 'M'])).toBeNull();
    expect(fieldChangeText('discountedPrice', null, undefined)).toBeNull();
    expect(auditChangeLines({ status: 'Pending', stock: 4 }, { status: 'Pending', stock: 4 })).toEqual([]);
  });

  it('lists an audit entry field by field and variant by variant, new values alone', () => {
    expect(
      auditChangeLines(
        {
          status: 'Pending',
          variants: [
            { id: 'a', sku: 'KUR-S', size: 'S', stock: 5, regularPrice: null },
            { id: 'b', sku: 'KUR-L', size: 'L', stock: 1, regularPrice: null },
          ],
        },
        {
          status: 'Processing',
          utr: '412345678901',
          variants: [
            { id: 'a', sku: 'KUR-S', size: 'S', stock: 3, regularPrice: 1299 },
            { id: 'c', sku: 'KUR-XL', size: 'XL', stock: 2, regularPrice: null },
          ],
        },
      ),
    ).toEqual([
      'Status changed from Pending to Processing',
      'KUR-S: Stock changed from 5 to 3',
      'KUR-S: Price set to ₹1,299',
      'Variant KUR-XL added (XL, stock 2)',
      'Variant KUR-L removed',
      'UTR: 412345678901',
    ]);
    expect(auditChangeLines(null, { title: 'New kurta' })).toEqual([]);
    expect(auditChangeLines({ archived: false }, { archived: true })).toEqual([]);
  });

  it('leaves out a save that changed nothing, but not an archive or a new thing', () => {
    expect(auditEntryShown({ action: 'update', before: {}, after: {} })).toBe(false);
    expect(auditEntryShown({ action: 'update', before: { stock: 4 }, after: { stock: 4 } })).toBe(false);
    expect(auditEntryShown({ action: 'update', before: { stock: 4 }, after: { stock: 3 } })).toBe(true);
    expect(
      auditEntryShown({ action: 'archive', before: { archived: false }, after: { archived: true } }),
    ).toBe(true);
    expect(auditEntryShown({ action: 'create', before: null, after: { title: 'Kurta' } })).toBe(true);
  });

  it('words order events and actions, and keeps a same-status event out of the status lines', () => {
    expect(statusChangeText(null, ORDER_STATUS.pending)).toBe('Placed');
    expect(statusChangeText(ORDER_STATUS.pending, ORDER_STATUS.processing)).toBe(
      'Status changed from Pending to Processing',
    );
    expect(statusChangeText(ORDER_STATUS.pending, ORDER_STATUS.pending)).toBeNull();
    expect(auditActionLabel('mark-paid')).toBe('marked it paid');
    expect(auditActionLabel('rto')).toBe('marked it returned to origin');
    expect(auditActionLabel('update-gst')).toBe('update gst');
    expect(eventCauseText('created')).toBeNull();
    expect(eventCauseText('admin: mark-paid UTR 412345678901')).toBe('Shop: marked paid, UTR 412345678901');
    expect(eventCauseText('admin: ship by India Post tracking EE1IN (a@b.in)')).toBe(
      'Shop: shipped by India Post tracking EE1IN (a@b.in)',
    );
    expect(eventCauseText('customer: says paid by UPI, UTR 412345678901')).toBe(
      'Shopper: says paid by UPI, UTR 412345678901',
    );
    expect(eventCauseText('cli: deliver')).toBe('Command line: delivered');
    expect(eventCauseText('cash on delivery chosen')).toBe('cash on delivery chosen');
  });
});
