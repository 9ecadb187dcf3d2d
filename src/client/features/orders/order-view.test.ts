import { describe, expect, it } from 'vitest';
import { formatRupees } from '@shared/money';
import {
  CANCEL_FAILED,
  CANCEL_ORDER,
  CANCEL_ORDER_QUESTION,
  CONFIRM_CANCEL,
  KEEP_ORDER,
  ORDER_CANCELLED,
} from './cancel-order-texts';
import {
  BROWSE_PRODUCTS,
  cancellationText,
  formatPayBy,
  payByText,
  REFUND_DUE,
  DEFAULT_SHIPPING_METHOD,
  formatOrderDate,
  joinShippingAddress,
  NO_ORDERS_TITLE,
  ORDER_SUCCESS_TEXT,
  ORDER_SUCCESS_TITLE,
  ORDERS_LOAD_ERROR,
  orderStatusDisplay,
  orderTotal,
  PAY_NOW,
  REQUIRED_FIELDS_DESCRIPTION,
  REQUIRED_FIELDS_TITLE,
  toOrderView,
  TRACK_FAILED,
  TRACKING_NOT_AVAILABLE,
  type ServerOrder,
} from './order-view';
import { paymentPath, trackLookup, trackOrderPath } from './order-paths';

const serverOrder: ServerOrder = {
  id: 'RS-7KQ29XD3',
  status: 0,
  createdAt: '2026-11-21T06:30:00.000Z',
  items: [
    { id: 'line-1', productId: 'p1', productTitle: 'Banarasi Silk Saree', quantity: 2, price: 1299.5 },
    { id: 'line-2', productId: 'p2', productTitle: 'Cotton Kurta Fabric', quantity: 1, price: 124999 },
  ],
  shippingAddress: {
    fullName: 'Asha Verma',
    address: '12 MG Road',
    city: 'Lucknow',
    state: 'Uttar Pradesh',
    postalCode: '226001',
    phone: '+91 98390 41736',
  },
  shippingMethod: 'Standard Shipping',
  trackingNumber: null,
  subtotal: 127598,
  shippingFee: 0,
  total: 127598,
  history: [{ status: 0, at: '2026-11-21T06:30:00.000Z' }],
};

describe('joinShippingAddress (docs/product.md §3 "address (a joined string)")', () => {
  it('joins "address, city, state postalCode"', () => {
    expect(joinShippingAddress(serverOrder.shippingAddress!)).toBe(
      '12 MG Road, Lucknow, Uttar Pradesh 226001',
    );
  });

  it('trims the parts and leaves blank ones out without stray commas', () => {
    expect(
      joinShippingAddress({ address: ' 12 MG Road ', city: '', state: 'Goa', postalCode: ' 403001 ' }),
    ).toBe('12 MG Road, Goa 403001');
    expect(
      joinShippingAddress({ address: '12 MG Road', city: 'Panaji', state: '', postalCode: '403001' }),
    ).toBe('12 MG Road, Panaji, 403001');
    expect(joinShippingAddress({})).toBe('');
  });
});

