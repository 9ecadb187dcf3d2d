/**
 * An order's life after delivery as My Orders and Track Order show it (docs/returns.md): whether it offers
 * 'Return or exchange' (Delivered, within its window in India time, something still returnable), its returns
 * with their history, its refunds ('Refund of ₹1,999 processed on 5 Dec') and its credit notes. Pure: the
 * pages render it.
 */
import { indiaDatePlusDays } from '@shared/delivery/delivery-dates';
import { formatRupees } from '@shared/money';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { longIndiaDate } from '@shared/returns/return-rules';
import type { OrderReturn, Refund } from '@shared/returns/return-schemas';
import { formatTimestamp } from '@client/lib/format-timestamp';

/** The button that opens the return request page. */
export const RETURN_OR_EXCHANGE = 'Return or exchange';

export type AfterDeliveryView = {
  /** 'Return or exchange' is offered. */
  canReturn: boolean;
  /** 'Returns accepted until 3 Dec 2026' while the window is open, '' otherwise. */
  windowText: string;
  returns: OrderReturn[];
  refunds: { id: string; text: string; status: Refund['status']; failureReason: string | null }[];
  creditNotes: { number: string; issuedAt: string }[];
};

/** `iso` as 'd Mon' in India time ('5 Dec'); '' when not a date. */
export function dayMonth(iso: string | null | undefined): string {
  return formatTimestamp(iso, { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
}

/**
 * What the shopper reads of a refund: 'Refund of ₹1,999 processed on 5 Dec', 'Refund of ₹1,999 pending',
 * 'Refund of ₹1,999 failed'.
 */
export function refundText(refund: Pick<Refund, 'amount' | 'status' | 'processedAt'>): string {
  const amount = `Refund of ${formatRupees(refund.amount)}`;
  if (refund.status === 'processed') {
    const day = dayMonth(refund.processedAt);
    return day ? `${amount} processed on ${day}` : `${amount} processed`;
  }
  return `${amount} ${refund.status}`;
}

/**
 * Whether `order` offers 'Return or exchange' on `today` (`YYYY-MM-DD` in India): Delivered, its window's
 * last day not passed, and some line returnable with something left.
 */
export function canAskForReturn(
  order: Partial<Pick<Order, 'status' | 'returnWindowLastDay'>> & {
    items?: Partial<Pick<Order['items'][number], 'returnable' | 'returnableQuantity'>>[] | null;
  },
  today: string,
): boolean {
  const lastDay = order.returnWindowLastDay;
  return (
    order.status === ORDER_STATUS.delivered &&
    typeof lastDay === 'string' &&
    today <= lastDay &&
    (order.items ?? []).some((item) => item.returnable === true && (item.returnableQuantity ?? 0) > 0)
  );
}

/** Today's date in India, `YYYY-MM-DD`. */
export const indiaToday = (now: Date = new Date()) => indiaDatePlusDays(now, 0);

/** The after-delivery part of the shown order. */
export function afterDeliveryView(
  order: Parameters<typeof canAskForReturn>[0] & Partial<Pick<Order, 'returns' | 'refunds' | 'creditNotes'>>,
  today: string = indiaToday(),
): AfterDeliveryView {
  const canReturn = canAskForReturn(order, today);
  return {
    canReturn,
    windowText:
      canReturn && order.returnWindowLastDay
        ? `Returns accepted until ${longIndiaDate(order.returnWindowLastDay)}`
        : '',
    returns: order.returns ?? [],
    refunds: (order.refunds ?? []).map((refund) => ({
      id: refund.id,
      text: refundText(refund),
      status: refund.status,
      failureReason: refund.failureReason,
    })),
    creditNotes: (order.creditNotes ?? []).map((note) => ({ number: note.number, issuedAt: note.issuedAt })),
  };
}
