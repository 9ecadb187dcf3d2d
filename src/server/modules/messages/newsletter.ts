/**
 * Newsletter sign-ups (docs/product.md §2 "Newsletter", docs/admin.md "Messages"): one row per store and
 * e-mail. Signing up is never an error: a new address, or one that had unsubscribed, is (again) subscribed
 * with the time of its consent and gets the welcome mail with its unsubscribe link; an address already
 * subscribed is left as it is and gets no second mail. The link's token is 32 random bytes (base64url), new at
 * each (re)subscription; unsubscribing needs only the token, no sign-in. The owner exports the sign-ups as CSV.
 * Plain functions taking `db`; every query is scoped to the store.
 */
import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { NEWSLETTER_CSV_COLUMNS } from '@shared/messages/message-schemas';
import { messageTexts } from '@shared/messages/message-texts';
import type { Db } from '../../db/database';
import { newsletterSignups } from '../../db/schema/message-tables';
import { NotFoundError } from '../../errors';
import { enqueueMail } from '../mail/outbox';
import { mailStoreOf } from '../mail/shop-sender';
import { newsletterWelcomeMail } from './newsletter-mail';

/** The path of the storefront's unsubscribe page; the link adds `?token=…`. */
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/** A new unsubscribe token: 32 random bytes as 43 base64url characters. */
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Signs `email` (lower case) up to `storeId`'s newsletter and, when it was not subscribed and `origin` is known,
 * queues the welcome mail with the unsubscribe link `<origin>/newsletter/unsubscribe?token=…`, in one transaction.
 * @param origin the shop's trusted origin for links (../accounts/reset-link-origin.ts), or null: no mail.
 * @returns whether the address was newly (re)subscribed and whether a mail was queued.
 */
export async function signUpForNewsletter(
  db: Db,
  input: { storeId: number; email: string; origin: string | null; mailFrom: string | undefined },
): Promise<{ subscribed: boolean; mailed: boolean }> {
  const { storeId, email } = input;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const token = newToken();
    // A new row, or an unsubscribed one subscribed again; an address already subscribed is not touched.
    const [row] = await tx
      .insert(newsletterSignups)
      .values({ storeId, email, unsubscribeToken: token })
      .onConflictDoUpdate({
        target: [newsletterSignups.storeId, newsletterSignups.email],
        set: { consentedAt: sql`now()`, unsubscribedAt: null, unsubscribeToken: token },
        setWhere: isNotNull(newsletterSignups.unsubscribedAt),
      })
      .returning({ token: newsletterSignups.unsubscribeToken });
    if (!row) return { subscribed: false, mailed: false };
    if (!input.origin) return { subscribed: true, mailed: false };
    const store = await mailStoreOf(tx, storeId);
    const link = `${input.origin}${UNSUBSCRIBE_PATH}?token=${row.token}`;
    await enqueueMail(
      tx,
      storeId,
      newsletterWelcomeMail(
        store ?? { storeName: null, companyName: null, companyEmail: null },
        email,
        link,
        input.mailFrom,
      ),
    );
    return { subscribed: true, mailed: true };
  });
}

/**
 * Unsubscribes the sign-up of `storeId` whose link carries `token`; one already unsubscribed stays so (the
 * first time is kept).
 * @throws {NotFoundError} (404) with {@link messageTexts.unsubscribeLinkInvalid} for a token of no sign-up of
 *   this store.
 */
export async function unsubscribeFromNewsletter(db: Db, storeId: number, token: string): Promise<void> {
  const [row] = await db
    .update(newsletterSignups)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSignups.unsubscribedAt}, now())` })
    .where(and(eq(newsletterSignups.storeId, storeId), eq(newsletterSignups.unsubscribeToken, token)))
    .returning({ id: newsletterSignups.id });
  if (!row) throw new NotFoundError(messageTexts.unsubscribeLinkInvalid);
}

/**
 * `storeId`'s sign-ups as CSV (`email,subscribed_at,unsubscribed_at`, times ISO 8601 in UTC, empty while
 * subscribed), oldest consent first. Cells starting with = + - @ are prefixed so a spreadsheet shows them as
 * text.
 */
export async function newsletterCsv(db: Db, storeId: number): Promise<string> {
  const rows = await db
    .select()
    .from(newsletterSignups)
    .where(eq(newsletterSignups.storeId, storeId))
    .orderBy(asc(newsletterSignups.consentedAt), asc(newsletterSignups.id));
  return stringify(
    rows.map((row) => [row.email, row.consentedAt.toISOString(), row.unsubscribedAt?.toISOString() ?? '']),
    { header: true, columns: [...NEWSLETTER_CSV_COLUMNS], escape_formulas: true },
  );
}
