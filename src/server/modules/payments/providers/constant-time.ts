import { timingSafeEqual } from 'node:crypto';

/**
 * Compares a received hex digest with the expected one in constant time (for digests of the same length);
 * case-insensitive. False for anything that is not a hex string of the expected length.
 */
export function hexDigestsEqual(expected: string, received: unknown): boolean {
  if (typeof received !== 'string') return false;
  const candidate = received.trim().toLowerCase();
  if (candidate.length !== expected.length || !/^[0-9a-f]+$/.test(candidate)) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), 'utf8'), Buffer.from(candidate, 'utf8'));
}
