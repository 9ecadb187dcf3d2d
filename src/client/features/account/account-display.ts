/**
 * What the account page shows (docs/product.md §2 "Account"): the name, the
 * e-mail and the member-since date, with neutral placeholders — never sample names, e-mails or dates.
 */
import type { AccountInfo } from '@shared/accounts/account-schemas';

/** The name shown when the account has none: neutral, never a sample name. */
export const NAME_PLACEHOLDER = 'Customer';
/** The e-mail and date shown when the account has none: neutral, never a sample value. */
export const VALUE_PLACEHOLDER = '—';

/**
 * A timestamp as the storefront's member-since date: en-US, long month, numeric day and year ('April 18, 2025').
 * `timeZone` defaults to the browser's; tests pass one.
 * @returns null when `value` is missing or not a date.
 */
export function formatMemberSince(value: string | null | undefined, timeZone?: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(date);
}

/** The account page's three values, with placeholders for whatever is missing. */
export function accountDisplay(
  info: Partial<AccountInfo> | undefined,
  timeZone?: string,
): { name: string; email: string; memberSince: string } {
  const name = [info?.firstName, info?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    name: name || NAME_PLACEHOLDER,
    email: info?.email?.trim() || VALUE_PLACEHOLDER,
    memberSince: formatMemberSince(info?.createdAt, timeZone) ?? VALUE_PLACEHOLDER,
  };
}
