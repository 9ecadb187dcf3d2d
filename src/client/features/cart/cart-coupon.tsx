/**
 * The cart's 'Apply coupon' (docs/discounts.md): the code field, and once the server applies the code the
 * discount and the total after it ('Discount (FIRST10) -₹250', 'Total after discount ₹2,249'); shipping and
 * GST follow at checkout.
 */
import { useQuery } from '@tanstack/react-query';
import { formatRupees } from '@shared/money';
import { CouponField } from '@client/components/discounts/coupon-field';
import { useCart } from '@client/lib/cart/cart-context';
import { useAppliedCoupon } from '@client/lib/discounts/applied-coupon';
import { checkoutQuoteQueryOptions } from '@client/lib/discounts/checkout-quote-query';

export function CartCoupon({ subtotal }: { subtotal: number }) {
  const { items } = useCart();
  const [code, setCode] = useAppliedCoupon();
  const lines = items.map((item) => ({
    productId: item.id,
    ...(item.variantId ? { variantId: item.variantId } : {}),
    ...(item.selectedSize ? { size: item.selectedSize } : {}),
    ...(item.selectedColor ? { color: item.selectedColor } : {}),
    quantity: item.quantity,
  }));
  const bill = useQuery(checkoutQuoteQueryOptions(lines, code)).data;
  const applied = code && bill?.coupon ? bill : null;
  return (
    <div className="flex flex-col gap-3">
      <CouponField
        code={code}
        onChange={setCode}
        applied={applied?.coupon ?? null}
        error={bill?.couponError ?? null}
      />
      {applied && applied.discount > 0 && (
        <dl className="flex flex-col gap-1 text-sm">
          <div className="flex justify-between gap-4" data-testid="cart-discount">
            <dt className="text-stone-700">Discount ({applied.coupon?.code})</dt>
            <dd className="font-medium text-green-700">-{formatRupees(applied.discount)}</dd>
          </div>
          <div className="flex justify-between gap-4 font-semibold text-stone-900">
            <dt>Total after discount</dt>
            <dd>{formatRupees(subtotal - applied.discount)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
