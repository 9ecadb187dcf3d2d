/**
 * Server-side password rules beyond the spec's 6-character minimum (issue #3): a password must not be one of
 * the 1,000 most common passwords.
 */
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

/**
 * The 1,000 most common passwords, lower-cased and de-duplicated (999 entries), from common-passwords.ts:
 * the commonly published top-1000 list of Mark Burnett's "10 million passwords" data set (SecLists, MIT).
 */
export const commonPasswords: ReadonlySet<string> = new Set(
  COMMON_PASSWORDS_TEXT.split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0),
);

/** The 400 message (and `fields.password`) for a common password. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common password.';

/**
 * True when `password`, compared case-insensitively, is on the common-password list (issue #3).
 * `isCommonPassword('Password1')` → true; `isCommonPassword('Banarasi-silk-1987')` → false.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
