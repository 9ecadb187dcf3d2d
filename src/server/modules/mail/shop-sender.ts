/**
 * The shop as the sender of its mails (order mails, password reset, staff invitations): its name and company
 * e-mail, else `MAIL_FROM`, else {@link DEFAULT_MAIL_FROM}.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { OutgoingMessage } from '../../db/schema/mail-tables';
import { stores } from '../../db/schema/store-tables';

/** The sender when the store has no company e-mail and MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = 'Resham <orders@localhost>';

/** The store as the sender of its mail. */
export type MailStore = { storeName: string | null; companyName: string | null; companyEmail: string | null };

/** Reads store `storeId` as the sender of its mail; undefined for an unknown id. */
export async function mailStoreOf(db: Db, storeId: number): Promise<MailStore | undefined> {
  const [store] = await db
    .select({
      storeName: stores.storeName,
      companyName: stores.companyName,
      companyEmail: stores.companyEmail,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  return store;
}

/** The shop's name in its mails: the store name, else the company name, else 'Resham'. */
export function shopNameOf(store: MailStore): string {
  return store.storeName?.trim() || store.companyName?.trim() || 'Resham';
}

/** The sender of the shop's mails: its name and company e-mail, else `mailFrom`, else the default. */
export function shopSender(store: MailStore, mailFrom: string | undefined): OutgoingMessage['from'] {
  return store.companyEmail
    ? { name: shopNameOf(store), address: store.companyEmail }
    : mailFrom || DEFAULT_MAIL_FROM;
}
