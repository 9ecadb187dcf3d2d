/**
 * The parts of the courier adapters that need no database: the Manual adapter (the typed-in courier and
 * tracking number), what each of Shiprocket's statuses means for the order (docs/shipping.md "Statuses"),
 * Shiprocket's error message, the order date and the create/adhoc body, and the webhook token compare.
 */
import { describe, expect, it } from 'vitest';
import { COURIER_STATUS } from '@shared/orders/courier-status';
import { aggregatorCourierName } from '@shared/orders/couriers';
import { NO_PROGRESS, type CourierParcel } from './courier-adapter';
import { manualCourier } from './manual-courier';
import { tokensMatch } from './routes';
import { shiprocketMessage } from './shiprocket-api';
import { adhocOrderBody, shiprocketOrderDate } from './shiprocket-courier';
import { meaningOf } from './shiprocket-tracking';

const parcel: CourierParcel = {
  orderNumber: 'RS-7KQ29XD3',
  orderedAt: new Date('2026-11-27T18:45:00Z'),
  pickupLocation: 'Primary',
  shipTo: {
    name: 'Asha  Rani Verma',
    address: '14 Assi Ghat Road',
    city: 'Varanasi',
    state: 'Uttar Pradesh',
    postalCode: '221005',
    phone: '9839041736',
    email: 'asha@example.com',
  },
  lines: [
    { name: 'Banarasi Silk Saree', sku: 'SAR-001', units: 2, sellingPriceRupees: 4999.5, hsn: '5007' },
    { name: 'Cotton Fabric – 2.5 m', sku: 'FAB-9', units: 1, sellingPriceRupees: 1125, hsn: null },
  ],
  paymentMethod: 'COD',
  subTotalRupees: 11124,
  shippingChargesRupees: 50,
  codFeeRupees: 40,
  codAmountRupees: 11214,
  lengthCm: 30,
  breadthCm: 25,
  heightCm: 5,
  weightKg: 0.75,
};

describe('the Manual courier', () => {
  it('books with the courier and tracking number typed in; no label, no tracking', async () => {
    const manual = manualCourier({ courier: ' Blue Dart ', trackingNumber: ' 1234567890 ' });
    expect(await manual.book(parcel, NO_PROGRESS, async () => undefined)).toEqual({
      ...NO_PROGRESS,
      awb: '1234567890',
      courierName: 'Blue Dart',
    });
    expect(await manual.label('1')).toBeNull();
    expect(await manual.track('1234567890')).toBeNull();
    await expect(
      manualCourier({ courier: '', trackingNumber: '' }).book(parcel, NO_PROGRESS, async () => undefined),
    ).rejects.toMatchObject({
      fields: { courier: 'is required', trackingNumber: 'is required' },
    });
  });
});

describe("Shiprocket's statuses", () => {
  it('map to the order as docs/shipping.md "Statuses" says', () => {
    expect(meaningOf('DELIVERED')).toEqual({ kind: 'delivered' });
    expect(meaningOf('delivered')).toEqual({ kind: 'delivered' });
    expect(meaningOf('RTO INITIATED')).toEqual({ kind: 'returned-to-origin' });
    expect(meaningOf('RTO_DELIVERED')).toEqual({ kind: 'returned-to-origin' });
    expect(meaningOf('RTO IN TRANSIT')).toEqual({
      kind: 'courier-status',
      status: COURIER_STATUS.returningToShop,
    });
    expect(meaningOf('Out For Delivery')).toEqual({ kind: 'courier-status', status: 'Out for delivery' });
    expect(meaningOf('PICKED UP')).toEqual({ kind: 'courier-status', status: 'Picked up by the courier' });
    expect(meaningOf('IN TRANSIT')).toEqual({ kind: 'courier-status', status: 'In transit' });
    expect(meaningOf('UNDELIVERED')).toEqual({ kind: 'courier-status', status: 'Delivery attempted' });
    expect(meaningOf('PICKUP SCHEDULED')).toEqual({ kind: 'none' });
  });

  it("keep a known courier's own name from Shiprocket's service name", () => {
    expect(aggregatorCourierName('Delhivery Surface')).toBe('Delhivery');
    expect(aggregatorCourierName('Blue Dart Air')).toBe('Blue Dart');
    expect(aggregatorCourierName('Ekart Logistics 2kg')).toBe('Ekart');
    expect(aggregatorCourierName(' Amazon Shipping 1kg ')).toBe('Amazon Shipping 1kg');
  });
});

describe("Shiprocket's API shapes", () => {
  it('reads its error message, else the first of its field errors, else the status', () => {
    expect(shiprocketMessage({ message: 'Token has expired', status_code: 401 }, 401)).toBe(
      'Token has expired',
    );
    expect(
      shiprocketMessage({ errors: { billing_phone: ['The billing phone field is required.'] } }, 422),
    ).toBe('The billing phone field is required.');
    expect(shiprocketMessage('<html>', 502)).toBe('the API answered HTTP 502');
  });

  it('writes the order date in India time and the create/adhoc body', () => {
    expect(shiprocketOrderDate(parcel.orderedAt)).toBe('2026-11-28 00:15');
    expect(adhocOrderBody(parcel)).toEqual({
      order_id: 'RS-7KQ29XD3',
      order_date: '2026-11-28 00:15',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Rani Verma',
      billing_address: '14 Assi Ghat Road',
      billing_city: 'Varanasi',
      billing_pincode: '221005',
      billing_state: 'Uttar Pradesh',
      billing_country: 'India',
      billing_email: 'asha@example.com',
      billing_phone: '9839041736',
      shipping_is_billing: true,
      order_items: [
        { name: 'Banarasi Silk Saree', sku: 'SAR-001', units: 2, selling_price: 4999.5, hsn: '5007' },
        { name: 'Cotton Fabric – 2.5 m', sku: 'FAB-9', units: 1, selling_price: 1125 },
      ],
      payment_method: 'COD',
      shipping_charges: 50,
      transaction_charges: 40,
      total_discount: 0,
      sub_total: 11124,
      length: 30,
      breadth: 25,
      height: 5,
      weight: 0.75,
    });
  });

  it('compares webhook tokens whole', () => {
    expect(tokensMatch('whk-3f9a8c2e7b1d4a6f', 'whk-3f9a8c2e7b1d4a6f')).toBe(true);
    expect(tokensMatch('whk-3f9a8c2e7b1d4a6f', 'whk-3f9a8c2e7b1d4a6')).toBe(false);
    expect(tokensMatch('whk-3f9a8c2e7b1d4a6f', '')).toBe(false);
    expect(tokensMatch('whk-3f9a8c2e7b1d4a6f', undefined)).toBe(false);
  });
});
