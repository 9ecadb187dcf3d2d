/**
 * `/admin/products`: the catalogue's products, searched by title or SKU and filtered by category and stock
 * (low, out), on sale or archived, paginated on the server and kept in the address (read with the server's
 * own query schema); price, variants and stock on each row. A row opens the product editor; 'New product'
 * starts one.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import {
  adminProductListQuerySchema,
  adminProductListSchema,
  type AdminProductListQuery,
} from '@shared/admin/admin-product-schemas';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { apiRequest } from '@client/lib/api-client';
import { AdminList } from '../lib/admin-list';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { formatPaise } from '../lib/format';
import { useUrlFilters } from '../lib/url-filters';
import { ProductThumbnail } from './product-thumbnail';

const productsQuery = (query: AdminProductListQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'products', query],
    queryFn: () => apiRequest('/admin/products', { query, schema: adminProductListSchema }),
    placeholderData: (previous) => previous,
  });

const stockText = (stock: number | null, unit: string) =>
  stock === null ? 'not tracked' : unit === 'm' ? `${stock} m` : `${stock} in stock`;

export function ProductsPage() {
  const [query, set] = useUrlFilters(adminProductListQuerySchema);
  const list = useQuery(productsQuery(query));
  const [search, setSearch] = useState(query.q ?? '');
  return (
    <section aria-labelledby="products-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h1 id="products-title" className="text-lg font-semibold">
          Products
        </h1>
        <Button asChild size="sm">
          <Link to="/products/new">
            <Plus aria-hidden="true" />
            New product
          </Link>
        </Button>
      </div>
      <AdminList
        label="Products"
        filters={
          <>
            <form
              role="search"
              className="flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                set({ q: search.trim() || undefined });
              }}
            >
              <Input
                aria-label="Search products"
                placeholder="Title or SKU"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
              <Button type="submit" variant="secondary">
                Search
              </Button>
            </form>
            <div className="grid grid-cols-2 gap-2 text-sm">
              <select
                aria-label="Category"
                className="field"
                value={query.category ?? ''}
                onChange={(event) => set({ category: event.target.value })}
              >
                <option value="">All categories</option>
                {list.data?.categories.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              <select
                aria-label="Stock"
                className="field"
                value={query.stock ?? ''}
                onChange={(event) => set({ stock: event.target.value })}
              >
                <option value="">Any stock</option>
                <option value="low">Low (3 or less)</option>
                <option value="out">Out of stock</option>
              </select>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={query.archived === '1'}
                onChange={(event) => set({ archived: event.target.checked ? '1' : undefined })}
              />
              Archived products
            </label>
          </>
        }
        rows={list.data?.products}
        rowKey={(product) => product.id}
        empty="No products match."
        error={list.error}
        busy={list.isFetching}
        paging={list.data && { ...list.data, onPage: (page) => set({ page: String(page) }) }}
        rowClassName="rounded-lg border border-stone-200 bg-white text-sm"
        renderRow={(product) => (
          <Link
            to={`/products/${product.id}`}
            className="grid grid-cols-[2.5rem_minmax(0,1fr)] items-center gap-x-3 px-3 py-2 hover:bg-stone-50"
          >
            <ProductThumbnail url={product.thumbnailUrl} title={product.title} />
            <div className="flex justify-between gap-2">
              <span className="min-w-0 font-medium">
                {product.title}
                {product.archived && (
                  <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900">Archived</span>
                )}
              </span>
              <span className="shrink-0 text-right font-semibold">
                {formatPaise(product.discountedPricePaise ?? product.pricePaise)}
                {product.unit === 'm' ? '/m' : ''}
              </span>
            </div>
            <div className="flex justify-between gap-2 text-xs text-stone-500">
              <span className="truncate font-mono">{product.sku}</span>
              <span className="shrink-0">
                {product.category}
                {product.variants > 0 && ` · ${product.variants} variants`} ·{' '}
                <span
                  className={product.stock !== null && product.stock <= 0 ? 'font-semibold text-red-700' : ''}
                >
                  {stockText(product.stock, product.unit)}
                </span>
              </span>
            </div>
          </Link>
        )}
      />
    </section>
  );
}
