/**
 * A store's forgotten-cart setting (docs/messages.md "Forgotten carts"): the reminder goes this many hours
 * after a cart's last change (1 to 168; default {@link DEFAULT_CART_REMINDER_HOURS}), or never (null). The
 * owner's change is audited in its transaction. Plain functions taking `db`.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_CART_REMINDER_HOURS, type CartReminderSetting } from '@shared/carts/cart-schemas';
import type { Db } from '../../db/database';
import { cartReminderSettings } from '../../db/schema/stock-alert-tables';
import { recordAudit, type AuditActor } from '../audit/audit-log';

/** The store's setting (the default while the owner has set none). */
export async function readCartReminderSetting(db: Db, storeId: number): Promise<CartReminderSetting> {
  const [row] = await db
    .select({ hours: cartReminderSettings.reminderAfterHours })
    .from(cartReminderSettings)
    .where(eq(cartReminderSettings.storeId, storeId));
  return { reminderAfterHours: row ? row.hours : DEFAULT_CART_REMINDER_HOURS };
}

/** Saves the store's setting with its audit entry (entity `settings`, id `cart-reminder`). */
export async function saveCartReminderSetting(
  db: Db,
  storeId: number,
  actor: AuditActor,
  setting: CartReminderSetting,
): Promise<CartReminderSetting> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await readCartReminderSetting(tx, storeId);
    const values = { reminderAfterHours: setting.reminderAfterHours, updatedAt: new Date() };
    await tx
      .insert(cartReminderSettings)
      .values({ storeId, ...values })
      .onConflictDoUpdate({ target: cartReminderSettings.storeId, set: values });
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'settings',
      entityId: 'cart-reminder',
      action: 'update',
      before,
      after: setting,
    });
  });
  return setting;
}
