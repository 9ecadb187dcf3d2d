import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls smoothly to the top of the page on every route change (docs/product.md §2 "Route table"). A route change is a
 * new path or a new query string (a header category link on /products changes only the query); the hash and
 * navigation state are ignored.
 */
export function useScrollToTop(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, search]);
}
