/**
 * The cart page, /cart (docs/product.md §2 "Cart", §4 "Cart", §5 "Cart and product", §8): the empty state, one row per
 * line with its chosen size and colour ('M / Maroon'), quantity × price ('2 × ₹1,299', '2.5 m × ₹450'), its
 * quantity control (pieces from 1, metres in the fabric's steps), line total and remove action, and the summary
 * with 'Clear Cart' and 'Checkout'. Checkout without a session goes to /login and remembers /checkout (docs/product.md §2, §6).
 * `/cart?restore={token}`, a forgotten-cart reminder's link, first puts that cart in this browser, signed in or
 * not (lib/cart-sync, docs/messages.md "Forgotten carts").
 */
import { useEffect, type SyntheticEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react';
import { toast } from '@client/lib/notify';
import { formatRupees } from '@shared/money';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/lib/session/session-context';
import type { LoginRedirectState } from '@client/lib/session/login-redirect';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import { useCart } from '@client/lib/cart/cart-context';
import { CartCoupon } from './cart-coupon';
import { lineAddOns, lineAddOnsTotal } from '@client/lib/add-ons/cart-add-ons';
import {
  cartLineKey,
  itemCountLabel,
  lineRule,
  lineTotal,
  type CartItem,
} from '@client/lib/cart/cart-reducer';
import { quantityTimesPrice, variantLabel } from '@client/lib/orders/line-text';
import {
  formatQuantityNumber,
  maxQuantity,
  stepQuantity,
  type QuantityRule,
} from '@shared/catalog/unit-of-measure';

/** The local stand-in for a missing or broken product image (docs/product.md §8 "Image failure"). */
const FALLBACK_IMAGE = '/media/fallback/product.svg';

function showFallbackImage(event: SyntheticEvent<HTMLImageElement>): void {
  const image = event.currentTarget;
  if (!image.src.endsWith(FALLBACK_IMAGE)) image.src = FALLBACK_IMAGE;
}

export function CartPage() {
  const { items, itemCount, total: goods, clearCart } = useCart();
  // The subtotal with the add-ons chosen on the product pages (docs/add-ons.md).
  const addOnsTotal = items.reduce(
    (sum, item) => sum + lineAddOnsTotal(lineAddOns(cartLineKey(item)), item.quantity, item.unit),
    0,
  );
  const total = Math.round((goods + addOnsTotal) * 100) / 100;
  const { isAuthenticated } = useSession();
  const { brand } = useStoreInfo();
  const navigate = useNavigate();
  useDocumentTitle(`Shopping Cart | ${brand}`);
  const [params, setParams] = useSearchParams();
  const restoreToken = params.get('restore');
  useEffect(() => {
    if (!restoreToken) return;
    void import('@client/lib/cart-sync/sync')
      .then((sync) => sync.restoreFromLink(restoreToken).catch(() => toast.error(sync.CART_LINK_INVALID)))
      .finally(() => setParams({}, { replace: true }));
  }, [restoreToken, setParams]);

  const checkout = () => {
    if (isAuthenticated) {
      navigate('/checkout');
      return;
    }
    toast.error('Login Required', { description: 'Please login to proceed with checkout' });
    const state: LoginRedirectState = { from: '/checkout' };
    navigate('/login', { state });
  };

  if (items.length === 0) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
        <ShoppingBag aria-hidden="true" className="size-14 text-stone-400" />
        <h1 className="font-serif text-2xl font-bold text-stone-900">Your cart is empty</h1>
        <p className="text-stone-600">Browse our fabrics and ethnic wear and add something you love.</p>
        <Button asChild size="lg">
          <Link to="/">Continue Shopping</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <h1 className="mb-6 font-serif text-2xl font-bold text-stone-900 sm:text-3xl">Shopping Cart</h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
        <ul
          aria-label="Cart items"
          className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
        >
          {items.map((item) => (
            <CartLine key={cartLineKey(item)} item={item} />
          ))}
        </ul>

        <section
          aria-labelledby="cart-summary"
          className="flex flex-col gap-4 rounded-lg border border-stone-200 bg-brand-50 p-5 lg:sticky lg:top-24"
        >
          <h2 id="cart-summary" className="text-lg font-semibold text-stone-900">
            Order Summary
          </h2>
          <p className="flex items-baseline justify-between gap-4 text-stone-800">
            <span>Subtotal ({itemCountLabel(itemCount)})</span>
            <span className="text-xl font-bold text-brand-800">{formatRupees(total)}</span>
          </p>
          <CartCoupon subtotal={total} />
          <Button size="lg" className="w-full" onClick={checkout}>
            Checkout
          </Button>
          <Button variant="outline" className="w-full" onClick={() => clearCart()}>
            Clear Cart
          </Button>
          <Link to="/" className="text-center text-sm font-medium text-brand-700 hover:underline">
            Continue Shopping
          </Link>
        </section>
      </div>
    </div>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const { updateQuantity, removeItem } = useCart();
  const href = `/product/${encodeURIComponent(item.id)}`;
  const line = { id: item.id, selectedSize: item.selectedSize, selectedColor: item.selectedColor };
  const rule = lineRule(item);
  const variant = variantLabel(item.selectedSize, item.selectedColor);
  const stepClass =
    'inline-flex size-9 items-center justify-center text-stone-700 transition-colors hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40 [&_svg]:size-4';

  return (
    <li className="flex gap-3 p-3 sm:gap-4 sm:p-4">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <img
          src={item.image || FALLBACK_IMAGE}
          alt=""
          width={96}
          height={120}
          loading="lazy"
          decoding="async"
          onError={showFallbackImage}
          className="h-28 w-22 rounded-md bg-brand-50 object-cover sm:h-30 sm:w-24"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-sm leading-snug font-semibold text-stone-900 sm:text-base">
              <Link to={href} className="hover:text-brand-700">
                {item.name}
              </Link>
            </h2>
            {variant && (
              <p className="mt-1 text-xs text-stone-600 sm:text-sm" data-testid="cart-line-variant">
                {variant}
              </p>
            )}
            {lineAddOns(cartLineKey(item)).map((addOn) => (
              <p
                key={addOn.request.code}
                className="mt-1 text-xs text-stone-600"
                data-testid="cart-line-add-on"
              >
                + {addOn.title} {formatRupees(addOn.price)}
              </p>
            ))}
            <p className="mt-1 text-xs text-stone-500" data-testid="cart-line-quantity">
              {quantityTimesPrice(item.quantity, rule.unit, formatRupees(item.price))}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-1 shrink-0 text-stone-500 hover:text-red-600"
            aria-label={`Remove ${item.name}`}
            onClick={() => removeItem(item.id)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        <div className="mt-auto flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <div
              role="group"
              aria-label={`Quantity of ${item.name}${rule.unit === 'm' ? ' in metres' : ''}`}
              className="inline-flex items-center rounded-md border border-stone-300"
            >
              <button
                type="button"
                className={cn(stepClass, 'rounded-l-md')}
                aria-label="Decrease quantity"
                disabled={item.quantity <= rule.minQuantity}
                onClick={() => updateQuantity(line, stepQuantity(rule, item.quantity, -1))}
              >
                <Minus aria-hidden="true" />
              </button>
              <output
                aria-live="polite"
                aria-atomic="true"
                className="min-w-9 text-center text-sm font-semibold tabular-nums"
              >
                {formatQuantityNumber(item.quantity)}
              </output>
              <button
                type="button"
                className={cn(stepClass, 'rounded-r-md')}
                aria-label="Increase quantity"
                disabled={rule.unit === 'm' && item.quantity >= maxQuantity(rule)}
                onClick={() => updateQuantity(line, nextQuantity(rule, item.quantity))}
              >
                <Plus aria-hidden="true" />
              </button>
            </div>
            {rule.unit === 'm' && (
              <span aria-hidden="true" className="text-xs text-stone-600">
                m
              </span>
            )}
          </div>
          <p className="text-base font-bold text-stone-900">
            <span className="sr-only">Line total </span>
            {formatRupees(lineTotal(item))}
          </p>
        </div>
      </div>
    </li>
  );
}

/**
 * One step up: metres by the product's step up to 100 m; pieces by one, without a cap here (the per-order
 * limit is shown at checkout, docs/product.md §9 sets only the minimum).
 */
function nextQuantity(rule: QuantityRule, quantity: number): number {
  return rule.unit === 'm' ? stepQuantity(rule, quantity, 1) : quantity + 1;
}
