/**
 * Track order (docs/product.md §7 `GET /orders/{orderId}?contactInfo=…`): anyone with the order number and the order's
 * e-mail or phone sees the order; the signed-in owner sees it without a contact. When a contact is given it
 * must match, for everyone, the owner included. An unknown order and a wrong contact get the same 404, and
 * failed look-ups are rate-limited per order number and per client address (./tracking-rate-limit.ts): only
 * a failure counts.
 */
import { type Order } from '@shared/orders/order-schemas';
import { nationalMobileDigits } from '@shared/orders/shipping-address-schema';
import type { Db } from '../../db/database';
import { NotFoundError, RateLimitedError } from '../../errors';
import { creditNoteFile, orderDocumentFile, type DocumentFile } from '../gst/document-download';
import { normalizeOrderNumber } from './order-number';
import { findOrderByNumber, ORDER_NOT_FOUND, type TrackedOrder } from './order-queries';
import {
  TOO_MANY_TRACKING_ATTEMPTS,
  type TrackingAttemptKey,
  type TrackingRateLimiter,
} from './tracking-rate-limit';

/**
 * True when `contactInfo` names the order's contact: its e-mail (trimmed, case-insensitive) or its phone (the
 * 10 national digits, whatever the +91 / 0 / spaces formatting).
 */
export function contactMatches(
  contactInfo: string,
  order: Pick<TrackedOrder, 'email' | 'phoneDigits'>,
): boolean {
  const contact = contactInfo.trim();
  if (!contact) return false;
  if (contact.includes('@')) return contact.toLowerCase() === order.email.toLowerCase();
  const digits = nationalMobileDigits(contact);
  return digits !== null && order.phoneDigits !== '' && digits === order.phoneDigits;
}

export type TrackOrderInput = {
  storeId: number;
  /** The order number as typed (normalised here). */
  orderId: string;
  /** The e-mail or phone given; blank counts as not given. */
  contactInfo?: string | undefined;
  /** The signed-in user, when the request has a live session; asked only when no contact is given. */
  viewer: () => Promise<{ accountId: number } | null>;
  /** The client address the rate limit counts. */
  clientAddress: string;
  limiter: TrackingRateLimiter;
};

/**
 * The order `input.orderId` for this caller: without a contact, only for its signed-in owner (not counted by
 * the rate limit); with a contact, when it matches (whoever is signed in).
 * @throws {NotFoundError} `Order not found or access denied` for an unknown order, a wrong or missing contact,
 *   another store's order — one answer for all.
 * @throws {RateLimitedError} `Too many order look-ups. Please try again later.` with the seconds until the
 *   next look-up may succeed, past the failed look-ups allowed.
 */
export async function trackOrder(db: Db, input: TrackOrderInput): Promise<Order> {
  const { storeId } = input;
  const orderNumber = normalizeOrderNumber(input.orderId);
  const contactInfo = input.contactInfo?.trim() || undefined;

  let found: TrackedOrder | null | undefined;
  if (!contactInfo && orderNumber) {
    const viewer = await input.viewer();
    if (viewer) {
      found = await findOrderByNumber(db, storeId, orderNumber);
      if (found && found.userId === viewer.accountId) return found.order;
    }
  }

  const key: TrackingAttemptKey = {
    storeId,
    orderNumber: orderNumber ?? input.orderId.trim().toUpperCase().slice(0, 64),
    address: input.clientAddress,
  };
  const verdict = await input.limiter.begin(key);
  if (!verdict.allowed) throw new RateLimitedError(TOO_MANY_TRACKING_ATTEMPTS, verdict.retryAfterSeconds);
  let failed = false;
  try {
    if (found === undefined && orderNumber && contactInfo) {
      found = await findOrderByNumber(db, storeId, orderNumber);
    }
    if (!found || !contactInfo || !contactMatches(contactInfo, found)) {
      failed = true;
      throw new NotFoundError(ORDER_NOT_FOUND);
    }
    return found.order;
  } finally {
    // Only a failed look-up counts; a success (or a server fault) does not.
    if (!failed) await input.limiter.forgive(key, verdict.attemptId);
  }
}

/**
 * The PDF of the tracked order's tax invoice or credit note (docs/gst.md) for the caller of `input`: allowed to
 * whoever may see the order through {@link trackOrder} — its signed-in owner, or anyone with its number and its
 * e-mail or phone — and rate-limited the same way.
 * @throws {NotFoundError} `Order not found or access denied` like track order, or `No invoice has been issued
 *   for this order yet` / `No credit note has been issued for this order`.
 * @throws {RateLimitedError} past the failed look-ups allowed.
 */
export async function trackedOrderDocument(
  db: Db,
  input: TrackOrderInput & { document: 'invoice' | 'credit-note' },
): Promise<DocumentFile> {
  const order = await trackOrder(db, input);
  return orderDocumentFile(db, input.storeId, order.id, input.document);
}

/**
 * The PDF of credit note `number` of the tracked order, allowed and rate-limited as {@link trackedOrderDocument}.
 * @throws {NotFoundError} `Order not found or access denied` like track order, or `This order has no credit
 *   note with that number`.
 * @throws {RateLimitedError} past the failed look-ups allowed.
 */
export async function trackedCreditNote(
  db: Db,
  input: TrackOrderInput & { number: string },
): Promise<DocumentFile> {
  const order = await trackOrder(db, input);
  return creditNoteFile(db, input.storeId, order.id, input.number);
}
