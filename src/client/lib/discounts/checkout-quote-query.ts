/** The checkout's whole bill with a coupon, as the cart and the checkout ask for it (docs/discounts.md). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { checkoutQuoteSchema } from '@shared/discounts/coupon-schemas';
import type { OrderLineRequest } from '@shared/orders/order-schemas';
import { apiRequest } from '@client/lib/api-client';

/**
 * `POST /checkout/quote` with the applied coupon code (docs/discounts.md): the whole bill as the server prices
 * it — subtotal, the coupon's discount (or `couponError`), shipping for a 6-digit `postalCode`, the GST of the
 * discounted lines and the total. Only asked while a code is applied; the order prices it again itself.
 */
export const checkoutQuoteQueryOptions = (
  lines: OrderLineRequest[],
  couponCode: string,
  state = '',
  postalCode = '',
) => {
  const pin = /^[1-9][0-9]{5}$/.test(postalCode) ? postalCode : '';
  return queryOptions({
    queryKey: ['checkout-quote', lines, couponCode, state, pin],
    queryFn: ({ signal }) =>
      apiRequest('/checkout/quote', {
        method: 'POST',
        body: {
          lines,
          couponCode,
          ...(state || pin
            ? { shippingAddress: { ...(state ? { state } : {}), ...(pin ? { postalCode: pin } : {}) } }
            : {}),
        },
        signal,
        schema: checkoutQuoteSchema,
      }),
    enabled: lines.length > 0 && couponCode !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};
