/**
 * When and how customer support answers, said the same way on every page: the contact page's hours, the
 * Grievance Officer's phone hours in the policies, and the contacts — all from store info (`supportHours`,
 * `companyEmail`, `companyPhone`), never written into a page. A store that set no hours gets
 * {@link SUPPORT_HOURS_DEFAULT}, the contact hours of the storefront specification.
 */
import type { StoreInfo } from './store-info-schema';

/** The support hours of a store that set none. */
export const SUPPORT_HOURS_DEFAULT = 'Monday to Saturday, 10AM - 6PM';

/** The store's support hours (trimmed), else {@link SUPPORT_HOURS_DEFAULT}. */
export function supportHoursOf(info: Partial<Pick<StoreInfo, 'supportHours'>> | null | undefined): string {
  return info?.supportHours?.trim() || SUPPORT_HOURS_DEFAULT;
}
