/**
 * The store's delivery settings in the database (`stores.delivery_settings`, docs/delivery.md): read with the
 * defaults of a store that set nothing (shipping 'Free', every PIN served, no COD), and replaced whole by the
 * admin's delivery screen or the catalogue import. Amounts in paise.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '@shared/delivery/delivery-rules';
import type { Db } from '../../db/database';
import { stores } from '../../db/schema/store-tables';
import { announceQuoteChange } from '../stores/quote-change';

/**
 * The settings as stored, completed with the defaults (a stored value written before a field existed still
 * reads whole). `null` → {@link DEFAULT_DELIVERY_SETTINGS}.
 */
export function deliverySettingsOf(stored: DeliverySettings | null | undefined): DeliverySettings {
  if (!stored) return DEFAULT_DELIVERY_SETTINGS;
  return {
    ...DEFAULT_DELIVERY_SETTINGS,
    ...stored,
    cod: { ...DEFAULT_DELIVERY_SETTINGS.cod, ...stored.cod },
  };
}

/** The delivery settings of `storeId` (the defaults for a store that set nothing or does not exist). */
export async function readDeliverySettings(db: Db, storeId: number): Promise<DeliverySettings> {
  const [row] = await db
    .select({ settings: stores.deliverySettings })
    .from(stores)
    .where(eq(stores.id, storeId));
  return deliverySettingsOf(row?.settings);
}

/**
 * Replaces the delivery settings of `storeId` (call it in the transaction that audits the change), and
 * announces the change to the checkout quote's cache (../stores/quote-change.ts).
 */
export async function saveDeliverySettings(
  tx: Db,
  storeId: number,
  settings: DeliverySettings,
): Promise<void> {
  await tx.update(stores).set({ deliverySettings: settings }).where(eq(stores.id, storeId));
  await announceQuoteChange(tx, storeId);
}
