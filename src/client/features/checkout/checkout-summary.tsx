/**
 * The checkout's order summary (docs/product.md §2 "Checkout"): the cart lines with their size and colour ('M / Maroon')
 * and quantity × price ('2 × ₹1,299', '2.5 m × ₹450'), subtotal, shipping ('Free', or the shop's charge for the
 * PIN code as the server quotes it), the cash-on-delivery fee where COD is offered, total, what a refused order
 * shows, and the 'Create Order' button of the form around it. A cart with add-ons also shows the delivery
 * estimate for the PIN code with their longest lead time ('Get it by Tue, 10 Dec (with 7 days for stitching and
 * finishing)', docs/add-ons.md).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Lock, ShoppingBag } from 'lucide-react';
import { formatRupees } from '@shared/money';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { useCart } from '@client/lib/cart/cart-context';
import { cartLineKey, itemCountLabel, lineRule, lineTotal } from '@client/lib/cart/cart-reducer';
import { pricesIncludeGstText } from '@client/lib/orders/gst-text';
import { quantityTimesPrice, variantLabel } from '@client/lib/orders/line-text';
import { taxQuoteQueryOptions } from './checkout-api';
import { checkoutQuoteQueryOptions } from '@client/lib/discounts/checkout-quote-query';
import { useAppliedCoupon } from '@client/lib/discounts/applied-coupon';
import { CouponField } from '@client/components/discounts/coupon-field';
import {
  CASH_ON_DELIVERY_FEE,
  cartToLines,
  CREATE_ORDER_LABEL,
  PROCESSING_LABEL,
  SHIPPING_FREE,
  SHIPPING_NEEDS_PIN,
  type CreateOrderFailure,
} from './checkout-form';
import { PIN_NOT_SERVED_MESSAGE } from '@shared/delivery/delivery-rules';
import { chosenAddOnCodes } from '@client/lib/add-ons/cart-add-ons';
import { deliveryCheckQueryOptions } from '@client/lib/delivery/delivery-check-query';
import { deliveryCheckText } from '@client/lib/delivery/delivery-check-text';

/**
 * The shipping line: 'Free' for 0, the charge, 'We do not deliver to this PIN code yet' (null), or 'Enter your
 * PIN code' while the charge depends on it (undefined; also while the quote loads).
 */
function shippingText(shipping: number | null | undefined): string {
  if (shipping === null) return PIN_NOT_SERVED_MESSAGE;
  if (shipping === undefined) return SHIPPING_NEEDS_PIN;
  return shipping === 0 ? SHIPPING_FREE : formatRupees(shipping);
}

/**
 * What a refused order shows above the button: one message, below it the lines it names, and a link to My
 * Orders when unpaid orders must be paid or cancelled first.
 */
export type CheckoutFailure = CreateOrderFailure;

