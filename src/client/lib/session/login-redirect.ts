/**
 * The navigation state that carries a shopper to /login and back (docs/product.md §2 "Sign-in"): the route guard and
 * the cart's Checkout button send it; the sign-in and register screens read it.
 */

/** Navigation state carried to /login: the path (with query) to return to after signing in. */
export type LoginRedirectState = { from: string };
