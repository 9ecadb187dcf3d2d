/**
 * Promotion times in India time (Asia/Kolkata: UTC+5:30 all year, no daylight saving): the admin enters
 * `YYYY-MM-DDTHH:mm` (an HTML `datetime-local` value) and the server stores the instant.
 */

/** India's offset from UTC, milliseconds. */
const INDIA_OFFSET_MS = 330 * 60_000;

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant of an India wall-clock time `YYYY-MM-DDTHH:mm` (seconds optional), or null when the text is not
 * such a time or names a day that does not exist (`2026-02-30T10:00`).
 * `indiaLocalToInstant('2026-11-01T00:00')` → `2026-10-31T18:30:00.000Z`.
 */
export function indiaLocalToInstant(text: string): Date | null {
  const match = LOCAL_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  if (hour! > 23 || minute! > 59 || second > 59) return null;
  const utc = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const check = new Date(utc);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day) return null;
  return new Date(utc - INDIA_OFFSET_MS);
}

/** The India wall-clock time of `instant` as `YYYY-MM-DDTHH:mm` (`2026-10-31T18:30Z` → `2026-11-01T00:00`). */
export function instantToIndiaLocal(instant: Date): string {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}

/** The India calendar date of `instant`, `YYYY-MM-DD` (schema.org `priceValidUntil`). */
export function indiaDateOf(instant: Date): string {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}
