/**
 * Server-side password rules beyond the storefront's 6-character minimum: a password must not be one of the
 * 1,000 most common passwords.
 *
 * The list (`common-passwords.json`, lower-cased and de-duplicated: 999 entries) is the commonly published
 * top-1000 of Mark Burnett's "10 million passwords" data set, as shipped in SecLists
 * (`Passwords/Common-Credentials/10-million-password-list-top-1000.txt`, MIT licence), reproduced verbatim,
 * offensive words included, because people use them as passwords. JSON so that Vitest, tsx and the esbuild
 * server bundle all load it the same way.
 */
import commonPasswordList from './common-passwords.json';

/** The common-password list as a set of lower-cased passwords. */
export const commonPasswords: ReadonlySet<string> = new Set(commonPasswordList);

/** The 400 message (and `fields.password`) for a common password. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common password.';

/**
 * True when `password`, compared case-insensitively, is on the common-password list.
 * `isCommonPassword('Password1')` → true; `isCommonPassword('Banarasi-silk-1987')` → false.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
