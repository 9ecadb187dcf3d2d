/**
 * The forgotten-cart reminder (docs/messages.md "Forgotten carts"): one message a cart change, sent when a
 * signed-in shopper's kept cart has items, was last changed at least the store's hours ago (default 1; none
 * when the store turned reminders off) and the account placed no order since. E-mail to the account's
 * address, or WhatsApp to the phone of its latest order when that number opted in to WhatsApp updates (and did
 * not reply 'STOP'); the link `/cart?restore={token}` brings the cart back on any device.
 *
 * {@link remindForgottenCarts} is one pass over every store. With several app servers on one PostgreSQL every
 * server runs passes: each cart is reminded in its own transaction under its row lock (`FOR UPDATE SKIP
 * LOCKED`, then `reminded_at` set), so each change is reminded once.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_CART_REMINDER_HOURS } from '@shared/carts/cart-schemas';
import { rowsOf, type Db } from '../../db/database';
import { PeriodicPass } from '../../periodic-pass';
import { mailStoreOf, shopNameOf } from '../mail/shop-sender';
import { queueMessage } from '../notifications/message-outbox';
import { e164IndianMobile, phoneChannelFor } from '../notifications/phone-consent';

/** Time between passes, in milliseconds (5 minutes: a reminder goes at most this late). */
export const CART_REMINDER_INTERVAL_MS = 5 * 60 * 1000;
/** Carts read per query of a pass. */
const BATCH_SIZE = 100;

/** The storefront address a reminder's link opens, before its token (the cart page restores it). */
export const CART_RESTORE_PATH = '/cart?restore=';

/** The due-cart condition at `now` (carts `c`, settings `s`), shared by the look-up and the locked re-read. */
const dueAt = (now: Date) => sql`
  c.reminded_at IS NULL AND jsonb_array_length(c.lines) > 0
  AND (s.store_id IS NULL OR s.reminder_after_hours IS NOT NULL)
  AND c.changed_at + make_interval(hours => coalesce(s.reminder_after_hours, ${DEFAULT_CART_REMINDER_HOURS}))
    <= ${now.toISOString()}::timestamptz
  AND NOT EXISTS (SELECT 1 FROM orders o
    WHERE o.store_id = c.store_id AND o.user_id = c.user_id AND o.created_at >= c.changed_at)`;

type DueCart = {
  id: number;
  storeId: number;
  userId: number;
  /** Null for an account made by phone that has not given one. */
  email: string | null;
  /** The account's own number (accounts made by phone), E.164. */
  phone: string | null;
  lines: { quantity: number }[];
  token: string;
  origin: string | null;
};

/** 'a kurta' is not known here: the count of lines, '1 item' or '3 items'. */
const itemCount = (lines: number) => (lines === 1 ? '1 item' : `${lines} items`);

/** The channel and recipient of a cart's reminder: WhatsApp where the account's order phone opted in, else e-mail. */
async function recipientOf(
  tx: Db,
  cart: DueCart,
): Promise<{ channel: 'email' | 'whatsapp'; to: string } | null> {
  const [latest] = rowsOf<{ phone: string }>(
    await tx.execute(sql`
      SELECT phone FROM orders WHERE store_id = ${cart.storeId} AND user_id = ${cart.userId}
      ORDER BY created_at DESC LIMIT 1`),
  );
  const phone = e164IndianMobile(cart.phone ?? latest?.phone ?? '');
  if (phone !== null && (await phoneChannelFor(tx, cart.storeId, phone)) === 'whatsapp') {
    return { channel: 'whatsapp', to: phone };
  }
  return cart.email ? { channel: 'email', to: cart.email } : null;
}

/** Reminds cart `id` if it is still due at `now` and no other server holds it; false when left alone. */
async function remindOne(db: Db, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [cart] = rowsOf<DueCart>(
      await tx.execute(sql`
        SELECT c.id, c.store_id AS "storeId", c.user_id AS "userId", u.email, u.phone, c.lines,
          c.restore_token AS token, c.link_origin AS origin
        FROM server_carts c
        JOIN users u ON u.id = c.user_id AND u.store_id = c.store_id
        LEFT JOIN cart_reminder_settings s ON s.store_id = c.store_id
        WHERE c.id = ${id} AND ${dueAt(now)}
        FOR UPDATE OF c SKIP LOCKED`),
    );
    if (!cart) return false;
    const store = await mailStoreOf(tx, cart.storeId);
    const recipient = await recipientOf(tx, cart);
    // An account with neither an e-mail nor a WhatsApp number gets no reminder; the cart counts as reminded.
    if (recipient !== null) {
      await queueMessage(tx, cart.storeId, {
        template: 'cart-reminder',
        ...recipient,
        variables: {
          shopName: shopNameOf(store ?? { storeName: null, companyName: null, companyEmail: null }),
          itemCount: itemCount(cart.lines.length),
          cartLink: `${cart.origin ?? ''}${CART_RESTORE_PATH}${cart.token}`,
        },
      });
    }
    await tx.execute(
      sql`UPDATE server_carts SET reminded_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`,
    );
    return true;
  });
}

/**
 * Queues the reminder of every cart due at `now` in every store, oldest change first, one transaction each.
 * @returns the number of reminders queued.
 */
export async function remindForgottenCarts(db: Db, now: Date): Promise<number> {
  let reminded = 0;
  const passedOver: number[] = [];
  for (;;) {
    const batch = rowsOf<{ id: number }>(
      await db.execute(sql`
        SELECT c.id FROM server_carts c
        LEFT JOIN cart_reminder_settings s ON s.store_id = c.store_id
        WHERE ${dueAt(now)}
          ${
            passedOver.length > 0
              ? sql`AND c.id NOT IN (${sql.join(
                  passedOver.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql``
          }
        ORDER BY c.changed_at, c.id
        LIMIT ${BATCH_SIZE}`),
    );
    for (const { id } of batch) {
      if (await remindOne(db, Number(id), now)) reminded++;
      else passedOver.push(Number(id));
    }
    if (batch.length < BATCH_SIZE) return reminded;
  }
}

export type CartReminderTimerOptions = {
  db: Db;
  log: {
    info(object: Record<string, unknown>, message: string): void;
    error(object: Record<string, unknown>, message: string): void;
  };
  /** The pass's "now" (the app's clock). */
  clock: () => Date;
  /** Called after a pass that queued reminders (e.g. to wake a sender). */
  onReminded?: (count: number) => void;
  /** Between passes (ms; default {@link CART_REMINDER_INTERVAL_MS}). */
  intervalMs?: number;
};

/** Runs {@link remindForgottenCarts} when started and then on a timer, one pass at a time. */
export class CartReminderTimer extends PeriodicPass {
  constructor(private readonly options: CartReminderTimerOptions) {
    super(options.intervalMs ?? CART_REMINDER_INTERVAL_MS, options.log, 'sending cart reminders failed');
  }

  protected async pass(): Promise<void> {
    const count = await remindForgottenCarts(this.options.db, this.options.clock());
    if (count > 0) {
      this.options.log.info({ count }, 'queued forgotten-cart reminders');
      this.options.onReminded?.(count);
    }
  }
}
