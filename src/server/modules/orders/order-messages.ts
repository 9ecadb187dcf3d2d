/**
 * The shopper's phone messages along an order's life (docs/messages.md "Order updates"): each is queued in the
 * message outbox (../notifications/message-outbox.ts) in the transaction of the change it reports, beside the
 * order's e-mail. The channel is WhatsApp when the order's number opted in, else SMS when the shop sends
 * transactional SMS (its setting, on by default), and nothing for a number that opted out or an order whose
 * phone is not an Indian mobile. Amounts are formatted in rupees ('₹1,250'), links are absolute URLs.
 */
import { and, eq } from 'drizzle-orm';
import type { MessageTemplateCode, MessageVariables } from '@shared/notifications/message-templates';
import {
  orderMessageSettingsOf,
  type OrderMessageSettings,
} from '@shared/notifications/order-message-settings';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { stores } from '../../db/schema/store-tables';
import { queueMessage, queuePhoneMessage } from '../notifications/message-outbox';
import { e164IndianMobile } from '../notifications/phone-consent';
import { shopNameOf } from '../mail/shop-sender';
import { rupeesOf } from './order-mail-lines';

/** What an order's messages are filled from. Amounts in paise. */
export type MessageOrder = {
  id: string;
  orderNumber: string;
  /** The order's phone as E.164 (`+919876543210`), or null when it is not an Indian mobile. */
  phone: string | null;
  email: string;
  totalPaise: number;
  cashOnDelivery: boolean;
  courier: string | null;
  trackingNumber: string | null;
  shopName: string;
  settings: OrderMessageSettings;
};

/** Reads order `orderId` of `storeId` with its shop's name and message settings; null when there is none. */
export async function readMessageOrder(
  tx: Db,
  storeId: number,
  orderId: string,
): Promise<MessageOrder | null> {
  const [row] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      phone: orders.phone,
      email: orders.email,
      totalPaise: orders.totalPaise,
      cashOnDelivery: orders.cashOnDelivery,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      storeName: stores.storeName,
      companyName: stores.companyName,
      settings: stores.orderMessageSettings,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!row) return null;
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    phone: e164IndianMobile(row.phone),
    email: row.email,
    totalPaise: Number(row.totalPaise),
    cashOnDelivery: row.cashOnDelivery,
    courier: row.courier,
    trackingNumber: row.trackingNumber,
    shopName: shopNameOf({ ...row, companyEmail: null }),
    settings: orderMessageSettingsOf(row.settings),
  };
}

/** The shop name, order number and amount every order message carries. */
export function orderVariables(order: MessageOrder): MessageVariables {
  return { shopName: order.shopName, orderNumber: order.orderNumber, amount: rupeesOf(order.totalPaise) };
}

/**
 * Queues `template` to the order's phone with the order's variables and `extra`: WhatsApp when the number
 * opted in, SMS when it did not and the shop sends transactional SMS; `emailFallback` sends it to the order's
 * e-mail when no phone message goes (the COD confirmation, which must reach the shopper); `templateText` the
 * store's text of `template` when the caller holds it (./order-store-cache.ts), else it is read. The number's
 * consent is read in the statement that writes the message (../notifications/message-outbox.ts
 * `queuePhoneMessage`).
 * @returns the outbox row's id, or null when nothing was queued.
 */
export async function queueOrderMessage(
  tx: Db,
  storeId: number,
  order: MessageOrder,
  template: MessageTemplateCode,
  extra: MessageVariables = {},
  options: { emailFallback?: boolean; templateText?: string } = {},
): Promise<number | null> {
  const variables = { ...orderVariables(order), ...extra };
  const known = options.templateText === undefined ? {} : { templateText: options.templateText };
  if (order.phone) {
    const id = await queuePhoneMessage(tx, storeId, {
      template,
      to: order.phone,
      variables,
      smsAllowed: order.settings.transactionalSms,
      ...known,
    });
    if (id !== null) return id;
  }
  if (!options.emailFallback) return null;
  return queueMessage(tx, storeId, { template, channel: 'email', to: order.email, variables }, known);
}
