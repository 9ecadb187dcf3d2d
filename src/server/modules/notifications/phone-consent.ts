/**
 * Each phone number's consent in a store (`phone_consents`; India's DPDP Act: consent is given, timed and can
 * be withdrawn): the WhatsApp opt-in from checkout or the account page, and the opt-out a 'STOP' reply records.
 * Numbers are E.164 Indian mobiles (`+919876543210`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { phoneConsents } from '../../db/schema/notification-tables';
import { nationalMobileDigits } from '@shared/orders/shipping-address-schema';

/** `+91` and the ten digits of an Indian mobile number in any common spelling, or null when it is not one. */
export function e164IndianMobile(input: string): string | null {
  const digits = nationalMobileDigits(input);
  return digits === null ? null : `+91${digits}`;
}

/** True when `phone` replied 'STOP' in `storeId` and has not opted in again since. */
export async function isOptedOut(db: Db, storeId: number, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ optedOutAt: phoneConsents.optedOutAt })
    .from(phoneConsents)
    .where(and(eq(phoneConsents.storeId, storeId), eq(phoneConsents.phone, phone)));
  return row?.optedOutAt != null;
}

/**
 * The phone channel a message to `phone` goes on: `whatsapp` when the number opted in to WhatsApp updates,
 * else `sms`; null when it opted out (send nothing to it).
 */
export async function phoneChannelFor(
  db: Db,
  storeId: number,
  phone: string,
): Promise<'whatsapp' | 'sms' | null> {
  const [row] = await db
    .select({ whatsappOptInAt: phoneConsents.whatsappOptInAt, optedOutAt: phoneConsents.optedOutAt })
    .from(phoneConsents)
    .where(and(eq(phoneConsents.storeId, storeId), eq(phoneConsents.phone, phone)));
  if (row?.optedOutAt != null) return null;
  return row?.whatsappOptInAt != null ? 'whatsapp' : 'sms';
}

/**
 * Records `phone`'s WhatsApp choice at `now`: `optIn` true sets the opt-in time (and clears an earlier 'STOP'),
 * false withdraws it.
 */
export async function setWhatsappOptIn(
  db: Db,
  storeId: number,
  phone: string,
  optIn: boolean,
  now: Date,
): Promise<void> {
  const values = optIn ? { whatsappOptInAt: now, optedOutAt: null } : { whatsappOptInAt: null };
  await db
    .insert(phoneConsents)
    .values({ storeId, phone, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [phoneConsents.storeId, phoneConsents.phone],
      set: { ...values, updatedAt: now },
    });
}

/** Records a 'STOP' reply from `phone` at `now`: no WhatsApp or SMS goes to it any more but the codes it asks for. */
export async function recordOptOut(db: Db, storeId: number, phone: string, now: Date): Promise<void> {
  await db
    .insert(phoneConsents)
    .values({ storeId, phone, optedOutAt: now, whatsappOptInAt: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [phoneConsents.storeId, phoneConsents.phone],
      set: { optedOutAt: now, whatsappOptInAt: null, updatedAt: sql`excluded.updated_at` },
    });
}
