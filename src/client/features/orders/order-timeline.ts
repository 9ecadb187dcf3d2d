/**
 * An order's status history as the Orders and Track order pages show it: each step the order reached, oldest
 * first, with the date and time in the shopper's time zone ('21 Nov 2026, 14:35'). The first step is the
 * order being placed, whatever status it started in.
 */
import type { OrderHistoryEntry } from '@shared/orders/order-schemas';
import { orderStatusLabel } from '@shared/orders/order-status';
import { formatTimestamp } from '@client/lib/format-timestamp';

/** One shown step: its label, the time as sent (ISO, for `<time dateTime>`) and as read. */
export type TimelineStep = { label: string; at: string; when: string };

/** The label of the first step. */
export const PLACED = 'Placed';

/**
 * A time as an en-IN short date and 24-hour time ('21 Nov 2026, 14:35'); '' when not a date. `timeZone`
 * defaults to the browser's; tests pass one.
 */
export function formatStepTime(value: string, timeZone?: string): string {
  return formatTimestamp(value, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
}

/** The steps of `history` (server order; entries with a time that is not a date are left out). */
export function orderTimeline(history: OrderHistoryEntry[] | undefined, timeZone?: string): TimelineStep[] {
  return (history ?? []).flatMap((entry, index) => {
    const when = formatStepTime(entry.at, timeZone);
    if (!when) return [];
    return [{ label: index === 0 ? PLACED : orderStatusLabel(entry.status), at: entry.at, when }];
  });
}