export function CheckoutSummary({
  failure,
  busy,
  state,
  postalCode,
}: {
  failure: CheckoutFailure | null;
  busy: boolean;
  /** The State chosen in the form ('' while none): it decides CGST + SGST or IGST. */
  state: string;
  /** The PIN code typed so far: once it has 6 digits the server quotes its shipping charge. */
  postalCode: string;
}) {
  const { items, itemCount, total } = useCart();
  const empty = items.length === 0;
  const lines = cartToLines(items);
  const quote = useQuery(taxQuoteQueryOptions(lines, state, postalCode)).data;
  const [couponCode, setCouponCode] = useAppliedCoupon();
  const bill = useQuery(checkoutQuoteQueryOptions(lines, couponCode, state, postalCode)).data;
  // With a coupon the server's bill decides shipping (a free-shipping coupon), the discount and the GST.
  const priced = couponCode && bill ? bill : null;
  const discount = priced?.coupon ? priced.discount : 0;
  const shippingAmount = priced?.coupon ? priced.shipping : quote?.shipping;
  const shipping = shippingText(shippingAmount);
  const orderTotal = total - discount + (shippingAmount ?? 0);
  const gstAmount = priced?.coupon ? priced.tax.total : quote?.tax;
  // With add-ons, the estimate for the PIN code adds their longest lead time (asked only then).
  const addOnCodes = empty ? [] : chosenAddOnCodes();
  const estimate = useQuery({
    ...deliveryCheckQueryOptions(postalCode, total, addOnCodes),
    enabled: addOnCodes.length > 0 && /^[1-9][0-9]{5}$/.test(postalCode),
  }).data;

  return (
    <section
      aria-labelledby="checkout-summary"
      className="flex flex-col gap-4 rounded-lg border border-stone-200 bg-brand-50 p-4 sm:p-5 lg:sticky lg:top-24"
    >
      <h2 id="checkout-summary" className="text-lg font-semibold text-stone-900">
        Order Summary
      </h2>

      {empty ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <ShoppingBag aria-hidden="true" className="size-10 text-stone-400" />
          <p className="text-stone-700">Your cart is empty.</p>
          <Link to="/products" className="text-sm font-medium text-brand-700 hover:underline">
            Browse Products
          </Link>
        </div>
      ) : (
        <ul aria-label="Items in your order" className="flex flex-col divide-y divide-brand-100">
          {items.map((item) => {
            const variant = variantLabel(item.selectedSize, item.selectedColor);
            return (
              <li
                key={cartLineKey(item)}
                className="flex items-start justify-between gap-3 py-2.5 first:pt-0"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium text-stone-900">{item.name}</p>
                  {variant && (
                    <p className="text-xs text-stone-600" data-testid="checkout-line-variant">
                      {variant}
                    </p>
                  )}
                  <p className="text-sm text-stone-600" data-testid="checkout-line-quantity">
                    {quantityTimesPrice(item.quantity, lineRule(item).unit, formatRupees(item.price))}
                  </p>
                </div>
                <p className="shrink-0 text-sm font-semibold text-stone-900">
                  <span className="sr-only">Line total </span>
                  {formatRupees(lineTotal(item))}
                </p>
              </li>
            );
          })}
        </ul>
      )}

      {!empty && (
        <CouponField
          code={couponCode}
          onChange={setCouponCode}
          applied={priced?.coupon ?? null}
          error={priced?.couponError ?? null}
        />
      )}

      <dl className="flex flex-col gap-2 border-t border-brand-100 pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">Subtotal ({itemCountLabel(itemCount)})</dt>
          <dd className="font-medium text-stone-900">{formatRupees(total)}</dd>
        </div>
        {discount > 0 && (
          <div className="flex justify-between gap-4" data-testid="checkout-discount">
            <dt className="text-stone-700">Discount ({priced?.coupon?.code})</dt>
            <dd className="font-medium text-green-700">-{formatRupees(discount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">Shipping</dt>
          <dd
            className={
              shippingAmount === null
                ? 'text-right font-medium text-red-700'
                : shippingAmount === 0
                  ? 'font-medium text-green-700'
                  : 'font-medium text-stone-900'
            }
            data-testid="checkout-shipping"
          >
            {shipping}
          </dd>
        </div>
        {estimate?.served && (
          <div className="flex justify-between gap-4 text-xs text-stone-600" data-testid="checkout-estimate">
            <dt>Delivery</dt>
            <dd className="text-right">{deliveryCheckText({ ...estimate, shipping: null })}</dd>
          </div>
        )}
        {quote?.codFee != null && !empty && (
          <div className="flex justify-between gap-4 text-xs text-stone-600" data-testid="checkout-cod-fee">
            <dt>{CASH_ON_DELIVERY_FEE}</dt>
            <dd>+{formatRupees(quote.codFee)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4 border-t border-brand-100 pt-3">
          <dt className="text-base font-semibold text-stone-900">Total</dt>
          <dd className="text-xl font-bold text-brand-800">{formatRupees(orderTotal)}</dd>
        </div>
        {quote?.registered && !empty && (
          <div className="flex justify-between gap-4 text-xs text-stone-600" data-testid="checkout-gst">
            <dt>{pricesIncludeGstText(quote.supply)}</dt>
            <dd>{formatRupees(gstAmount ?? quote.tax)}</dd>
          </div>
        )}
      </dl>

      {failure && (
        <FormError>
          <p>{failure.message}</p>
          {failure.showOrdersLink && (
            <p>
              <Link to="/orders" className="font-semibold underline hover:text-red-900">
                Go to My Orders
              </Link>
            </p>
          )}
          {failure.productProblems.length > 0 && (
            <ul className="list-disc pl-5">
              {failure.productProblems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </FormError>
      )}

      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={empty || busy}
        aria-busy={busy || undefined}
      >
        <Lock aria-hidden="true" />
        {busy ? PROCESSING_LABEL : CREATE_ORDER_LABEL}
      </Button>
      <p className="text-center text-xs text-stone-600">You will choose how to pay on the next step.</p>
    </section>
  );
}
