/**
 * Reconciliation (docs/payments.md "Reconciliation") through the real app against a local stand-in of PayU's
 * status API (`verify_payment`, reached through PAYU_REFUND_URL): a captured attempt older than 10 minutes is
 * paid exactly as its callback would pay it, fresh ones are not asked, failure / pending / unknown answers
 * change nothing, another amount or currency pays nothing and is logged, the callback and reconciliation
 * together make one payment and one order event, the payment window asks before it cancels, two concurrent
 * runs pay once; then the sandbox's status API and `npm run orders -- reconcile`.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { AppConfig } from '../../config';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { runOrdersCli } from '../../cli/orders';
import { PUNE_ADDRESS } from '../../test/gst-test-catalog';
import { startPayuStatusStandIn, type PayuStatusStandIn } from '../../test/payu-status-stand-in';
import { placeTestOrderThroughApi, seedGstTestCatalog } from '../../test/refund-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp, testConfig } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { formatPaiseAmount } from './providers/amount';
import { payuResponseHash } from './providers/payu-hash';
import { payuVerifyForm } from './providers/payu-verify-payment';
import { BEFORE_CANCEL_WAIT_MS, reconcilePayments, type ReconcileLogger } from './reconciliation';
import { paymentSettings, SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT } from './settings';

const LIVE = { key: 'LiveKey7', salt: 'live-salt-for-tests' };
const MINUTE = 60_000;

type Started = {
  id: string;
  orderNumber: string;
  txnid: string;
  amount: string;
  data: Record<string, string>;
};

describe.each(testDatabaseKinds)('reconciliation on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let payu: PayuStatusStandIn;
  let config: AppConfig;
  let ids: Record<string, string> = {};
  const logged: { level: string; message: string; details: Record<string, unknown> }[] = [];
  const log: ReconcileLogger = {
    info: (details, message) => void logged.push({ level: 'info', message, details }),
    warn: (details, message) => void logged.push({ level: 'warn', message, details }),
    error: (details, message) => void logged.push({ level: 'error', message, details }),
  };
  const reconcile = (options: { recheck?: boolean } = {}) =>
    reconcilePayments(database.db, { settings: paymentSettings(config), log, ...options });

  beforeAll(async () => {
    payu = await startPayuStatusStandIn(LIVE);
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await payu.close();
  });

  /**
   * A fresh shop whose app's timers are stopped (the tests run the passes themselves); `beforeCancelWaitMs`
   * shortens the payment window's wait for the gateway (5 s in a shop).
   */
  const openShop = async (overrides: Partial<AppConfig>, beforeCancelWaitMs?: number) => {
    await app?.close();
    await database.reset();
    ids = await seedGstTestCatalog(database.db);
    config = { ...testConfig, ...overrides };
    app = await buildTestApp(database, overrides, beforeCancelWaitMs ? { beforeCancelWaitMs } : {});
    await app.ready();
    await app.reconciliation.stop();
    await app.paymentWindow.stop();
    logged.length = 0;
    payu.transactions.clear();
  };

  /** A ₹3,700 order whose gateway payment was started (the payment form), `minutes` ago. */
  const startAttempt = async (minutes: number): Promise<Started> => {
    const [buyer] = await insertSignedInCustomers(database.db, 1);
    const placed = await placeTestOrderThroughApi(app, database.db, buyer!, PUNE_ADDRESS, {
      [ids['KUR-2800']!]: 1,
      [ids['FAB-450']!]: 2,
    });
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: buyer!.headers,
      payload: {
        orderId: placed.orderNumber,
        fields: { name: 'Asha Verma', email: 'asha@example.com', phone: '+919839041736', method: 'gateway' },
      },
    });
    expect(started.statusCode).toBe(200);
    const data = started.json().action.formParams.data as Record<string, string>;
    const at = new Date(Date.now() - minutes * MINUTE);
    await database.db
      .update(payments)
      .set({ createdAt: at, updatedAt: at })
      .where(eq(payments.gatewayId, data.txnid!));
    return { ...placed, txnid: data.txnid!, amount: data.amount!, data };
  };
  const captured = (attempt: Started, amt = attempt.amount, extra: { currency?: string } = {}) =>
    payu.transactions.set(attempt.txnid, {
      status: 'success',
      amt,
      mihpayid: `4039937155${attempt.txnid.slice(-6)}`,
      ...extra,
    });
  const orderOf = async (attempt: Started) => {
    const [order] = await database.db
      .select({ status: orders.status, totalPaise: orders.totalPaise })
      .from(orders)
      .where(eq(orders.id, attempt.id));
    const rows = await database.db
      .select({ status: payments.status, raw: payments.raw })
      .from(payments)
      .where(eq(payments.orderId, attempt.id));
    const events = await database.db
      .select({ to: orderEvents.toStatus, cause: orderEvents.cause })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, attempt.id))
      .orderBy(asc(orderEvents.id));
    return { status: order!.status, totalPaise: order!.totalPaise, payments: rows, events };
  };
  const askedAbout = () => payu.asked.map((fields) => fields.var1);
  const callback = (attempt: Started, status: string) => {
    const fields = { ...attempt.data, status, mihpayid: `4039937155${attempt.txnid.slice(-6)}` };
    return app.inject({
      method: 'POST',
      url: '/api/v1/payments/payu/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...fields,
        hash: payuResponseHash(fields as unknown as Parameters<typeof payuResponseHash>[0], LIVE.salt),
      }).toString(),
    });
  };
  const live = () => ({
    PAYU_KEY: LIVE.key,
    PAYU_SALT: LIVE.salt,
    PAYU_URL: 'https://test.payu.in/_payment',
    PAYU_REFUND_URL: payu.url,
    PAYMENTS_SANDBOX: 'off' as const,
  });

  describe('with PayU', () => {
    beforeEach(() => openShop(live()));

    it('pays a captured attempt older than 10 minutes as its callback would; a fresh one is not asked; a later callback changes nothing', async () => {
      const old = await startAttempt(11);
      const fresh = await startAttempt(5);
      captured(old);
      captured(fresh);
      payu.asked.length = 0;

      expect(await reconcile()).toEqual([
        {
          storeId: 1,
          orderNumber: old.orderNumber,
          provider: 'payu',
          gatewayId: old.txnid,
          action: 'paid',
          gatewayPaymentId: `4039937155${old.txnid.slice(-6)}`,
          capturedPaise: 370_000,
          currency: 'INR',
          orderTotalPaise: 370_000,
        },
      ]);
      expect(askedAbout()).toEqual([old.txnid]);
      const paid = await orderOf(old);
      expect(paid.status).toBe(ORDER_STATUS.processing);
      expect(paid.payments).toMatchObject([
        {
          status: 'succeeded',
          raw: { statusCheck: { answer: 'captured', amountPaise: 370_000, currency: 'INR' } },
        },
      ]);
      expect(paid.events).toEqual([
        { to: ORDER_STATUS.pending, cause: expect.any(String) },
        {
          to: ORDER_STATUS.processing,
          cause: `payment: PayU txnid ${old.txnid} (mihpayid 4039937155${old.txnid.slice(-6)}), found by reconciliation`,
        },
      ]);
      expect((await orderOf(fresh)).status).toBe(ORDER_STATUS.pending);

      // The lost callback arrives after all: the same success page, no second payment or event.
      const late = await callback(old, 'success');
      expect(late.statusCode).toBe(303);
      expect(late.headers.location).toBe(`/order-success?orderId=${old.orderNumber}`);
      const after = await orderOf(old);
      expect(after.payments.map((row) => row.status)).toEqual(['succeeded']);
      expect(after.events).toHaveLength(2);
      // Asked again now: nothing is open any more but the fresh attempt, which is still too young.
      expect(await reconcile()).toEqual([]);
    });

    it('failure, pending and a txnid PayU does not know change nothing but the last check, which waits 10 minutes', async () => {
      const failed = await startAttempt(12);
      const pending = await startAttempt(12);
      const unknown = await startAttempt(12);
      payu.transactions.set(failed.txnid, { status: 'failure', amt: failed.amount, mihpayid: '1' });
      payu.transactions.set(pending.txnid, {
        status: 'pending',
        unmappedstatus: 'in progress',
        amt: pending.amount,
        mihpayid: '2',
      });

      expect((await reconcile()).map((result) => [result.orderNumber, result.action])).toEqual([
        [failed.orderNumber, 'failed'],
        [pending.orderNumber, 'pending'],
        [unknown.orderNumber, 'pending'],
      ]);
      for (const attempt of [failed, pending, unknown]) {
        const order = await orderOf(attempt);
        expect(order.status).toBe(ORDER_STATUS.pending);
        expect(order.payments).toMatchObject([{ status: 'initiated' }]);
        expect(order.events).toHaveLength(1);
      }
      expect((await orderOf(unknown)).payments[0]!.raw).toMatchObject({
        statusCheck: { answer: 'pending', gateway: { status: 'Not Found', mihpayid: 'Not Found' } },
      });
      // Just checked: the next pass leaves them alone; by hand (recheck) they are asked again.
      expect(await reconcile()).toEqual([]);
      expect(await reconcile({ recheck: true })).toHaveLength(3);
    });

    it('another amount or currency than the order’s pays nothing and is logged', async () => {
      const short = await startAttempt(15);
      const dollars = await startAttempt(15);
      captured(short, formatPaiseAmount(370_000 - 100));
      captured(dollars, dollars.amount, { currency: 'USD' });

      expect(
        (await reconcile()).map((result) => [result.action, result.capturedPaise, result.currency]),
      ).toEqual([
        ['amount-mismatch', 369_900, 'INR'],
        ['amount-mismatch', 370_000, 'USD'],
      ]);
      for (const attempt of [short, dollars]) {
        const order = await orderOf(attempt);
        expect(order.status).toBe(ORDER_STATUS.pending);
        expect(order.payments).toMatchObject([{ status: 'initiated' }]);
      }
      expect(logged.filter((line) => line.level === 'warn')).toEqual([
        {
          level: 'warn',
          message:
            'the gateway captured another amount or currency than the order’s: not paid; check it with the gateway',
          details: {
            orderNumber: short.orderNumber,
            gatewayId: short.txnid,
            capturedPaise: 369_900,
            currency: 'INR',
            orderTotalPaise: 370_000,
          },
        },
        expect.objectContaining({ details: expect.objectContaining({ currency: 'USD' }) }),
      ]);
    });

    it('the server’s own timer runs a pass when it starts', async () => {
      const attempt = await startAttempt(45);
      captured(attempt);
      app.reconciliation.start();
      await app.reconciliation.idle();
      await app.reconciliation.stop();
      expect((await orderOf(attempt)).status).toBe(ORDER_STATUS.processing);
    });

    it('an attempt whose callback came first is not asked', async () => {
      const attempt = await startAttempt(20);
      captured(attempt);
      expect((await callback(attempt, 'success')).statusCode).toBe(303);
      payu.asked.length = 0;
      expect(await reconcile({ recheck: true })).toEqual([]);
      expect(askedAbout()).toEqual([]);
      expect((await orderOf(attempt)).events).toHaveLength(2);
    });

    it('the payment window asks before it cancels: a captured payment is paid, an unpaid order is cancelled', async () => {
      // Younger than 10 minutes: only the window's own question finds them.
      const paidInTime = await startAttempt(2);
      const unpaid = await startAttempt(2);
      captured(paidInTime);
      await database.db
        .update(orders)
        .set({ paymentDueAt: sql`now() - interval '1 second'` })
        .where(inArray(orders.id, [paidInTime.id, unpaid.id]));

      app.paymentWindow.start();
      await app.paymentWindow.idle();
      await app.paymentWindow.stop();

      const paid = await orderOf(paidInTime);
      expect(paid.status).toBe(ORDER_STATUS.processing);
      expect(paid.events.map((event) => event.cause).at(-1)).toBe(
        `payment: PayU txnid ${paidInTime.txnid} (mihpayid 4039937155${paidInTime.txnid.slice(-6)}), found by reconciliation`,
      );
      expect((await orderOf(unpaid)).status).toBe(ORDER_STATUS.cancelled);
    });

    it('waits 5 seconds for the gateway before cancelling', () => {
      expect(BEFORE_CANCEL_WAIT_MS).toBe(5_000);
    });

    it('a slow gateway holds the window for that wait at most; its late answer still pays, as a late payment', async () => {
      // The same rule with a 1-second wait, so that the test does not spend 5 of them.
      await openShop(live(), 1_000);
      const slowlyPaid = await startAttempt(2);
      captured(slowlyPaid);
      await database.db
        .update(orders)
        .set({ paymentDueAt: sql`now() - interval '1 second'` })
        .where(eq(orders.id, slowlyPaid.id));
      payu.delayMs = 2_500;
      try {
        const started = Date.now();
        app.paymentWindow.start();
        await app.paymentWindow.idle();
        await app.paymentWindow.stop();
        expect(Date.now() - started).toBeLessThan(2_500);
        expect((await orderOf(slowlyPaid)).status).toBe(ORDER_STATUS.cancelled);
        await vi.waitFor(
          async () => expect((await orderOf(slowlyPaid)).status).toBe(ORDER_STATUS.processing),
          {
            timeout: 5_000,
            interval: 200,
          },
        );
      } finally {
        payu.delayMs = 0;
      }
      expect((await orderOf(slowlyPaid)).events.map((event) => event.cause).at(-1)).toMatch(
        /^reinstated: paid after the window \(payment: PayU txnid .+, found by reconciliation\)$/,
      );
    });

    it('two runs at once ask once and pay once', async () => {
      const attempt = await startAttempt(30);
      captured(attempt);
      payu.asked.length = 0;
      const [first, second] = await Promise.all([reconcile(), reconcile()]);
      expect([...first!, ...second!].map((result) => result.action)).toEqual(['paid']);
      expect(askedAbout()).toEqual([attempt.txnid]);
      const paid = await orderOf(attempt);
      expect(paid.payments.map((row) => row.status)).toEqual(['succeeded']);
      expect(paid.events.filter((event) => event.to === ORDER_STATUS.processing)).toHaveLength(1);

      // By hand on two servers at once (no waiting between checks): both may ask, one pays.
      const another = await startAttempt(30);
      captured(another);
      const byHand = await Promise.all([reconcile({ recheck: true }), reconcile({ recheck: true })]);
      const actions = byHand.flat().map((result) => result.action);
      expect(actions.filter((action) => action === 'paid')).toHaveLength(1);
      expect(actions.every((action) => action === 'paid' || action === 'already-settled')).toBe(true);
      const once = await orderOf(another);
      expect(once.payments.map((row) => row.status)).toEqual(['succeeded']);
      expect(once.events.filter((event) => event.to === ORDER_STATUS.processing)).toHaveLength(1);
    });
  });

  describe('with the sandbox', () => {
    beforeEach(() => openShop({ PAYMENTS_SANDBOX: 'on' }));

    /** The CLI's console output and exit code. */
    const runCli = async (args: string[]) => {
      const out: string[] = [];
      const spies = [
        vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line)),
        vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line)),
      ];
      try {
        const code = await runOrdersCli(args, { database, config });
        return { code, output: out.join('\n') };
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    };

    it('answers verify_payment from what it saw; “Pay, but lose the callback” is found by npm run orders -- reconcile', async () => {
      const attempt = await startAttempt(0);
      const verify = () =>
        app.inject({
          method: 'POST',
          url: '/sandbox/payu/merchant/postservice?form=2',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(
            payuVerifyForm({ key: SANDBOX_PAYU_KEY, salt: SANDBOX_PAYU_SALT }, attempt.txnid),
          ).toString(),
        });
      expect((await verify()).json()).toMatchObject({
        status: 0,
        transaction_details: { [attempt.txnid]: { status: 'Not Found' } },
      });

      const page = await app.inject({
        method: 'POST',
        url: '/sandbox/payu',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(attempt.data).toString(),
      });
      expect(page.statusCode).toBe(200);
      expect((await verify()).json()).toMatchObject({
        status: 1,
        transaction_details: { [attempt.txnid]: { status: 'pending' } },
      });
      const form = /<form method="post" action="\/sandbox\/payu\/lost-callback">([\s\S]*?)<\/form>/.exec(
        page.body,
      );
      expect(form?.[1]).toContain('Pay, but lose the callback');
      const fields = Object.fromEntries(
        [...form![1]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((input) => [
          input[1]!,
          input[2]!.replace(/&amp;/g, '&'),
        ]),
      );
      const forged = await app.inject({
        method: 'POST',
        url: '/sandbox/payu/lost-callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...fields, amount: '1.00' }).toString(),
      });
      expect(forged.statusCode).toBe(400);
      const lost = await app.inject({
        method: 'POST',
        url: '/sandbox/payu/lost-callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(lost.statusCode).toBe(200);
      expect(lost.body).toContain('Paid, but the shop was not told');
      expect((await verify()).json()).toMatchObject({
        status: 1,
        transaction_details: {
          [attempt.txnid]: {
            status: 'success',
            unmappedstatus: 'captured',
            amt: '3700.00',
            mihpayid: fields.mihpayid,
          },
        },
      });
      expect((await orderOf(attempt)).status).toBe(ORDER_STATUS.pending);

      // Too young for the CLI too (10 minutes); then 11 minutes old.
      expect(await runCli(['reconcile'])).toEqual({
        code: 0,
        output: 'No open payment attempts to ask the gateway about.',
      });
      const at = new Date(Date.now() - 11 * MINUTE);
      await database.db.update(payments).set({ createdAt: at }).where(eq(payments.gatewayId, attempt.txnid));
      expect(await runCli(['reconcile', '--since', '2999-01-01'])).toEqual({
        code: 0,
        output: 'No open payment attempts to ask the gateway about.',
      });
      expect(await runCli(['reconcile'])).toEqual({
        code: 0,
        output: [
          `Order ${attempt.orderNumber}: paid — the gateway captured the payment (txnid ${attempt.txnid}, ₹3,700, mihpayid ${fields.mihpayid}); Pending → Processing.`,
          'Asked the gateway about 1 attempt; 1 order paid.',
        ].join('\n'),
      });
      const paid = await orderOf(attempt);
      expect(paid.status).toBe(ORDER_STATUS.processing);
      expect(paid.events.at(-1)!.cause).toBe(
        `payment: PayU sandbox (TEST) txnid ${attempt.txnid} (mihpayid ${fields.mihpayid}), found by reconciliation`,
      );
      expect(await runCli(['reconcile', '--since', '2026-11-01'])).toEqual({
        code: 0,
        output: 'No open payment attempts to ask the gateway about.',
      });
    });

    it('a bad --since is refused with a clear message and changes nothing', async () => {
      for (const since of ['2026-13-01', '2026-02-30', 'yesterday', '01-11-2026']) {
        const run = await runCli(['reconcile', '--since', since]);
        expect(run.code).toBe(1);
        expect(run.output.split('\n')[0]).toBe(
          '--since must be a date as YYYY-MM-DD, e.g. --since 2026-11-01',
        );
      }
      expect(await runCli(['reconcile', 'RS-7KQ29XD3'])).toMatchObject({
        code: 1,
        output: expect.stringMatching(/^Unexpected argument RS-7KQ29XD3\n/),
      });
      const rows = await database.db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'succeeded')));
      expect(rows).toEqual([]);
    });
  });
});
