/**
 * The order of a search's matches for each sort of the storefront (relevance, newest, price, discount, and the
 * catalogue's own order), worked out in memory on the kept matches (./search-matches.ts) and kept with them.
 */
import type { ProductSort } from '@shared/catalog/catalog-limits';
import type { MatchSet } from './search-matches';

/** Compares two products for `sort`; ties keep catalogue order (the caller breaks them by index). */
function comparer(set: MatchSet, sort: ProductSort | 'catalogue'): ((a: number, b: number) => number) | null {
  const { score, createdMicros, listedPaise, regularPaise } = set;
  switch (sort) {
    case 'relevance':
      return (a, b) => score[b]! - score[a]!;
    case 'newest':
      return (a, b) => createdMicros[b]! - createdMicros[a]!;
    case 'price_asc':
      return (a, b) => listedPaise[a]! - listedPaise[b]!;
    case 'price_desc':
      return (a, b) => listedPaise[b]! - listedPaise[a]!;
    case 'discount': {
      const off = (i: number) => (regularPaise[i]! - listedPaise[i]!) / Math.max(regularPaise[i]!, 1);
      return (a, b) => off(b) - off(a) || listedPaise[a]! - listedPaise[b]!;
    }
    default:
      return null;
  }
}

/**
 * The products of `set` in the order of `sort` (`catalogue`: sort order, age, id), as indexes; made once per
 * set and sort. Relevance, newest, price and discount break ties by catalogue order, like the list statement.
 */
export function productOrder(set: MatchSet, sort: ProductSort | 'catalogue'): Int32Array {
  const kept = set.orders.get(sort);
  if (kept) return kept;
  const order = new Int32Array(set.size);
  for (let i = 0; i < set.size; i += 1) order[i] = i;
  const compare = comparer(set, sort);
  if (compare) order.sort((a, b) => compare(a, b) || a - b);
  set.orders.set(sort, order);
  return order;
}
