/**
 * Hydration of server-rendered pages. The browser's own state (the sign-in cookie, the cart in localStorage) is
 * not in the server's HTML, so the first render in the browser must not show it either, or React would find
 * HTML that differs from its render and draw the whole page again. Providers read that state as usual and
 * show it once {@link useHydrated} is true (docs/decisions/017-server-rendered-pages.md).
 */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False on the server and during the render that hydrates server HTML, true in every other render (so at once
 * for a page the browser renders itself). React renders again right after hydration when it turns true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
