import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Events that mean the shopper is moving the page themselves; after one, the page is theirs. */
const SHOPPER_EVENTS = ['wheel', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls smoothly to the top of the page on every route change (docs/product.md §2 "Route table"). A route change is a
 * new path or a new query string (a header category link on /products changes only the query); the hash and
 * navigation state are ignored. The scroll is smooth through the root's `scroll-behavior: smooth` (theme.css).
 *
 * The new page's content arrives after the change (a lazy screen's fallback, then the screen, then its data replacing
 * skeletons), and a change of the page's height can cut a smooth scroll short or clamp it part-way. So the scroll is
 * asked by a `ResizeObserver` on the body: at once (its first notice), then at each change of the body's size,
 * until the page reaches the top, the shopper scrolls, touches, clicks or types, or the route changes again.
 */
export function useScrollToTop(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!scrollY) return;
    const observer = new ResizeObserver(() => scrollTo(0, 0));
    const reachedTop = () => scrollY || stop();
    const stop = () => {
      observer.disconnect();
      removeEventListener('scroll', reachedTop);
    };
    observer.observe(document.body);
    addEventListener('scroll', reachedTop);
    // `once`: a listener left from an earlier route goes with the shopper's next move (and stops nothing new).
    // Browsers make wheel and touch listeners on the window passive by themselves.
    for (const type of SHOPPER_EVENTS) addEventListener(type, stop, { once: true });
    return stop;
  }, [pathname, search]);
}
