/**
 * Whether this page was rendered on the server and React is taking it over (hydration). The browser's own
 * state (the sign-in cookie, the cart in localStorage, the session's PIN code) is not in the server's HTML, so
 * while hydrating the providers start from the server's view (signed out, empty cart) and read the browser's
 * state in an effect right after: the first render then matches the HTML and React keeps it
 * (docs/decisions/017-server-rendered-pages.md).
 */

let hydrating = typeof document === 'undefined';

/** Called once by the entry before `hydrateRoot` when `#root` holds server-rendered HTML. */
export function markServerRendered(): void {
  hydrating = true;
}

/**
 * True on the server and while a server-rendered page is hydrated: read browser-only state in an effect then.
 * Providers call it once, for their initial state.
 */
export function startsFromServerHtml(): boolean {
  return hydrating;
}
