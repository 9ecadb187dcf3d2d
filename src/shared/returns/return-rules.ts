/**
 * The rules of returns both sides apply (docs/returns.md): the statuses and their labels, the reasons, the
 * return window in India time, which items may be returned, and the exact refusal texts. Pure: no DOM, no node.
 */
import { INDIA_UTC_OFFSET_MINUTES, indiaDatePlusDays } from '../delivery/delivery-dates';
import { formatRupees } from '../money';

/** A return's status: requested → approved → received → closed, or requested → rejected. */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** What the shopper and the shop read for each status. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  rejected: 'Return rejected',
  received: 'Return received',
  closed: 'Return closed',
};

/** The admin queue's tabs and the statuses each lists ('Closed' holds the rejected ones too). */
export const RETURN_QUEUE_TABS = {
  requested: ['requested'],
  approved: ['approved'],
  received: ['received'],
  closed: ['closed', 'rejected'],
} as const satisfies Record<string, readonly ReturnStatus[]>;
export type ReturnQueueTab = keyof typeof RETURN_QUEUE_TABS;

/** Why a line comes back: the code the API takes and the text the shopper picks. */
export const RETURN_REASONS = {
  'size-too-small': 'Size too small',
  'size-too-large': 'Size too large',
  'damaged-or-defective': 'Damaged or defective',
  'wrong-item': 'Wrong item received',
  'not-as-described': 'Not as described',
  'changed-mind': 'Changed my mind',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_CODES = Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]];

/** Reasons that are the shop's fault: a return asked only for these pays no pickup fee (docs/returns.md). */
export const SHOP_FAULT_REASONS: readonly ReturnReason[] = [
  'damaged-or-defective',
  'wrong-item',
  'not-as-described',
];

/**
 * True when a return with lines of these `reasons` pays the store's pickup fee: unless every line came back
 * through the shop's fault (damaged or defective, wrong item, not as described), which is refunded in full.
 */
export function pickupFeeApplies(reasons: readonly ReturnReason[]): boolean {
  return reasons.some((reason) => !SHOP_FAULT_REASONS.includes(reason));
}

/** What became of a returned line at receipt: its stock came back, or it was written off as damaged. */
export const RETURN_LINE_OUTCOMES = ['restocked', 'written-off'] as const;
export type ReturnLineOutcome = (typeof RETURN_LINE_OUTCOMES)[number];

/** At most this many photos on one return. */
export const MAX_RETURN_PHOTOS = 3;
/** Longest note a shopper may add to a return, in characters. */
export const MAX_RETURN_NOTE_LENGTH = 1000;

/** 400: the product may not be returned (fabric cut to length, or switched off in the catalogue). */
export const NOT_RETURNABLE_MESSAGE = 'This item cannot be returned';
/** 400: the exchange variant is sold out, of another product or of another price. */
export const EXCHANGE_UNAVAILABLE_MESSAGE = 'Please choose an available size of the same item';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * The last day returns are accepted, `YYYY-MM-DD` in India time: the delivery's date in India plus
 * `windowDays` days. Returns are accepted until the end of that day (23:59:59.999 India time).
 * `returnWindowLastDay(new Date('2026-11-26T10:00:00Z'), 7)` → `'2026-12-03'`.
 */
export function returnWindowLastDay(deliveredAt: Date, windowDays: number): string {
  return indiaDatePlusDays(deliveredAt, windowDays);
}

/** The first instant after the return window (the start of the next day in India), as a Date. */
export function returnWindowEnd(deliveredAt: Date, windowDays: number): Date {
  const [year, month, day] = returnWindowLastDay(deliveredAt, windowDays).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(year, month - 1, day + 1) - INDIA_UTC_OFFSET_MINUTES * 60_000);
}

/** A `YYYY-MM-DD` date written as the shop writes dates in sentences: `'3 Dec 2026'`. */
export function longIndiaDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** 409 after the window: 'The return window for this order closed on 3 Dec 2026' (the last day, India time). */
export function returnWindowClosedMessage(lastDay: string): string {
  return `The return window for this order closed on ${longIndiaDate(lastDay)}`;
}

/**
 * 400 for a quantity above what may still come back: 'You can return at most 1 of this item' (pieces), or
 * 'You can return at most 2.5 m of this item' (metres). `left` is in the line's unit.
 */
export function returnAtMostMessage(left: number, unit: 'piece' | 'm'): string {
  return `You can return at most ${unit === 'm' ? `${left} m` : left} of this item`;
}

/**
 * True when a product may be returned: its own setting when the catalogue file or the editor gave one, else
 * everything but fabric sold by the metre (cut to length, so not returnable by default).
 */
export function isReturnable(product: { unit: string; returnable: boolean | null }): boolean {
  return product.returnable ?? product.unit !== 'm';
}

/**
 * 409 for a refund above what is left: 'Only ₹1,240.00 is left to refund' — always with paise, since the owner
 * types the amount to the paisa. `leftPaise` in paise.
 */
export function refundLeftMessage(leftPaise: number): string {
  const rupees = formatRupees(leftPaise / 100);
  return `Only ${rupees.includes('.') ? rupees : `${rupees}.00`} is left to refund`;
}
