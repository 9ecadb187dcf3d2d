/**
 * Which `/{policyType}` paths are policy pages (docs/product.md §2 "Policy pages").
 */
import { policySlugs, type PolicySlug } from '@shared/store-settings/store-info-schema';

export { policySlugs, type PolicySlug };

/** Paths that are never policy pages: they redirect to /404 when they reach the policy route (docs/product.md §2). */
export const RESERVED_PATHS = [
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'account',
  'cart',
  'products',
  'product',
  'contact',
  'track-order',
  'orders',
  '404',
] as const;

const reserved: ReadonlySet<string> = new Set(RESERVED_PATHS);
const slugs: ReadonlySet<string> = new Set(policySlugs);

/**
 * True for the six policy slugs (terms, privacy, refund, return, shipping, about); false for a reserved
 * word, an unknown slug or a missing one, which the page redirects to /404 (docs/product.md §2 "Policy pages").
 */
export function isPolicySlug(value: string | null | undefined): value is PolicySlug {
  if (!value || reserved.has(value)) return false;
  return slugs.has(value);
}
