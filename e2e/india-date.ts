/**
 * A date in India as the storefront writes delivery dates ('Thu, 3 Dec'), computed apart from the app's own
 * code (src/shared/delivery/delivery-dates.ts) so browser tests check it.
 */

/** The date `days` days from now in India (Asia/Kolkata), as 'Thu, 3 Dec'. */
export function indiaDate(days: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return `${part('weekday')}, ${part('day')} ${part('month').slice(0, 3)}`;
}
