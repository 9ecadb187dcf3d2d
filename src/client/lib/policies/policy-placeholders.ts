/**
 * Placeholders in policy texts (docs/product.md §2 "Policy pages"): `{companyName}`, `{companyAddress}`,
 * `{companyEmail}`, `{companyPhone}` and `{companyLogoUrl}` are replaced by the company details from store
 * info, with neutral fallbacks when a detail is missing, and `{supportHours}` by the store's support hours
 * (its default when unset: the contact page says the same). Values are HTML-escaped, because the texts are HTML.
 */
import type { StoreInfo } from '@shared/store-settings/store-info-schema';
import { SUPPORT_HOURS_DEFAULT, supportHoursOf } from '@shared/store-settings/store-info-schema';

export type PolicyCompanyDetails = Partial<
  Pick<
    StoreInfo,
    | 'storeName'
    | 'companyName'
    | 'companyAddress'
    | 'companyEmail'
    | 'companyPhone'
    | 'companyLogoUrl'
    | 'supportHours'
  >
>;

export type PolicyPlaceholder =
  'companyName' | 'companyAddress' | 'companyEmail' | 'companyPhone' | 'companyLogoUrl' | 'supportHours';

/** Neutral fallbacks used when store info lacks a detail (never sample names or addresses). */
export const PLACEHOLDER_FALLBACKS: Readonly<Record<PolicyPlaceholder, string>> = {
  companyName: 'our store',
  companyAddress: 'our registered office',
  companyEmail: 'our customer support e-mail',
  companyPhone: 'our customer support number',
  companyLogoUrl: '',
  supportHours: SUPPORT_HOURS_DEFAULT,
};

const PLACEHOLDER_PATTERN =
  /\{(companyName|companyAddress|companyEmail|companyPhone|companyLogoUrl|supportHours)\}/g;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use inside HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The plain-text value of each placeholder (docs/product.md §2): company name, else the store name, else 'our store';
 * address, e-mail and phone fall back to 'our registered office', 'our customer support e-mail' and
 * 'our customer support number'; the logo URL falls back to ''; the support hours to the default hours.
 */
export function placeholderValues(
  details: PolicyCompanyDetails | null | undefined,
): Record<PolicyPlaceholder, string> {
  return {
    companyName:
      present(details?.companyName) ?? present(details?.storeName) ?? PLACEHOLDER_FALLBACKS.companyName,
    companyAddress: present(details?.companyAddress) ?? PLACEHOLDER_FALLBACKS.companyAddress,
    companyEmail: present(details?.companyEmail) ?? PLACEHOLDER_FALLBACKS.companyEmail,
    companyPhone: present(details?.companyPhone) ?? PLACEHOLDER_FALLBACKS.companyPhone,
    companyLogoUrl: present(details?.companyLogoUrl) ?? PLACEHOLDER_FALLBACKS.companyLogoUrl,
    supportHours: supportHoursOf(details),
  };
}

/**
 * Replaces every placeholder in a policy's HTML by the HTML-escaped company detail (docs/product.md §2 "Policy
 * pages"). The result still has to be sanitised before it is rendered.
 */
export function fillPolicyPlaceholders(
  html: string,
  details: PolicyCompanyDetails | null | undefined,
): string {
  const values = placeholderValues(details);
  return html.replace(PLACEHOLDER_PATTERN, (_match, name: PolicyPlaceholder) => escapeHtml(values[name]));
}
