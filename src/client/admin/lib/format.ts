/** Display rules of the admin: money from paise (₹, en-IN grouping), dates and times in India. */
import { formatRupees, paiseToRupees } from '@shared/money';
import { ORDER_STATUS_DISPLAY, type OrderStatusCode } from '@shared/orders/order-status';

/** `249900` → `₹2,499`. */
export const formatPaise = (paise: number) => formatRupees(paiseToRupees(paise));

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const dateOnly = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** `23 Nov, 04:30 pm` (India time). */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** `23 Nov 2026` (India time). */
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** The status badge's classes by its colour. */
const BADGE: Record<string, string> = {
  yellow: 'bg-amber-100 text-amber-900',
  blue: 'bg-sky-100 text-sky-900',
  purple: 'bg-violet-100 text-violet-900',
  green: 'bg-emerald-100 text-emerald-900',
  red: 'bg-red-100 text-red-900',
};

export function statusBadge(status: number): { label: string; className: string } {
  const known = ORDER_STATUS_DISPLAY[status as OrderStatusCode];
  return known
    ? { label: known.label, className: BADGE[known.colour]! }
    : { label: `Unknown (${status})`, className: 'bg-stone-100 text-stone-800' };
}
