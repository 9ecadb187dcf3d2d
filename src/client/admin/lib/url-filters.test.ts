import { describe, expect, it } from 'vitest';
import { adminOrderListQuerySchema } from '@shared/admin/admin-order-schemas';
import { customerListQuerySchema } from '@shared/admin/customer-schemas';
import { adminProductListQuerySchema } from '@shared/admin/admin-product-schemas';
import { filtersFromUrl } from './url-filters';

const params = (search: string) => new URLSearchParams(search);

describe('filtersFromUrl (an admin list read with the server route’s query schema)', () => {
  it("reads the orders list's filters with the server's defaults", () => {
    expect(
      filtersFromUrl(adminOrderListQuerySchema, params('status=shipped&q=%20Asha%20&from=2026-11-01&page=2')),
    ).toEqual({ status: 'shipped', q: 'Asha', from: '2026-11-01', sort: 'newest', page: 2, limit: 25 });
    expect(filtersFromUrl(adminOrderListQuerySchema, params(''))).toEqual({
      sort: 'newest',
      page: 1,
      limit: 25,
    });
  });

  it('leaves out a value the schema refuses and keeps the rest', () => {
    expect(
      filtersFromUrl(
        adminOrderListQuerySchema,
        params('status=lost&to=31-11-2026&payment=cod&page=0&test=true'),
      ),
    ).toEqual({ payment: 'cod', test: 'true', sort: 'newest', page: 1, limit: 25 });
    expect(filtersFromUrl(customerListQuerySchema, params('sort=richest&q=ravi&page=x'))).toEqual({
      q: 'ravi',
      sort: 'newest',
      page: 1,
      limit: 25,
    });
  });

  it('ignores empty values and names the schema does not know', () => {
    expect(
      filtersFromUrl(adminProductListQuerySchema, params('q=&stock=low&archived=1&utm_source=mail')),
    ).toEqual({
      stock: 'low',
      archived: '1',
      page: 1,
      limit: 25,
    });
  });
});
