/**
 * The admin's product editor reads and writes: TanStack query options for one product, and the save, archive
 * and unarchive calls over the admin API (each answers the product as it is afterwards).
 */
import { queryOptions } from '@tanstack/react-query';
import { adminProductDetailSchema, type AdminProductInput } from '@shared/admin/admin-product-editor-schemas';
import { adminProductListSchema } from '@shared/admin/admin-product-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

export const adminProductQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'product', id],
    queryFn: () =>
      apiRequest(`/admin/products/${encodeURIComponent(id)}`, { schema: adminProductDetailSchema }),
  });

/** The store's category names (from the product list), for a new product's category choices. */
export const adminCategoriesQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'products', 'categories'],
  queryFn: async () =>
    (await apiRequest('/admin/products', { query: { limit: 1 }, schema: adminProductListSchema })).categories,
});

/** Creates (`id` null) or rewrites product `id`; answers the saved product. */
export function saveProduct(id: string | null, body: AdminProductInput) {
  return apiRequest(id === null ? '/admin/products' : `/admin/products/${encodeURIComponent(id)}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: adminProductDetailSchema,
  });
}

/** Archives (hides from the storefront) or puts back on sale product `id`. */
export function setArchived(id: string, archived: boolean) {
  return apiRequest(`/admin/products/${encodeURIComponent(id)}/${archived ? 'archive' : 'unarchive'}`, {
    method: 'POST',
    schema: adminProductDetailSchema,
  });
}
