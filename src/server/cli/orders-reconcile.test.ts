/** The lines `npm run orders -- reconcile` prints for each outcome, and how it reads `--since`. */
import { describe, expect, it } from 'vitest';
import type { ReconciledAttempt } from '../modules/payments/reconciliation';
import { parseSince, reconcileLines } from './orders-reconcile';

const attempt = (action: ReconciledAttempt['action'], captured = true): ReconciledAttempt => ({
  storeId: 1,
  orderNumber: 'RS-7KQ29XD3',
  provider: 'payu',
  gatewayId: 'RS-7KQ29XD3-4K7Q2M',
  action,
  gatewayPaymentId: captured ? '403993715521889530' : null,
  capturedPaise: captured ? 279_750 : null,
  currency: captured ? 'INR' : null,
  orderTotalPaise: 279_750,
});

describe('npm run orders -- reconcile output', () => {
  it('prints one line per attempt and a count of the orders paid', () => {
    expect(
      reconcileLines([
        attempt('paid'),
        attempt('reinstated'),
        attempt('refund-due'),
        attempt('already-paid'),
        attempt('already-settled'),
        { ...attempt('amount-mismatch'), capturedPaise: 100, currency: 'USD' },
        attempt('failed', false),
        attempt('pending', false),
      ]),
    ).toEqual([
      'Order RS-7KQ29XD3: paid — the gateway captured the payment (txnid RS-7KQ29XD3-4K7Q2M, ₹2,797.50, mihpayid 403993715521889530); Pending → Processing.',
      'Order RS-7KQ29XD3: paid after its payment window (txnid RS-7KQ29XD3-4K7Q2M, ₹2,797.50, mihpayid 403993715521889530); Cancelled → Processing, stock taken again.',
      'Order RS-7KQ29XD3: captured after the order was cancelled (txnid RS-7KQ29XD3-4K7Q2M, ₹2,797.50, mihpayid 403993715521889530); it stays Cancelled and a refund is due.',
      'Order RS-7KQ29XD3: captured (txnid RS-7KQ29XD3-4K7Q2M, ₹2,797.50, mihpayid 403993715521889530) but the order was already paid; check it and refund if needed.',
      'Order RS-7KQ29XD3: its callback arrived meanwhile (txnid RS-7KQ29XD3-4K7Q2M); nothing changed.',
      'Order RS-7KQ29XD3: NOT paid — the gateway captured ₹1 USD but the order is ₹2,797.50 INR (txnid RS-7KQ29XD3-4K7Q2M); check it with the gateway.',
      'Order RS-7KQ29XD3: the gateway says the payment failed (txnid RS-7KQ29XD3-4K7Q2M); nothing changed.',
      'Order RS-7KQ29XD3: still pending or unknown at the gateway (txnid RS-7KQ29XD3-4K7Q2M); nothing changed.',
      'Asked the gateway about 8 attempts; 2 orders paid.',
    ]);
    expect(reconcileLines([])).toEqual(['No open payment attempts to ask the gateway about.']);
  });

  it("names a Razorpay attempt by Razorpay's order and payment ids", () => {
    const razorpay = {
      ...attempt('paid'),
      provider: 'razorpay',
      gatewayId: 'order_RS7KQ29XD3xyz',
      gatewayPaymentId: 'pay_29QQoUBi66xm2f',
    };
    expect(reconcileLines([razorpay, { ...razorpay, action: 'pending', gatewayPaymentId: null }])).toEqual([
      'Order RS-7KQ29XD3: paid — the gateway captured the payment (order order_RS7KQ29XD3xyz, ₹2,797.50, payment pay_29QQoUBi66xm2f); Pending → Processing.',
      'Order RS-7KQ29XD3: still pending or unknown at the gateway (order order_RS7KQ29XD3xyz); nothing changed.',
      'Asked the gateway about 2 attempts; 1 order paid.',
    ]);
  });

  it('reads --since as the start of that day in India time, and refuses anything but a real date', () => {
    expect(parseSince('2026-11-01').toISOString()).toBe('2026-10-31T18:30:00.000Z');
    for (const bad of ['2026-02-29', '2026-1-01', '2026-11-01T00:00', '']) {
      expect(() => parseSince(bad)).toThrow(
        /^--since must be a date as YYYY-MM-DD, e\.g\. --since 2026-11-01\n/,
      );
    }
  });
});
