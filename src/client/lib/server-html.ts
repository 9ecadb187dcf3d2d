/**
 * Hydration of server-rendered pages. The browser's own state (the sign-in cookie, the cart in localStorage) is
 * not in the server's HTML, so the first render in the browser must not show it either, or React would find
 * HTML that differs from its render and draw the whole page again. Providers read that state as usual and
 * show it once {@link useHydrated} is true (docs/decisions/017-server-rendered-pages.md).
 */
import { startTransition, useEffect, useState } from 'react';

let fromServerHtml = typeof document === 'undefined';

/** Called once by the browser's entry before it hydrates a server-rendered page. */
export function markServerRendered(): void {
  fromServerHtml = true;
}

/**
 * False on the server and while a server-rendered page hydrates; true at once for a page the browser renders
 * itself. The switch to true is a transition, so React keeps the server's HTML of a part still hydrating (a
 * lazy page whose chunk is on its way) instead of replacing it with its loading state.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !fromServerHtml);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Marks the page as live once its own lazily loaded part has rendered or hydrated: `<html data-hydrated>`.
 * A server-rendered page shows before its code has loaded, and a click on a part React has not taken over yet
 * does nothing; the browser tests wait for this mark before they press anything.
 */
export function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}
