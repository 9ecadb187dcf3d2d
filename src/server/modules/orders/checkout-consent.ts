/**
 * What checkout records and sends to the shopper's phone (docs/messages.md "Consent", "Order updates"): the
 * WhatsApp opt-in ticked at checkout, kept per number (../notifications/phone-consent.ts) and on the account
 * with its time, and the 'order-placed' message with the payment link while the order is unpaid.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/user-tables';
import { e164IndianMobile, setWhatsappOptIn } from '../notifications/phone-consent';
import { queueOrderMessage, type MessageOrder } from './order-messages';

/**
 * Records 'Send me order updates on WhatsApp' ticked at checkout at `now`: the order's phone (any common
 * spelling of an Indian mobile; another number records nothing) is opted in, and the account remembers the
 * choice with its time (`users.whatsapp_opt_in_at`). Call it in the order's transaction.
 */
export async function recordCheckoutOptIn(
  tx: Db,
  storeId: number,
  userId: number,
  phone: string,
  now: Date,
): Promise<void> {
  const e164 = e164IndianMobile(phone);
  if (!e164) return;
  await setWhatsappOptIn(tx, storeId, e164, true, now);
  await tx
    .update(users)
    .set({ whatsappOptInAt: now })
    .where(and(eq(users.storeId, storeId), eq(users.id, userId)));
}

/**
 * Queues 'order-placed' for the new order `order` (built from what the checkout holds, as
 * ./order-messages.ts `readMessageOrder` would read it): 'Pay here: <link>' while it waits for payment
 * (`paymentUrl`, absolute, from the shop's origin), else 'Pay from My Orders.'. `templateText`: the store's
 * text of 'order-placed' when the caller holds it. Call it in the order's transaction, after
 * {@link recordCheckoutOptIn}, so an opt-in ticked now already chooses WhatsApp.
 */
export async function queueOrderPlacedMessage(
  tx: Db,
  storeId: number,
  order: MessageOrder,
  paymentUrl: string | null,
  templateText?: string,
): Promise<void> {
  await queueOrderMessage(
    tx,
    storeId,
    order,
    'order-placed',
    {
      paymentLine: paymentUrl ? `Pay here: ${paymentUrl}` : 'Pay from My Orders.',
      paymentLink: paymentUrl ?? '',
    },
    templateText === undefined ? {} : { templateText },
  );
}
