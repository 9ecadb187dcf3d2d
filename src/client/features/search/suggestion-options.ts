/**
 * The options of the search box's suggestion list, in the order shown and walked with the arrow keys:
 * the suggested products, then the suggested categories, then 'Search for "…"' (the full results). Pure.
 */
import type { SuggestResponse } from '@shared/search/search-schemas';
import { perUnitSuffix } from '@shared/catalog/unit-of-measure';
import { formatRupees } from '@shared/money';

/** Longest text the suggestion call accepts (characters, after trimming). */
export const SUGGEST_MAX_LENGTH = 100;

export type SuggestionOption =
  | { kind: 'product'; key: string; href: string; title: string; price: string; imgUrl: string | null }
  | { kind: 'category'; key: string; href: string; title: string; within: string | null; count: number }
  | { kind: 'search'; key: string; href: string; title: string };

/** '6 products', '1 product'. */
const productCount = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

/**
 * Options for the typed `text` from a suggestion answer (null while none has arrived). A category pair links
 * to its listing with the sub-category chosen (`/products?category=women&parentCategory=Sarees`); the last
 * option searches for the text as typed. No options for blank text.
 */
export function suggestionOptions(text: string, answer: SuggestResponse | null): SuggestionOption[] {
  const q = text.trim();
  if (!q) return [];
  const options: SuggestionOption[] = [];
  for (const product of answer?.products ?? []) {
    options.push({
      kind: 'product',
      key: `product:${product.id}`,
      href: `/product/${encodeURIComponent(product.id)}`,
      title: product.title,
      price: `${formatRupees(product.price)}${perUnitSuffix(product.unit)}`,
      imgUrl: product.imgUrl,
    });
  }
  for (const pair of answer?.categories ?? []) {
    const params = new URLSearchParams({ category: pair.category.toLowerCase() });
    if (pair.parentCategory) params.set('parentCategory', pair.parentCategory);
    const href = `/products?${params}`;
    options.push({
      kind: 'category',
      key: `category:${pair.category}:${pair.parentCategory ?? ''}`,
      href,
      title: pair.parentCategory ?? pair.category,
      within: pair.parentCategory ? pair.category : null,
      count: pair.count,
    });
  }
  options.push({
    kind: 'search',
    key: 'search',
    href: `/products?${new URLSearchParams({ q })}`,
    title: `Search for "${q}"`,
  });
  return options;
}

/** The accessible name of an option: 'Sarees in Women, 6 products', 'Red Banarasi Katan Silk Saree, ₹21,999'. */
export function optionLabel(option: SuggestionOption): string {
  switch (option.kind) {
    case 'product':
      return `${option.title}, ${option.price}`;
    case 'category':
      return `${option.title}${option.within ? ` in ${option.within}` : ''}, ${productCount(option.count)}`;
    case 'search':
      return option.title;
  }
}

/**
 * The next active option for an arrow key: down from none goes to the first, up from none to the last, and
 * both wrap around. -1 when there are no options.
 */
export function nextActiveIndex(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
