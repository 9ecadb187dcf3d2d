/**
 * The policy pages' headings by slug (docs/product.md §2 "Policy pages"): the storefront's page headings and the titles
 * search engines see in the server's HTML.
 */
import type { PolicySlug } from './store-info-schema';

export const POLICY_TITLES: Readonly<Record<PolicySlug, string>> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  refund: 'Refund and Cancellation',
  return: 'Return Policy',
  shipping: 'Shipping Policy',
  about: 'About Us',
};