describe('orderTotal (docs/product.md §2 "a total equal to the sum of price times quantity")', () => {
  it('sums price × quantity', () => {
    expect(
      orderTotal([
        { price: 1299.5, quantity: 2 },
        { price: 124999, quantity: 1 },
      ]),
    ).toBe(127598);
    expect(orderTotal([])).toBe(0);
  });

  it('sums in paise, so decimals leave no floating-point dust', () => {
    expect(
      orderTotal([
        { price: 0.1, quantity: 3 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.5);
    expect(orderTotal([{ price: 19.99, quantity: 3 }])).toBe(59.97);
  });
});

describe('orderStatusDisplay (docs/product.md §3 "Order status codes")', () => {
  it('gives the label and badge colour of each known code', () => {
    expect([0, 1, 2, 3, 4].map(orderStatusDisplay)).toEqual([
      { label: 'Pending', colour: 'yellow' },
      { label: 'Processing', colour: 'blue' },
      { label: 'Shipped', colour: 'purple' },
      { label: 'Delivered', colour: 'green' },
      { label: 'Cancelled', colour: 'red' },
    ]);
  });

  it("shows any other code as 'Unknown (code)' in gray", () => {
    expect(orderStatusDisplay(7)).toEqual({ label: 'Unknown (7)', colour: 'gray' });
    expect(orderStatusDisplay(-1)).toEqual({ label: 'Unknown (-1)', colour: 'gray' });
  });
});

describe('formatOrderDate', () => {
  it('is an en-IN long date', () => {
    expect(formatOrderDate('2026-11-21T06:30:00.000Z', 'Asia/Kolkata')).toBe('21 November 2026');
    expect(formatOrderDate('2026-11-21T20:00:00.000Z', 'Asia/Kolkata')).toBe('22 November 2026');
  });

  it('is empty for a missing or invalid date', () => {
    expect(formatOrderDate(undefined)).toBe('');
    expect(formatOrderDate('not a date')).toBe('');
  });
});

describe('toOrderView (docs/product.md §3 "Order as shown")', () => {
  it('maps the server order', () => {
    expect(toOrderView(serverOrder, 'Asia/Kolkata')).toEqual({
      charges: [],
      codPayment: '',
      id: 'RS-7KQ29XD3',
      status: 0,
      statusLabel: 'Pending',
      statusColour: 'yellow',
      isPending: true,
      awaitingPayment: true,
      paymentDueAt: '',
      payBy: '',
      cancellation: '',
      refundDue: false,
      courierStatus: '',
      paymentReported: '',
      createdAt: '2026-11-21T06:30:00.000Z',
      date: '21 November 2026',
      items: [
        {
          id: 'line-1',
          name: 'Banarasi Silk Saree',
          variant: '',
          unit: 'piece',
          quantity: 2,
          price: 1299.5,
          lineTotal: 2599,
          quantityTimesPrice: '2 × ₹1,299.50',
          addOns: [],
        },
        {
          id: 'line-2',
          name: 'Cotton Kurta Fabric',
          variant: '',
          unit: 'piece',
          quantity: 1,
          price: 124999,
          lineTotal: 124999,
          quantityTimesPrice: '1 × ₹1,24,999',
          addOns: [],
        },
      ],
      shipping: {
        fullName: 'Asha Verma',
        phone: '+91 98390 41736',
        address: '12 MG Road, Lucknow, Uttar Pradesh 226001',
        method: 'Standard Shipping',
        tracking: 'Not available',
        courier: '',
        trackingUrl: '',
      },
      total: 127598,
      gst: null,
      timeline: [{ label: 'Placed', at: '2026-11-21T06:30:00.000Z', when: '21 Nov 2026, 12:00' }],
      documents: [],
      afterDelivery: { canReturn: false, windowText: '', returns: [], refunds: [], creditNotes: [] },
    });
  });

  it('offers the invoice once shipped and the credit note once cancelled after', () => {
    const issued = { kind: 'tax-invoice' as const, issuedAt: '2026-11-23T10:00:00.000Z' };
    expect(
      toOrderView({
        ...serverOrder,
        invoice: { ...issued, number: 'RS/26-27/000001' },
        creditNote: { ...issued, kind: 'credit-note', number: 'CN/26-27/000001' },
      }).documents,
    ).toEqual([
      { document: 'invoice', label: 'Download invoice', number: 'RS/26-27/000001' },
      { document: 'credit-note', label: 'Download credit note', number: 'CN/26-27/000001' },
    ]);
  });

  it("shows the server's GST under the total when the store charged it, named by the place of supply", () => {
    expect(toOrderView({ ...serverOrder, tax: 469.98, gstSupply: 'inter-state' }).gst).toEqual({
      text: 'Prices include GST (IGST)',
      tax: 469.98,
    });
    expect(toOrderView({ ...serverOrder, tax: 61.86, gstSupply: 'intra-state' }).gst).toEqual({
      text: 'Prices include GST (CGST + SGST)',
      tax: 61.86,
    });
    expect(toOrderView({ ...serverOrder, tax: 0, gstSupply: 'not-registered' }).gst).toBeNull();
  });

  it("shows the server's tracking number and method when it has them", () => {
    const view = toOrderView({
      ...serverOrder,
      status: 2,
      shippingMethod: 'Express',
      trackingNumber: 'EE123456789IN',
    });
    expect(view.shipping.method).toBe('Express');
    expect(view.shipping.tracking).toBe('EE123456789IN');
    expect(view.statusLabel).toBe('Shipped');
    expect(view.isPending).toBe(false);
  });

  it("shows the courier's status ('Out for delivery') only while the order is Shipped", () => {
    const shipped = { ...serverOrder, status: 2, courierStatus: 'Out for delivery' };
    expect(toOrderView(shipped).courierStatus).toBe('Out for delivery');
    expect(toOrderView({ ...shipped, status: 3 }).courierStatus).toBe('');
    expect(toOrderView({ ...shipped, courierStatus: null }).courierStatus).toBe('');
  });

  it("shows the courier and a known courier's https tracking link; never another kind of link", () => {
    const link = 'https://www.delhivery.com/track/package/1234567890123';
    const shipped = { ...serverOrder, status: 2, trackingNumber: '1234567890123' };
    expect(toOrderView({ ...shipped, courier: 'Delhivery', trackingUrl: link }).shipping).toMatchObject({
      courier: 'Delhivery',
      tracking: '1234567890123',
      trackingUrl: link,
    });
    expect(
      toOrderView({ ...shipped, courier: 'Trackon', trackingUrl: 'javascript:alert(1)' }).shipping,
    ).toMatchObject({ courier: 'Trackon', trackingUrl: '' });
  });

  it("defaults: status 0, 'Standard Shipping', 'Not available', no items", () => {
    const view = toOrderView({ id: 'RS-1', shippingMethod: ' ', trackingNumber: '' });
    expect(view.status).toBe(0);
    expect(view.statusLabel).toBe('Pending');
    expect(view.isPending).toBe(true);
    expect(view.shipping.method).toBe(DEFAULT_SHIPPING_METHOD);
    expect(view.shipping.tracking).toBe(TRACKING_NOT_AVAILABLE);
    expect(view.items).toEqual([]);
    expect(view.total).toBe(0);
    expect(view.date).toBe('');
  });

  it("an unknown status is 'Unknown (code)' and offers no payment", () => {
    const view = toOrderView({ ...serverOrder, status: 9 });
    expect(view.statusLabel).toBe('Unknown (9)');
    expect(view.statusColour).toBe('gray');
    expect(view.isPending).toBe(false);
  });

  it('the total is Σ price × quantity of the lines, shown with 2 decimals', () => {
    const view = toOrderView(serverOrder);
    expect(view.total).toBe(1299.5 * 2 + 124999);
    expect(formatRupees(view.total)).toBe('₹1,27,598');
    expect(formatRupees(view.items[0]!.price)).toBe('₹1,299.50');
  });
});

/** The order of the storefront's own lines: M / Maroon of a kurta and 2.5 m of fabric at ₹450 / metre. */
const variantOrder: ServerOrder = {
  ...serverOrder,
  id: 'RS-4MVX8Q2P',
  paymentDueAt: '2026-11-21T09:05:00.000Z',
  cancellationCause: null,
  refundDue: false,
  items: [
    {
      id: 'line-1',
      productId: 'kurta',
      variantId: 'v-m-maroon',
      productTitle: 'Maroon Raw Silk Kurta',
      sku: 'MEN-KUR-004-M-MAROON',
      size: 'M',
      color: 'Maroon',
      imgUrl: null,
      unit: 'piece',
      quantity: 1,
      price: 3999,
      lineTotal: 3999,
    },
    {
      id: 'line-2',
      productId: 'fabric',
      variantId: null,
      productTitle: 'Indigo Sanganeri Block Print Cotton Fabric',
      sku: 'FAB-COT-001',
      size: null,
      color: 'Indigo',
      imgUrl: null,
      unit: 'm',
      quantity: 2.5,
      price: 450,
      lineTotal: 1125,
    },
  ],
};

describe('order lines with variants and lengths of fabric', () => {
  it("show 'M / Maroon' and '2.5 m × ₹450', and round each line to whole paise", () => {
    const view = toOrderView(variantOrder, 'Asia/Kolkata');
    expect(
      view.items.map((item) => [item.name, item.variant, item.quantityTimesPrice, item.lineTotal]),
    ).toEqual([
      ['Maroon Raw Silk Kurta', 'M / Maroon', '1 × ₹3,999', 3999],
      ['Indigo Sanganeri Block Print Cotton Fabric', 'Indigo', '2.5 m × ₹450', 1125],
    ]);
    expect(view.total).toBe(5124);
    expect(orderTotal([{ price: 449.99, quantity: 1.5 }])).toBe(674.99);
  });

  it('an unknown unit reads as pieces', () => {
    const view = toOrderView({
      items: [{ productTitle: 'Stole', unit: 'yard' as 'm', quantity: 2, price: 10 }],
    });
    expect(view.items[0]?.quantityTimesPrice).toBe('2 × ₹10');
  });
});

describe('payment window and cancellation', () => {
  it("a Pending order shows until when its payment is held: 'Pay by 14:35' in local time", () => {
    const view = toOrderView(variantOrder, 'Asia/Kolkata');
    expect(view.paymentDueAt).toBe('2026-11-21T09:05:00.000Z');
    expect(view.payBy).toBe('14:35');
    expect(payByText(view.payBy)).toBe('Pay by 14:35');
    expect(toOrderView(variantOrder, 'UTC').payBy).toBe('09:05');
    expect(formatPayBy('2026-11-21T18:35:00.000Z', 'Asia/Kolkata')).toBe('00:05');
    expect(formatPayBy('soon')).toBe('');
  });

  it('only a Pending order has a payment time', () => {
    const paid = toOrderView({ ...variantOrder, status: 1 });
    expect(paid.payBy).toBe('');
    expect(paid.paymentDueAt).toBe('');
  });

  it("a Cancelled order shows why: 'Cancelled — payment not received in time'", () => {
    const view = toOrderView({
      ...variantOrder,
      status: 4,
      cancellationCause: 'payment not received in time',
    });
    expect(view.cancellation).toBe('Cancelled — payment not received in time');
    expect(view.isPending).toBe(false);
    expect(view.payBy).toBe('');
    expect(cancellationText('cancelled by the customer')).toBe('Cancelled by the customer');
    expect(cancellationText(null)).toBe('');
    expect(toOrderView({ ...variantOrder, cancellationCause: 'x' }).cancellation).toBe('');
  });

  it('a Pending order the shopper said they paid reads as being verified, offers no payment and no pay-by time; not once it moved on', () => {
    const at = '2026-11-21T07:00:00.000Z';
    const reported = toOrderView({
      status: 0,
      paymentDueAt: '2026-11-21T07:30:00.000Z',
      paymentReported: { at, utr: '412345678901' },
    });
    expect(reported.paymentReported).toBe('Payment reported — being verified (UTR 412345678901)');
    expect([reported.isPending, reported.awaitingPayment, reported.payBy]).toEqual([true, false, '']);
    expect(toOrderView({ status: 0, paymentReported: { at, utr: null } }).paymentReported).toBe(
      'Payment reported — being verified',
    );
    expect(toOrderView({ status: 0, paymentReported: null }).awaitingPayment).toBe(true);
    expect(toOrderView({ status: 1, paymentReported: { at, utr: '412345678901' } }).paymentReported).toBe('');
  });

  it("a payment after the cancellation shows 'Paid after cancellation — refund due'", () => {
    expect(toOrderView({ ...variantOrder, status: 4, refundDue: true }).refundDue).toBe(true);
    expect(toOrderView(serverOrder).refundDue).toBe(false);
    expect(REFUND_DUE).toBe('Paid after cancellation — refund due');
  });

  it('the cancel texts', () => {
    expect([CANCEL_ORDER, CONFIRM_CANCEL, KEEP_ORDER, ORDER_CANCELLED]).toEqual([
      'Cancel order',
      'Yes, cancel order',
      'Keep order',
      'Order cancelled',
    ]);
    expect(CANCEL_ORDER_QUESTION).toBe(
      'Cancel this order? Its items are released and it can no longer be paid.',
    );
    expect(CANCEL_FAILED).toBe('The order could not be cancelled. Please try again.');
  });
});

describe('paths', () => {
  it('payment and track-order links carry the order number', () => {
    expect(paymentPath('RS-7KQ29XD3')).toBe('/payment?orderId=RS-7KQ29XD3');
    expect(trackOrderPath('RS-7KQ29XD3')).toBe('/track-order?id=RS-7KQ29XD3');
    expect(paymentPath('a b&c')).toBe('/payment?orderId=a%20b%26c');
  });
});

describe('trackLookup (docs/product.md §5 "Track order": both fields are required)', () => {
  it('trims both values', () => {
    expect(trackLookup({ orderId: ' RS-1 ', contactInfo: ' a@b.in ' })).toEqual({
      orderId: 'RS-1',
      contactInfo: 'a@b.in',
    });
  });

  it('is null when either is blank', () => {
    expect(trackLookup({ orderId: 'RS-1', contactInfo: '   ' })).toBeNull();
    expect(trackLookup({ orderId: '', contactInfo: 'a@b.in' })).toBeNull();
    expect(trackLookup({})).toBeNull();
  });
});

describe('exact texts (docs/product.md §2, §5, §8)', () => {
  it('match docs/product.md character for character', () => {
    expect(NO_ORDERS_TITLE).toBe('No Orders Found');
    expect(BROWSE_PRODUCTS).toBe('Browse Products');
    expect(ORDERS_LOAD_ERROR).toBe('Failed to load your orders. Please try again.');
    expect(PAY_NOW).toBe('Pay Now');
    expect(DEFAULT_SHIPPING_METHOD).toBe('Standard Shipping');
    expect(TRACKING_NOT_AVAILABLE).toBe('Not available');
    expect(REQUIRED_FIELDS_TITLE).toBe('Required fields');
    expect(REQUIRED_FIELDS_DESCRIPTION).toBe('Please enter both order number and email/phone');
    expect(TRACK_FAILED).toBe('Failed to find order. Please check your information and try again.');
    expect(ORDER_SUCCESS_TITLE).toBe('Thank You for Your Order!');
    expect(ORDER_SUCCESS_TEXT).toBe(
      "Your order has been successfully placed. We'll send you an email with your order details.",
    );
  });
});

describe('charges and cash on delivery (docs/delivery.md)', () => {
  const cod: ServerOrder = {
    ...serverOrder,
    status: 1,
    cashOnDelivery: true,
    codFee: 49,
    charges: [
      { kind: 'shipping', label: 'Shipping', amount: 99, gstRate: 18, tax: 15.1 },
      { kind: 'cod', label: 'Cash on delivery fee', amount: 49, gstRate: 18, tax: 7.47 },
    ],
  };

  it('lists the charges and adds them to the total', () => {
    const view = toOrderView(cod, 'Asia/Kolkata');
    expect(view.charges).toEqual([
      { label: 'Shipping', amount: 99 },
      { label: 'Cash on delivery fee', amount: 49 },
    ]);
    expect(view.total).toBe(127598 + 148);
    expect(toOrderView(serverOrder, 'Asia/Kolkata')).toMatchObject({
      charges: [],
      total: 127598,
      codPayment: '',
    });
  });

  it("reads 'COD — payment due' until delivered, then 'COD — paid'", () => {
    expect(toOrderView(cod).codPayment).toBe('COD — payment due');
    expect(toOrderView({ ...cod, status: 2 }).codPayment).toBe('COD — payment due');
    expect(toOrderView({ ...cod, status: 3 }).codPayment).toBe('COD — paid');
    expect(toOrderView({ ...cod, status: 4 }).codPayment).toBe('');
  });
});
