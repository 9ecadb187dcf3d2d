/**
 * The token of an order's newest COD confirmation, read from the message outbox (the `confirmToken` variable
 * of its 'cod-confirmation' message), as the shopper's phone would receive it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { outgoingMessages } from '../db/schema/notification-tables';

/** The `confirmToken` of the newest 'cod-confirmation' message of order `orderNumber`. @throws when none. */
export async function codConfirmToken(db: Db, orderNumber: string): Promise<string> {
  const [row] = await db
    .select({ variables: outgoingMessages.variables })
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.template, 'cod-confirmation'),
        sql`${outgoingMessages.variables}->>'orderNumber' = ${orderNumber}`,
      ),
    )
    .orderBy(desc(outgoingMessages.id))
    .limit(1);
  const token = row?.variables.confirmToken;
  if (!token) throw new Error(`no COD confirmation message for ${orderNumber}`);
  return token;
}
