/**
 * The header's search field as the first load renders it: a plain search form that already works (it submits
 * to /products?q=…). Focusing or pointing at it loads the suggestion combobox
 * (features/search/search-combobox.tsx), which takes its place with the same look, text and focus, so the
 * home page's first load pays only for this file.
 */
import { useRef, useState, type ComponentType } from 'react';
import { SearchIcon } from '@client/components/icons/first-load-icons';
import type { SearchComboboxProps } from '@client/features/search/search-combobox';

/** The text field of both the plain form and the combobox (same box: nothing moves when one replaces the other). */
const FIELD_CLASS = 'field pl-9';

/**
 * `query`: the search of the listing being viewed, shown in the field. `open`: under 1024 px the form shows
 * only while open (as a bar under the header), and opening it focuses the field (styles.css `.search-box`).
 */
export function HeaderSearch({ query, open }: { query: string; open: boolean }) {
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps>>();
  const field = useRef<HTMLInputElement>(null);

  if (Combobox) return <Combobox replaces={() => field.current} fieldClassName={FIELD_CLASS} open={open} />;

  // A chunk that fails to load leaves the plain form, which still searches.
  const load = () =>
    void import('@client/features/search/search-combobox')
      .then(({ SearchCombobox }) => setCombobox(() => SearchCombobox))
      .catch(() => {});

  return (
    <form role="search" action="/products" className="search-box" data-open={open || undefined}>
      <SearchIcon className="search-box-icon" />
      <input
        ref={field}
        key={query}
        name="q"
        type="search"
        aria-label="Search products"
        placeholder="Search products"
        defaultValue={query}
        autoFocus={open}
        onFocus={load}
        onPointerEnter={load}
        className={FIELD_CLASS}
      />
    </form>
  );
}
