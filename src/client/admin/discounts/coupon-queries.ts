/** The admin's coupons (docs/discounts.md "Owner"): TanStack query options over `/admin/coupons` and the changes. */
import { queryOptions } from '@tanstack/react-query';
import {
  couponListSchema,
  couponSchema,
  couponUsesSchema,
  type CouponInput,
} from '@shared/discounts/coupon-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

/** Every read of the Discounts screen (invalidated together after a change). */
export const COUPONS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'coupons'] as const;

/** `GET /admin/coupons`: every coupon with its status now, newest first. */
export const couponsQuery = () =>
  queryOptions({
    queryKey: [...COUPONS_QUERY_KEY, 'list'],
    queryFn: () => apiRequest('/admin/coupons', { schema: couponListSchema }),
  });

/** `GET /admin/coupons/:id/uses`: the orders that carry the coupon and the discount given. */
export const couponUsesQuery = (couponId: number) =>
  queryOptions({
    queryKey: [...COUPONS_QUERY_KEY, 'uses', couponId],
    queryFn: () => apiRequest(`/admin/coupons/${couponId}/uses`, { schema: couponUsesSchema }),
  });

/** `POST /admin/coupons` (new) or `PUT /admin/coupons/:id`: answers the saved coupon. */
export const saveCoupon = (couponId: number | null, body: CouponInput) =>
  apiRequest(couponId === null ? '/admin/coupons' : `/admin/coupons/${couponId}`, {
    method: couponId === null ? 'POST' : 'PUT',
    body,
    schema: couponSchema,
  });

/** `POST /admin/coupons/:id/pause|resume|duplicate`. */
export const couponAction = (couponId: number, action: 'pause' | 'resume' | 'duplicate') =>
  apiRequest(`/admin/coupons/${couponId}/${action}`, { method: 'POST', body: {}, schema: couponSchema });
