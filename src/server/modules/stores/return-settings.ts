/**
 * A store's return settings as the API and the services read them (docs/returns.md "Settings"): the stored
 * `stores.return_settings` (money in paise) as {@link ReturnSettings} (money in rupees), with the defaults of a
 * store that set none.
 */
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { DEFAULT_RETURN_SETTINGS, type ReturnSettings } from '@shared/returns/return-schemas';
import type { StoredReturnSettings } from '../../db/schema/store-tables';

/** The settings of `stored` (null: none set → the defaults: 7 days, exchanges offered, no pickup fee). */
export function returnSettingsOf(stored: StoredReturnSettings | null | undefined): ReturnSettings {
  if (!stored) return { ...DEFAULT_RETURN_SETTINGS };
  return {
    windowDays: stored.windowDays,
    exchanges: stored.exchanges,
    pickupFee: paiseToRupees(stored.pickupFeePaise),
    returnAddress: stored.returnAddress?.trim() || null,
  };
}

/** `settings` as `stores.return_settings` keeps them (the pickup fee in paise; a blank address as null). */
export function storedReturnSettings(settings: ReturnSettings): StoredReturnSettings {
  return {
    windowDays: settings.windowDays,
    exchanges: settings.exchanges,
    pickupFeePaise: rupeesToPaise(settings.pickupFee),
    returnAddress: settings.returnAddress?.trim() || null,
  };
}
