/**
 * The admin dashboard's figures through `app.inject()`: orders and revenue (paise of paid orders) for today, 7
 * and 30 days, 30 daily entries, payments to verify (the shopper's 'I have paid'), orders to ship, unpaid orders about to expire, low-stock SKUs, failed e-mails, the last backup.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { outgoingMail } from '../../db/schema/mail-tables';
import { orders } from '../../db/schema/order-tables';
import { backupFileName } from '../backups/backup-format';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestOrder, insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { insertTestCustomer } from '../../test/test-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

describe.each(testDatabaseKinds)('admin dashboard on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let staff: SessionMember;
  let userId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db);
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    userId = await insertTestCustomer(database.db, shop.storeId);
  });

  const get = (url: string) =>
    app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: staff.headers });
  const order = (status: number, daysAgo = 0, quantity = 1) =>
    insertTestOrder(database.db, {
      storeId: shop.storeId,
      userId,
      status: status as 0,
      lines: [{ productId: shop.saree, quantity }],
    }).then(async (made) => {
      if (daysAgo > 0) {
        await database.db
          .update(orders)
          .set({ createdAt: new Date(Date.now() - daysAgo * 86_400_000) })
          .where(eq(orders.id, made.id));
      }
      return made;
    });

  it('sums orders and paid revenue in paise for today, 7 and 30 days, with 30 daily entries', async () => {
    await order(ORDER_STATUS.processing);
    await order(ORDER_STATUS.pending);
    await order(ORDER_STATUS.delivered, 3, 2);
    await order(ORDER_STATUS.cancelled, 10);
    await order(ORDER_STATUS.shipped, 40);
    const response = await get('/dashboard');
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    expect(dashboard.today).toEqual({ orders: 2, revenuePaise: 249_900 });
    expect(dashboard.last7Days).toEqual({ orders: 3, revenuePaise: 3 * 249_900 });
    expect(dashboard.last30Days).toEqual({ orders: 4, revenuePaise: 3 * 249_900 });
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily.at(-1)).toMatchObject({ orders: 2, revenuePaise: 249_900 });
    expect(dashboard.toShip.count).toBe(1);
    expect(dashboard.expiringUnpaid).toHaveLength(1);
    // Only the kurta in L (2 pieces) is at or below the low-stock threshold of 3.
    expect(dashboard.lowStock).toEqual([
      { sku: `KUR-${shop.storeId}-L`, title: 'Cotton Kurta', size: 'L', color: 'White', stock: 2 },
    ]);
    expect(dashboard.failedMails).toEqual({ count: 0, latest: [] });
  });

  it("lists the orders whose shopper said 'I have paid' first, oldest report first, and not among those expiring", async () => {
    const plain = await order(ORDER_STATUS.pending);
    const newer = await order(ORDER_STATUS.pending);
    const older = await order(ORDER_STATUS.pending);
    const paid = await order(ORDER_STATUS.processing);
    const report = (id: string, minutesAgo: number, utr: string | null) =>
      database.db
        .update(orders)
        .set({ shopperPaidAt: new Date(Date.now() - minutesAgo * 60_000), shopperUtr: utr })
        .where(eq(orders.id, id));
    await report(newer.id, 5, null);
    await report(older.id, 50, '412345678901');
    // A report on an order that was paid since is no longer to verify.
    await report(paid.id, 90, '999988887777');
    const dashboard = (await get('/dashboard')).json();
    expect(dashboard.paymentsToVerify).toEqual([
      {
        orderNumber: older.orderNumber,
        fullName: expect.any(String),
        totalPaise: 249_900,
        utr: '412345678901',
        reportedAt: expect.stringMatching(/Z$/),
      },
      {
        orderNumber: newer.orderNumber,
        fullName: expect.any(String),
        totalPaise: 249_900,
        utr: null,
        reportedAt: expect.stringMatching(/Z$/),
      },
    ]);
    expect(dashboard.expiringUnpaid.map((row: { orderNumber: string }) => row.orderNumber)).toEqual([
      plain.orderNumber,
    ]);
  });

  it('lists failed e-mails', async () => {
    await database.db.insert(outgoingMail).values({
      storeId: shop.storeId,
      recipient: 'asha@example.com',
      subject: 'Order shipped',
      message: {
        from: 'x@example.com',
        to: 'asha@example.com',
        subject: 'Order shipped',
        text: '',
        html: '',
      },
      status: 'failed',
      lastError: 'mailbox unavailable',
    });
    expect((await get('/dashboard')).json().failedMails).toMatchObject({
      count: 1,
      latest: [{ subject: 'Order shipped', lastError: 'mailbox unavailable' }],
    });
  });

  it('shows the last backup of BACKUP_DIR, and warns after 26 hours without one', async () => {
    expect((await get('/dashboard')).json().backup).toEqual({ lastAt: null, overdue: true, daily: false });
    const backupDir = await mkdtemp(join(tmpdir(), 'resham-dashboard-backups-'));
    const withBackups = await buildTestApp(database, { BACKUP_DIR: backupDir });
    try {
      const backupOf = async (hoursAgo: number) => {
        const at = new Date(Math.floor((Date.now() - hoursAgo * 3_600_000) / 1000) * 1000);
        await writeFile(join(backupDir, backupFileName(at)), '');
        return at.toISOString();
      };
      const read = async () =>
        (
          await withBackups.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: staff.headers })
        ).json().backup;
      const old = await backupOf(27);
      expect(await read()).toEqual({ lastAt: old, overdue: true, daily: true });
      const fresh = await backupOf(25);
      await writeFile(join(backupDir, 'notes.txt'), 'not a backup');
      expect(await read()).toEqual({ lastAt: fresh, overdue: false, daily: true });
    } finally {
      await withBackups.close();
      await rm(backupDir, { recursive: true, force: true });
    }
  });
});
