/**
 * Where an order's pages are (docs/product.md §2): its payment page, Track Order prefilled with its number, and
 * the track form's lookup.
 */

/** The payment page of an order (docs/product.md §2: /payment?orderId={id}). */
export function paymentPath(orderId: string): string {
  return `/payment?orderId=${encodeURIComponent(orderId)}`;
}

/** The track-order page prefilled with an order number (docs/product.md §2: the id query parameter). */
export function trackOrderPath(orderId: string): string {
  return `/track-order?id=${encodeURIComponent(orderId)}`;
}

/** The track form's two values trimmed, or null when either is blank (docs/product.md §5 "Track order"). */
export function trackLookup(values: { orderId?: string | null; contactInfo?: string | null }): {
  orderId: string;
  contactInfo: string;
} | null {
  const orderId = (values.orderId ?? '').trim();
  const contactInfo = (values.contactInfo ?? '').trim();
  return orderId && contactInfo ? { orderId, contactInfo } : null;
}

/** The shopper's return request page of a Delivered order (docs/returns.md). */
export function returnRequestPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/return`;
}
