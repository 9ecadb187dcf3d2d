/**
 * Contact messages (docs/product.md §2 "Contact", docs/admin.md "Messages"): the storefront's contact form
 * stores a message for the store and queues a mail of it to the store's company e-mail in the same transaction;
 * the admin's inbox lists them newest first and sets their read and replied state. Texts are kept as the
 * shopper typed them and are only ever shown as plain text. Plain functions taking `db`; every query is scoped
 * to the store.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type {
  ContactMessage,
  ContactMessageBody,
  ContactMessageState,
  MessageListQuery,
} from '@shared/messages/message-schemas';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { contactMessages, newsletterSignups } from '../../db/schema/message-tables';
import { NotFoundError } from '../../errors';
import { enqueueMail } from '../mail/outbox';
import { mailStoreOf } from '../mail/shop-sender';
import { contactMail } from './contact-mail';

/** The 404 of a message id that is not one of this store's. */
export const MESSAGE_NOT_FOUND = 'Message not found';

type Row = typeof contactMessages.$inferSelect;

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

/**
 * Stores `body` as a contact message of `storeId` and, when the store has a company e-mail (store settings),
 * queues a mail of it there (./contact-mail.ts), both in one transaction.
 * @param mailFrom `MAIL_FROM`, the sender when the store has no company e-mail (the mail is then not sent).
 * @returns whether a mail was queued (so the caller can wake the outbox sender).
 */
export async function receiveContactMessage(
  db: Db,
  storeId: number,
  body: ContactMessageBody,
  mailFrom: string | undefined,
): Promise<{ mailed: boolean }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .insert(contactMessages)
      .values({ storeId, ...body })
      .returning();
    const store = await mailStoreOf(tx, storeId);
    const to = store?.companyEmail?.trim();
    if (!store || !to) return { mailed: false };
    await enqueueMail(tx, storeId, contactMail(store, to, toMessage(row!), mailFrom));
    return { mailed: true };
  });
}

/**
 * One page of `storeId`'s contact messages, newest first, with the unread count and the newsletter's
 * figures (sign-ups still subscribed, and those unsubscribed).
 */
export async function listContactMessages(db: Db, storeId: number, query: MessageListQuery) {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.storeId, storeId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const [unread] = await db
    .select({ count: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.storeId, storeId), isNull(contactMessages.readAt)));
  const [newsletter] = await db
    .select({
      subscribed: sql<number>`count(*) FILTER (WHERE ${newsletterSignups.unsubscribedAt} IS NULL)::integer`,
      unsubscribed: sql<number>`count(*) FILTER (WHERE ${newsletterSignups.unsubscribedAt} IS NOT NULL)::integer`,
    })
    .from(newsletterSignups)
    .where(eq(newsletterSignups.storeId, storeId));
  return {
    messages: rows.slice(0, query.limit).map(toMessage),
    hasMore: rows.length > query.limit,
    unread: Number(unread?.count ?? 0),
    newsletter: {
      subscribed: Number(newsletter?.subscribed ?? 0),
      unsubscribed: Number(newsletter?.unsubscribed ?? 0),
    },
  };
}

/**
 * Message `messageId` of `storeId`.
 * @throws {NotFoundError} (404) `Message not found` for an id that is not one of this store's.
 */
export async function contactMessageDetail(
  db: Db,
  storeId: number,
  messageId: number,
): Promise<ContactMessage> {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.storeId, storeId), eq(contactMessages.id, messageId)));
  if (!row) throw new NotFoundError(MESSAGE_NOT_FOUND);
  return toMessage(row);
}

/**
 * Sets message `messageId` read or unread and replied or not, as `state` says (a state already set keeps
 * its first time).
 * @throws {NotFoundError} (404) `Message not found` for an id that is not one of this store's.
 */
export async function setContactMessageState(
  db: Db,
  storeId: number,
  messageId: number,
  state: ContactMessageState,
): Promise<ContactMessage> {
  const stamp = (column: AnyPgColumn, on: boolean | undefined) =>
    on === undefined ? undefined : on ? sql`coalesce(${column}, now())` : null;
  const [row] = await db
    .update(contactMessages)
    .set({
      ...(state.read !== undefined ? { readAt: stamp(contactMessages.readAt, state.read) } : {}),
      ...(state.replied !== undefined ? { repliedAt: stamp(contactMessages.repliedAt, state.replied) } : {}),
    })
    .where(and(eq(contactMessages.storeId, storeId), eq(contactMessages.id, messageId)))
    .returning();
  if (!row) throw new NotFoundError(MESSAGE_NOT_FOUND);
  return toMessage(row);
}
