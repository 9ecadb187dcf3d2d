/**
 * Razorpay through the app (docs/payments.md "Razorpay"), against a local stand-in of Razorpay's API that speaks
 * its documented shapes (../../test/razorpay-shop.ts): opening Razorpay's order for the order's total, our
 * Checkout page and its CSP, Razorpay's refusal and silence, the signed return paying the order once, the
 * attempt's status, and refunds with their webhook.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { PaymentResponse } from '@shared/payments/payment-response';
import type { Refund } from '@shared/returns/return-schemas';
import {
  eventBody,
  FORM,
  KEY_ID,
  KEY_SECRET,
  paymentEntity,
  useRazorpayShop,
} from '../../test/razorpay-shop';
import { testDatabaseKinds } from '../../test/test-database';
import { RAZORPAY_CHECKOUT_CSP } from './html';
import { reconcilePayments } from './reconciliation';
import { razorpayProvider, RAZORPAY_SILENT } from './providers/razorpay-provider';

describe.each(testDatabaseKinds)('Razorpay on %s', (kind) => {
  const shop = useRazorpayShop(kind);

  it('opens a Razorpay order for the order’s total (Basic auth, paise, INR, our number) and answers the Checkout step', async () => {
    const placed = await shop.placeOrder();
    const answer = await shop.start(placed);
    expect(answer.statusCode).toBe(200);
    const asked = shop.razorpay.asked.at(-1)!;
    expect(asked).toEqual({
      method: 'POST',
      path: '/v1/orders',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
      body: {
        amount: 370000,
        currency: 'INR',
        receipt: placed.orderNumber,
        notes: { orderNumber: placed.orderNumber },
      },
    });
    const orderId = /^order_StandIn\d{6}$/.exec(
      answer.json<PaymentResponse>().action!.formParams!.data.order_id!,
    )![0];
    expect(answer.json()).toEqual({
      success: true,
      amount: 3700,
      orderId: placed.orderNumber,
      action: {
        type: 'redirect_post',
        redirectUrl: '/api/v1/payments/razorpay/checkout',
        formParams: {
          type: 'POST',
          url: 'http://localhost:80/api/v1/payments/razorpay/checkout',
          data: {
            key: KEY_ID,
            order_id: orderId,
            amount: '370000',
            currency: 'INR',
            description: `Order ${placed.orderNumber}`,
            callback_url: 'http://localhost:80/api/v1/payments/razorpay/callback',
            'prefill[name]': 'Asha Verma',
            'prefill[email]': 'asha@example.com',
            'prefill[contact]': '+919839041736',
          },
        },
      },
    });
    expect(await shop.attemptsOf(placed.id)).toMatchObject([
      { provider: 'razorpay', gatewayId: orderId, amountPaise: 370000, status: 'initiated', testMode: false },
    ]);

    // Our Checkout page: Razorpay's script and CSP here only.
    const page = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/payments/razorpay/checkout',
      headers: FORM,
      payload: new URLSearchParams({ type: 'POST', 'data[order_id]': orderId }).toString(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(RAZORPAY_CHECKOUT_CSP);
    expect(page.body).toContain('<script src="https://checkout.razorpay.com/v1/checkout.js" defer></script>');
    expect(page.body).toContain(`"order_id":"${orderId}","amount":370000,"currency":"INR"`);
    const home = await shop.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(String(home.headers['content-security-policy'])).not.toContain('razorpay');
    const other = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/payments/razorpay/checkout',
      headers: { ...FORM, 'x-store-host': 'second.example' },
      payload: new URLSearchParams({ 'data[order_id]': orderId }).toString(),
    });
    expect(other.statusCode).toBe(400);
    expect(other.headers['content-security-policy']).not.toContain('razorpay');
  });

  it('answers Razorpay’s refusal with its own description, and its silence with 503; the order stays as it was', async () => {
    const placed = await shop.placeOrder();
    shop.razorpay.script.push({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Order amount less than minimum amount allowed',
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
          field: 'amount',
        },
      },
    });
    const refused = await shop.start(placed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Razorpay refused the payment: Order amount less than minimum amount allowed',
    });
    shop.razorpay.script.push({
      status: 500,
      body: {
        error: {
          code: 'SERVER_ERROR',
          description:
            'We are facing some trouble completing your request at the moment. Please try again shortly.',
        },
      },
    });
    const down = await shop.start(placed);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: RAZORPAY_SILENT });
    expect(await shop.attemptsOf(placed.id)).toEqual([]);
    expect((await shop.orderOf(placed.id)).status).toBe(ORDER_STATUS.pending);
  });

  it('pays the order once from the signed return; the webhooks and a repeated return change nothing more', async () => {
    const placed = await shop.started();
    const paid = await shop.returnFrom(shop.signedReturn(placed.razorpayOrderId, 'pay_StandInPaid01'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/order-success?orderId=${placed.orderNumber}`);
    expect((await shop.orderOf(placed.id)).status).toBe(ORDER_STATUS.processing);
    expect(await shop.attemptsOf(placed.id)).toMatchObject([
      {
        status: 'succeeded',
        raw: {
          response: { razorpay_order_id: placed.razorpayOrderId, razorpay_payment_id: 'pay_StandInPaid01' },
        },
      },
    ]);
    const payment = paymentEntity({ id: 'pay_StandInPaid01', order_id: placed.razorpayOrderId });
    const captured = await shop.webhook(eventBody('payment.captured', { payment }));
    expect(captured.json()).toEqual({
      success: true,
      event: 'payment.captured',
      result: 'replayed',
      orderId: placed.orderNumber,
    });
    const order = {
      id: placed.razorpayOrderId,
      entity: 'order',
      amount: 370000,
      amount_paid: 370000,
      amount_due: 0,
      currency: 'INR',
      receipt: placed.orderNumber,
      status: 'paid',
      attempts: 1,
    };
    const orderPaid = await shop.webhook(eventBody('order.paid', { payment, order }));
    expect(orderPaid.json()).toMatchObject({ result: 'replayed' });
    expect(
      (await shop.returnFrom(shop.signedReturn(placed.razorpayOrderId, 'pay_StandInPaid01'))).headers
        .location,
    ).toBe(`/order-success?orderId=${placed.orderNumber}`);
    const events = await shop.eventsOf(placed.id);
    expect(events.filter((event) => event.to === ORDER_STATUS.processing)).toEqual([
      {
        to: ORDER_STATUS.processing,
        cause: `payment: Razorpay order ${placed.razorpayOrderId} (payment pay_StandInPaid01)`,
      },
    ]);
  });

  it('asks Razorpay for an attempt’s status: captured, failed, pending', async () => {
    shop.razorpay.orderPayments.set('order_StatusCapt01', [
      paymentEntity({ id: 'pay_StatusFail01', status: 'failed', order_id: 'order_StatusCapt01' }),
      paymentEntity({ id: 'pay_StatusCapt01', order_id: 'order_StatusCapt01' }),
    ]);
    shop.razorpay.orderPayments.set('order_StatusFail01', [
      paymentEntity({ id: 'pay_StatusFail02', status: 'failed', order_id: 'order_StatusFail01' }),
    ]);
    expect(await razorpayProvider.fetchStatus!('order_StatusCapt01', { settings: shop.settings })).toEqual({
      status: 'captured',
      gatewayPaymentId: 'pay_StatusCapt01',
      amountPaise: 370000,
      currency: 'INR',
      raw: {
        payments: [
          { id: 'pay_StatusFail01', status: 'failed' },
          { id: 'pay_StatusCapt01', status: 'captured' },
        ],
      },
    });
    expect(
      await razorpayProvider.fetchStatus!('order_StatusFail01', { settings: shop.settings }),
    ).toMatchObject({
      status: 'failed',
    });
    expect(
      await razorpayProvider.fetchStatus!('order_StatusNone01', { settings: shop.settings }),
    ).toMatchObject({
      status: 'pending',
    });
    shop.razorpay.script.push({
      status: 400,
      body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } },
    });
    expect(await razorpayProvider.fetchStatus!('order_StatusGone01', { settings: shop.settings })).toEqual({
      status: 'pending',
      gatewayPaymentId: null,
      amountPaise: null,
      currency: null,
      raw: { reason: 'The id provided does not exist' },
    });
    expect(shop.razorpay.asked.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/orders/order_StatusGone01/payments',
    });
  });

  it('reconciliation pays an order whose return and webhook never came, in Razorpay’s words, once', async () => {
    const placed = await shop.started();
    shop.razorpay.orderPayments.set(placed.razorpayOrderId, [
      paymentEntity({ id: 'pay_ReconLost01', order_id: placed.razorpayOrderId }),
    ]);
    const results = await reconcilePayments(shop.database.db, {
      settings: shop.settings,
      now: new Date(Date.now() + 11 * 60_000),
    });
    expect(results.filter((result) => result.orderNumber === placed.orderNumber)).toEqual([
      {
        storeId: 1,
        orderNumber: placed.orderNumber,
        provider: 'razorpay',
        gatewayId: placed.razorpayOrderId,
        action: 'paid',
        gatewayPaymentId: 'pay_ReconLost01',
        capturedPaise: 370000,
        currency: 'INR',
        orderTotalPaise: 370000,
      },
    ]);
    expect((await shop.orderOf(placed.id)).status).toBe(ORDER_STATUS.processing);
    expect((await shop.eventsOf(placed.id)).at(-1)).toEqual({
      to: ORDER_STATUS.processing,
      cause: `payment: Razorpay order ${placed.razorpayOrderId} (payment pay_ReconLost01), found by reconciliation`,
    });
    // The return arrives after all: no second payment or event.
    const late = await shop.returnFrom(shop.signedReturn(placed.razorpayOrderId, 'pay_ReconLost01'));
    expect(late.statusCode).toBe(303);
    expect(await shop.eventsOf(placed.id)).toHaveLength(2);
  });

  it('refunds through POST /v1/payments/{id}/refund; a pending refund is settled by refund.processed', async () => {
    const placed = await shop.started();
    await shop.returnFrom(shop.signedReturn(placed.razorpayOrderId, 'pay_StandInRfnd01'));
    const refund = (amount: number) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${placed.orderNumber}/refunds`,
        headers: shop.owner.headers,
        payload: { amount, reason: 'Damaged in transit', method: 'gateway' },
      });
    const first = await refund(1299.5);
    expect(first.statusCode).toBe(201);
    expect(first.json<Refund>()).toMatchObject({ status: 'processed', failureReason: null });
    const asked = shop.razorpay.asked.filter((request) =>
      request.path.startsWith('/v1/payments/pay_StandInRfnd01'),
    );
    expect(asked.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payments/pay_StandInRfnd01/refunds',
      'POST /v1/payments/pay_StandInRfnd01/refund',
    ]);
    expect(asked[1]!.body).toEqual({
      amount: 129950,
      speed: 'normal',
      receipt: first.json<Refund>().id.replace(/-/g, ''),
    });

    // Razorpay takes the next one as pending; its refund.processed webhook settles it, once.
    shop.razorpay.script.push({ status: 200, body: { entity: 'collection', count: 0, items: [] } });
    shop.razorpay.script.push({
      status: 200,
      body: {
        id: 'rfnd_StandInPend01',
        entity: 'refund',
        amount: 100000,
        currency: 'INR',
        payment_id: 'pay_StandInRfnd01',
        receipt: 'x',
        status: 'pending',
      },
    });
    const second = await refund(1000);
    expect(second.json<Refund>()).toMatchObject({
      status: 'pending',
      failureReason: 'Razorpay is processing the refund; its webhook tells the outcome',
    });
    const refundEntity = {
      id: 'rfnd_StandInPend01',
      entity: 'refund',
      amount: 100000,
      currency: 'INR',
      payment_id: 'pay_StandInRfnd01',
      status: 'processed',
    };
    const processed = await shop.webhook(eventBody('refund.processed', { refund: refundEntity }));
    expect(processed.json()).toEqual({ success: true, event: 'refund.processed', result: 'refund-updated' });
    const again = await shop.webhook(eventBody('refund.processed', { refund: refundEntity }));
    expect(again.json()).toEqual({ success: true, event: 'refund.processed', result: 'ignored' });
    const list = await shop.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${placed.orderNumber}/refunds`,
      headers: shop.owner.headers,
    });
    expect(list.json()).toMatchObject({ paidBy: 'gateway', gatewayRefund: true, refunded: 2299.5 });
  });
});
