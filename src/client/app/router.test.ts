/**
 * The route table against the policy pages (docs/product.md §2 "Policy pages"): `/{policyType}` is a catch-all, so every
 * path another page owns must be matched by that page first, and a reserved word that reaches the policy page
 * must be refused there (it redirects to /404).
 */
import { createRoutesFromElements, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPolicySlug, policySlugs, RESERVED_PATHS } from '@client/features/policies/policy-slugs';
import { appRoutes } from './router';

const routes = createRoutesFromElements(appRoutes);
/** The path pattern of the deepest route matching `path`. */
const routeOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;
const POLICY_ROUTE = '/:policyType';

describe('route table and policy pages', () => {
  it('serves every policy slug from the policy page, shadowed by no other route', () => {
    for (const slug of policySlugs) {
      expect(routeOf(`/${slug}`), slug).toBe(POLICY_ROUTE);
      expect(isPolicySlug(slug), slug).toBe(true);
    }
  });

  it('lets each reserved word reach its own page, or refuses it on the policy page', () => {
    const ownPages: string[] = [];
    for (const word of RESERVED_PATHS) {
      const route = routeOf(`/${word}`);
      if (route === POLICY_ROUTE) expect(isPolicySlug(word), word).toBe(false);
      else {
        expect(route, word).toBe(`/${word}`);
        ownPages.push(word);
      }
    }
    expect(ownPages).toEqual([
      'login',
      'register',
      'forgot-password',
      'reset-password',
      'account',
      'cart',
      'products',
      'contact',
      'track-order',
      'orders',
      '404',
    ]);
  });

  it('keeps every other one-segment page out of the policy route', () => {
    for (const path of ['/api-test', '/checkout', '/payment', '/order-success']) {
      expect(routeOf(path), path).toBe(path);
    }
    expect(routeOf('/product/RS-1')).toBe('/product/:id');
    expect(routeOf('/newsletter/unsubscribe')).toBe('/newsletter/unsubscribe');
    expect(routeOf('/some/deeper/path')).toBe('*');
  });
});
