/**
 * The mail outbox table (`outgoing_mail`, docs/decisions/009-mail-outbox.md): writing a mail in the
 * transaction of the change it reports, claiming due mails for sending (so that with several app servers on
 * one database each mail is sent by one of them), recording the outcome, and listing what was not delivered
 * for the shop owner. Plain functions taking `db`; the sending loop is ./outbox-sender.ts.
 */
import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { outgoingMail, type OutgoingMailStatus, type OutgoingMessage } from '../../db/schema/mail-tables';
import { stores } from '../../db/schema/store-tables';

/** A UTF-16 surrogate without its other half (text a client sent that is not valid Unicode). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `message` with every lone surrogate replaced by U+FFFD. PostgreSQL's jsonb refuses the `\ud800` escapes
 * JSON.stringify writes for them (text columns store them as U+FFFD through UTF-8); a name typed with one must
 * not fail the order it belongs to.
 */
function wellFormed(message: OutgoingMessage): OutgoingMessage {
  return JSON.parse(
    JSON.stringify(message, (_key, value: unknown) =>
      typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value,
    ),
  ) as OutgoingMessage;
}

/**
 * Writes `message` to the outbox of `storeId`, due at once. Call it inside the transaction of the change the
 * mail reports (the order, the payment): the mail then exists exactly when the change was committed.
 * @returns the outbox row's id.
 */
export async function enqueueMail(db: Db, storeId: number, message: OutgoingMessage): Promise<number> {
  const [row] = await db
    .insert(outgoingMail)
    .values({ storeId, recipient: message.to, subject: message.subject, message: wellFormed(message) })
    .returning({ id: outgoingMail.id });
  return row!.id;
}

/** A mail claimed for one send; `attempts` already counts this one. */
export type ClaimedMail = { id: number; storeId: number; message: OutgoingMessage; attempts: number };

export type ClaimOptions = {
  /** At most this many mails per claim. */
  limit: number;
  /** How long the claim holds (ms): after that another server may take the mail over. */
  leaseMs: number;
  /** Mails that already had this many attempts are not claimed again. */
  maxAttempts: number;
};

/**
 * Claims the mails due at `now` (pending and due, or `sending` under a claim that lapsed), oldest first, in one
 * statement: the due rows are locked with `FOR UPDATE SKIP LOCKED`, so a concurrent claim by another server
 * skips them instead of waiting, and they become `sending` with one more attempt and `next_attempt_at` at the
 * end of the lease.
 */
export async function claimDueMails(db: Db, now: Date, options: ClaimOptions): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: outgoingMail.id })
    .from(outgoingMail)
    .where(
      and(
        inArray(outgoingMail.status, ['pending', 'sending']),
        lte(outgoingMail.nextAttemptAt, now),
        lt(outgoingMail.attempts, options.maxAttempts),
      ),
    )
    .orderBy(asc(outgoingMail.nextAttemptAt), asc(outgoingMail.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outgoingMail)
    .set({
      status: 'sending',
      attempts: sql`${outgoingMail.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + options.leaseMs),
    })
    .where(inArray(outgoingMail.id, due))
    .returning({
      id: outgoingMail.id,
      storeId: outgoingMail.storeId,
      message: outgoingMail.message,
      attempts: outgoingMail.attempts,
    });
  return claimed.sort((a, b) => a.id - b.id);
}

/** This claim, and only while it is still this server's (same attempt, still sending). */
const stillClaimed = (mail: ClaimedMail) =>
  and(
    eq(outgoingMail.id, mail.id),
    eq(outgoingMail.status, 'sending'),
    eq(outgoingMail.attempts, mail.attempts),
  );

/**
 * Records that the transport accepted each of `mails` at `now`, those still under this server's claim (same
 * attempt, still sending), in one statement whatever their number (nothing for none).
 */
export async function markMailsSent(db: Db, mails: ClaimedMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await db
    .update(outgoingMail)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(
      and(
        eq(outgoingMail.status, 'sending'),
        sql`(${outgoingMail.id}, ${outgoingMail.attempts}) IN (SELECT * FROM unnest(${sql.param(mails.map((mail) => mail.id))}::integer[], ${sql.param(mails.map((mail) => mail.attempts))}::integer[]))`,
      ),
    );
}

/**
 * Records a failed attempt of `mail`: pending again at `retryAt`, or `failed` for good when `retryAt` is null.
 * @param error the failure without any address (./mail-error.ts).
 */
export async function markMailAttemptFailed(
  db: Db,
  mail: ClaimedMail,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(outgoingMail)
    .set(
      retryAt
        ? { status: 'pending', nextAttemptAt: retryAt, lastError: error }
        : { status: 'failed', lastError: error },
    )
    .where(stillClaimed(mail));
}

/** The `last_error` of a mail whose last attempt never reported back (the sending server stopped). */
export const INTERRUPTED_ERROR = 'The sending server stopped before the attempt finished';

/**
 * Gives up on mails whose last allowed attempt was claimed and never reported back (the server sending them
 * stopped) once that claim lapsed at `now`.
 * @returns how many mails were marked failed.
 */
export async function failAbandonedMails(db: Db, now: Date, maxAttempts: number): Promise<number> {
  const abandoned = await db
    .update(outgoingMail)
    .set({ status: 'failed', lastError: sql`coalesce(${outgoingMail.lastError}, ${INTERRUPTED_ERROR})` })
    .where(
      and(
        eq(outgoingMail.status, 'sending'),
        lte(outgoingMail.nextAttemptAt, now),
        sql`${outgoingMail.attempts} >= ${maxAttempts}`,
      ),
    )
    .returning({ id: outgoingMail.id });
  return abandoned.length;
}

/** A mail the shop owner should know about: not sent (yet). */
export type UndeliveredMail = {
  id: number;
  storeId: number;
  /** The store's name, else its company name. */
  storeName: string | null;
  recipient: string;
  subject: string;
  status: Exclude<OutgoingMailStatus, 'sent'>;
  attempts: number;
  lastError: string | null;
  /** Pending: when the next attempt may start. */
  nextAttemptAt: Date;
  createdAt: Date;
};

/**
 * The mails not sent, failed ones first, then pending and sending ones; newest first within each; only of
 * `storeId` when given.
 */
export async function listUndeliveredMails(
  db: Db,
  options: { storeId?: number | undefined; limit?: number } = {},
): Promise<UndeliveredMail[]> {
  const rows = await db
    .select({
      id: outgoingMail.id,
      storeId: outgoingMail.storeId,
      storeName: sql<string | null>`coalesce(${stores.storeName}, ${stores.companyName})`,
      recipient: outgoingMail.recipient,
      subject: outgoingMail.subject,
      status: outgoingMail.status,
      attempts: outgoingMail.attempts,
      lastError: outgoingMail.lastError,
      nextAttemptAt: outgoingMail.nextAttemptAt,
      createdAt: outgoingMail.createdAt,
    })
    .from(outgoingMail)
    .innerJoin(stores, eq(stores.id, outgoingMail.storeId))
    .where(
      and(
        inArray(outgoingMail.status, ['failed', 'pending', 'sending']),
        options.storeId !== undefined ? eq(outgoingMail.storeId, options.storeId) : undefined,
      ),
    )
    .orderBy(sql`${outgoingMail.status} = 'failed' DESC`, desc(outgoingMail.createdAt), desc(outgoingMail.id))
    .limit(options.limit ?? 200);
  return rows as UndeliveredMail[];
}
