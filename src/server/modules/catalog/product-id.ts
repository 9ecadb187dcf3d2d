/** Product ids: UUIDs (products and variants alike). */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` has the shape of a product id (a UUID); anything else is answered 404 without a query. */
export function isProductId(id: string): boolean {
  return UUID_PATTERN.test(id);
}
