/**
 * The owner's settings for order messages (docs/messages.md "Order updates", "COD confirmation"), kept in
 * `stores.order_message_settings`: transactional SMS on or off, the owner's WhatsApp number for paid orders
 * (stored as E.164, `+919876543210`, or ''), the COD confirmation window in hours (1 to 168) and what happens
 * when nobody answers ('flag' or 'cancel'). The owner's change is audited in its transaction.
 */
import { eq } from 'drizzle-orm';
import {
  orderMessageSettingsOf,
  type OrderMessageSettings,
} from '@shared/notifications/order-message-settings';
import type { Db } from '../../db/database';
import { stores } from '../../db/schema/store-tables';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { e164IndianMobile } from '../notifications/phone-consent';
import { announceQuoteChange } from '../stores/quote-change';

/** The store's settings, defaults filled in. */
export async function readOrderMessageSettings(db: Db, storeId: number): Promise<OrderMessageSettings> {
  const [row] = await db
    .select({ settings: stores.orderMessageSettings })
    .from(stores)
    .where(eq(stores.id, storeId));
  return orderMessageSettingsOf(row?.settings);
}

/**
 * Saves `settings` (already checked by `orderMessageSettingsSchema`; the owner's number in any common
 * spelling is stored as E.164) with its audit entry (entity `settings`, id `order-messages`).
 * @returns the settings as stored.
 */
export async function saveOrderMessageSettings(
  db: Db,
  storeId: number,
  actor: AuditActor,
  settings: OrderMessageSettings,
): Promise<OrderMessageSettings> {
  const stored: OrderMessageSettings = {
    ...settings,
    ownerWhatsapp: settings.ownerWhatsapp === '' ? '' : (e164IndianMobile(settings.ownerWhatsapp) ?? ''),
  };
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await readOrderMessageSettings(tx, storeId);
    await tx.update(stores).set({ orderMessageSettings: stored }).where(eq(stores.id, storeId));
    // Orders keep these settings in process (./order-store-cache.ts) until a change is announced.
    await announceQuoteChange(tx, storeId);
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'settings',
      entityId: 'order-messages',
      action: 'update',
      before,
      after: stored,
    });
  });
  return stored;
}
