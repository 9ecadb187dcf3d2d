/**
 * Signing in or out drops the previous user's data: the session provider removes every query under
 * SESSION_QUERY_KEY when the token changes. Each query that sends the bearer token must live there; the
 * shop's own data (store info, the catalogue) must not, so it survives a sign-out.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { productListQueryOptions } from '@client/features/catalog/catalog-api';
import { productQueryOptions } from '@client/lib/catalog/product-detail-query';
import { featuredProductsQueryOptions } from '@client/features/home/featured-products-query';
import { ordersQueryOptions } from '@client/features/orders/orders-api';
import { fieldsQueryOptions } from '@client/features/payments/payments-api';
import { trackOrderQueryOptions } from '@client/lib/orders/order-query';
import { SESSION_QUERY_KEY } from '@client/lib/query-keys';
import { accountInfoQueryOptions } from '@client/lib/session/account-info-query';
import { storeInfoQueryOptions } from '@client/lib/store-info/store-info-query';

const userQueries: Record<string, QueryKey> = {
  accountInfo: accountInfoQueryOptions().queryKey,
  orders: ordersQueryOptions().queryKey,
  orderLookup: trackOrderQueryOptions({ orderId: 'RS-7KQ29XD3', contactInfo: '' }).queryKey,
  paymentFields: fieldsQueryOptions().queryKey,
};
const shopQueries: Record<string, QueryKey> = {
  storeInfo: storeInfoQueryOptions().queryKey,
  productList: productListQueryOptions({ category: 'men' }).queryKey,
  product: productQueryOptions('p1').queryKey,
  featured: featuredProductsQueryOptions('men').queryKey,
};

describe('session-scoped queries', () => {
  it("removing the session's queries drops every user query and keeps the shop's data", () => {
    const client = new QueryClient();
    for (const key of [...Object.values(userQueries), ...Object.values(shopQueries)]) {
      client.setQueryData(key, 'cached');
    }
    client.removeQueries({ queryKey: SESSION_QUERY_KEY });
    for (const [name, key] of Object.entries(userQueries))
      expect(client.getQueryData(key), name).toBeUndefined();
    for (const [name, key] of Object.entries(shopQueries))
      expect(client.getQueryData(key), name).toBe('cached');
  });
});
