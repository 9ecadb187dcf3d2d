/**
 * Forged and mismatched reports from "Razorpay" (docs/payments.md "Razorpay"): the browser's return with a wrong
 * or missing signature, Checkout's unsigned failure, and the forged-webhook suite — wrong signatures (none,
 * another secret, the key secret, another body), wrong amounts, wrong currency, another store's order, an order
 * that is not ours, replays. No payment counts from any of them; the real capture pays once.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import {
  eventBody,
  KEY_SECRET,
  paymentEntity,
  useRazorpayShop,
  WEBHOOK_SECRET,
} from '../../test/razorpay-shop';
import { testDatabaseKinds } from '../../test/test-database';
import { razorpayWebhookSignature } from './providers/razorpay-signature';

describe.each(testDatabaseKinds)('Razorpay forged returns and webhooks on %s', (kind) => {
  const shop = useRazorpayShop(kind);

  it('refuses a forged return (wrong signature, missing fields) and only chooses the page for Checkout’s failure', async () => {
    const placed = await shop.started();
    const forged = await shop.returnFrom(
      shop.signedReturn(placed.razorpayOrderId, 'pay_StandInForged', 'not-the-secret'),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'Invalid signature' });
    const missing = await shop.returnFrom(
      new URLSearchParams({ razorpay_order_id: placed.razorpayOrderId }).toString(),
    );
    expect(missing.json()).toEqual({ error: 'Missing signature' });
    const failed = await shop.returnFrom(
      new URLSearchParams({
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed',
        'error[metadata]': JSON.stringify({
          payment_id: 'pay_StandInFail1',
          order_id: placed.razorpayOrderId,
        }),
      }).toString(),
    );
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/payment?orderId=${placed.orderNumber}&status=failed`);
    expect((await shop.orderOf(placed.id)).status).toBe(ORDER_STATUS.pending);
    expect(await shop.attemptsOf(placed.id)).toMatchObject([{ status: 'initiated' }]);
  });

  it('forged-webhook suite: no payment counts from wrong signatures, amounts, currency, other stores’ or unknown orders', async () => {
    const placed = await shop.started();
    const good = paymentEntity({ id: 'pay_StandInHook01', order_id: placed.razorpayOrderId });
    const body = eventBody('payment.captured', { payment: good });
    const refusals: [Awaited<ReturnType<typeof shop.webhook>>, number, string][] = [
      [await shop.webhook(body, { signature: '' }), 401, 'Missing signature'],
      [await shop.webhook(body, { secret: 'another-webhook-secret' }), 401, 'Invalid signature'],
      [await shop.webhook(body, { secret: KEY_SECRET }), 401, 'Invalid signature'],
      [
        await shop.webhook(body, { signature: razorpayWebhookSignature(`${body} `, WEBHOOK_SECRET) }),
        401,
        'Invalid signature',
      ],
      [
        await shop.webhook(eventBody('payment.captured', { payment: { ...good, amount: 100 } })),
        400,
        'Amount does not match the order',
      ],
      [
        await shop.webhook(eventBody('payment.captured', { payment: { ...good, currency: 'USD' } })),
        400,
        'Currency does not match the order',
      ],
      [await shop.webhook(body, { host: 'second.example' }), 400, 'Unknown transaction'],
      [
        await shop.webhook(
          eventBody('payment.captured', { payment: { ...good, order_id: 'order_NotOurs0001' } }),
        ),
        400,
        'Unknown transaction',
      ],
      [
        await shop.webhook(
          eventBody('order.paid', {
            payment: good,
            order: {
              id: placed.razorpayOrderId,
              amount: 370000,
              amount_paid: 1000,
              currency: 'INR',
              status: 'paid',
            },
          }),
        ),
        400,
        'Amount does not match the order',
      ],
      [
        await shop.webhook('{"entity":"event"', {
          signature: razorpayWebhookSignature('{"entity":"event"', WEBHOOK_SECRET),
        }),
        400,
        'The body is not valid JSON',
      ],
    ];
    for (const [answer, status, error] of refusals) {
      expect(answer.statusCode).toBe(status);
      expect(answer.json().error).toBe(error);
    }
    expect((await shop.orderOf(placed.id)).status).toBe(ORDER_STATUS.pending);
    expect(await shop.attemptsOf(placed.id)).toMatchObject([{ status: 'initiated' }]);

    // A failed try keeps the attempt open; then the real capture pays, once; its replay changes nothing.
    const failed = await shop.webhook(
      eventBody('payment.failed', {
        payment: {
          ...good,
          id: 'pay_StandInFail02',
          status: 'failed',
          captured: false,
          error_code: 'BAD_REQUEST_ERROR',
        },
      }),
    );
    expect(failed.json()).toMatchObject({ result: 'failed' });
    expect(await shop.attemptsOf(placed.id)).toMatchObject([{ status: 'initiated' }]);
    const paid = await shop.webhook(body);
    expect(paid.json()).toEqual({
      success: true,
      event: 'payment.captured',
      result: 'paid',
      orderId: placed.orderNumber,
    });
    const replay = await shop.webhook(body);
    expect(replay.json()).toMatchObject({ result: 'replayed' });
    expect(
      (await shop.eventsOf(placed.id)).filter((event) => event.to === ORDER_STATUS.processing),
    ).toHaveLength(1);
    const ignored = await shop.webhook(
      eventBody('payment.authorized', { payment: { ...good, status: 'authorized' } }),
    );
    expect(ignored.json()).toEqual({ success: true, event: 'payment.authorized', result: 'ignored' });

    // Refusals are logged with the event id, the event and the reason; never a secret, a signature or the body.
    const refusedLines = shop.logLines.filter((line) => line.includes('Razorpay webhook refused'));
    expect(refusedLines.length).toBeGreaterThanOrEqual(refusals.length);
    expect(refusedLines.some((line) => line.includes('"reason":"Currency does not match the order"'))).toBe(
      true,
    );
    expect(refusedLines.some((line) => line.includes('"eventId":"evt_StandIn0001"'))).toBe(true);
    const log = shop.logLines.join('');
    for (const secret of [
      WEBHOOK_SECRET,
      KEY_SECRET,
      razorpayWebhookSignature(body, WEBHOOK_SECRET),
      'asha@okaxis',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
