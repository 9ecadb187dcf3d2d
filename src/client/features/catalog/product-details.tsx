/**
 * A loaded product on its page (docs/product.md §2 "Product detail", §5 "Cart and product"; the route and its
 * loading and failure states are ./product-detail-page.tsx). With variants, the price, image
 * and low-stock note follow the chosen size and colour, and sold-out options cannot be chosen; a product of
 * which nothing is left shows 'Out of stock' on its disabled add button. Fabric sold by the metre shows its
 * price per metre and a stepper in metres. A shop with a WhatsApp number gets an 'Ask on WhatsApp' link that
 * opens a chat with the shop about this product (its title and address). On phones an Add to Cart bar
 * (sticky-add-to-cart.tsx) follows the shopper once the main button has scrolled away. Under the delivery
 * check, one line says whether the item may be returned ('7-day returns and size exchanges', './return-note.ts').
 * Something sold out (the product, or a size) offers 'Notify me', and an alert's unsubscribe link
 * (`?stop-alert={token}`) 'Stop alerts' (./notify-me.tsx, a lazy chunk). Reviews close the page (./reviews-slot.tsx);
 * their fit summary also shows under the size buttons (./fit-note.tsx, a lazy chunk). The delivery check's
 * estimate adds the longest lead time of the add-ons chosen in the picker (docs/add-ons.md).
 */
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Heart, ShoppingBag } from 'lucide-react';
import { perUnitSuffix } from '@shared/catalog/unit-of-measure';
import { formatRupees } from '@shared/money';
import { Badge } from '@client/components/ui/badge';
import { WhatsappLink } from '@client/components/store/whatsapp-link';
import { usePageAddress } from '@client/lib/page-address';
import { Button } from '@client/components/ui/button';
import { cartLineKey, lineTotal } from '@client/lib/cart/cart-reducer';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useWishlist } from '@client/lib/wishlist/wishlist-store';
import { toggleWishlist } from '@client/lib/wishlist/wishlist-toggle';
import { galleryImages, ProductDetailGallery } from './product-detail-gallery';
import { ProductChoices } from '@client/components/catalog/product-choices';
import { productSpecifications } from './product-specifications';
import { OUT_OF_STOCK, type ProductDetailView } from '@client/lib/catalog/product-variants';
import { useProductChoice } from '@client/lib/catalog/use-product-choice';
import { StickyAddToCart } from './sticky-add-to-cart';
import { DeliveryPinCheck } from './delivery-pin-check';
import { NOT_RETURNABLE_NOTE, productReturnNote } from './return-note';
import { ReviewsSlot } from './reviews-slot';

/** 'Notify me' (./notify-me.tsx): loaded only for a product with something sold out. */
const NotifyMe = lazy(async () => ({ default: (await import('./notify-me')).NotifyMe }));
/** The fit summary from the reviews (docs/reviews.md), under the size buttons: a chunk loaded once painted. */
const FitNote = lazy(() => import('./fit-note'));
/** The add-on picker (stitching, fall & pico: docs/add-ons.md), a chunk of its own loaded once painted. */
const AddOnPicker = lazy(() => import('./add-on-picker'));

/** Nothing to subscribe to: whether the page runs in the browser never changes once hydrated. */
const noChanges = () => () => {};

/** How many characters of the id the page shows (docs/product.md §9). */
const SHOWN_ID_LENGTH = 8;

/** The listing of `category` (and `parentCategory`), as the breadcrumb and the page's Back link it. */
export function listingHref(category: string, parentCategory?: string | null): string {
  const params = new URLSearchParams({ category: category.toLowerCase() });
  if (parentCategory) params.set('parentCategory', parentCategory);
  return `/products?${params.toString()}`;
}

export function ProductDetails({ product }: { product: ProductDetailView }) {
  const pageAddress = usePageAddress();
  const saved = useWishlist().includes(product.id);
  const choice = useProductChoice(product);
  const { price, originalPrice, onSale, mainImage, soldOut, note, quantity } = choice;
  const mainButton = useRef<HTMLButtonElement>(null);
  const choices = useRef<HTMLDivElement>(null);
  // The picker is not part of the server-rendered page: it loads once the page is painted in the browser.
  const painted = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const images = galleryImages(mainImage, product.images);
  const specifications = productSpecifications(product.attributes);
  const { info } = useStoreInfo();
  const returnNote = productReturnNote(product, info?.returns);
  const stopToken = useSearchParams()[0].get('stop-alert');
  // The codes of the add-ons chosen in the picker ('' for none): the delivery estimate adds their lead time.
  const [addOnCodes, setAddOnCodes] = useState('');

  return (
    <article aria-labelledby="product-name" className="flex flex-col gap-10">
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductDetailGallery
          key={mainImage}
          name={product.name}
          images={images}
          sources={product.imageSources}
        />

        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            {product.category && (
              <p className="text-xs font-medium tracking-wider text-stone-500 uppercase">
                <span className="sr-only">Category: </span>
                <Link to={listingHref(product.category)} className="hover:text-brand-700">
                  {product.category}
                </Link>
                {product.parentCategory && (
                  <>
                    <span aria-hidden="true"> / </span>
                    <span className="sr-only">, </span>
                    <Link
                      to={listingHref(product.category, product.parentCategory)}
                      className="hover:text-brand-700"
                    >
                      {product.parentCategory}
                    </Link>
                  </>
                )}
              </p>
            )}
            <h1
              id="product-name"
              className="font-serif text-2xl leading-tight font-bold text-stone-900 sm:text-3xl"
            >
              {product.name}
            </h1>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-2xl font-bold text-brand-800" data-testid="product-price">
                {formatRupees(price)}
                {product.unit === 'm' && (
                  <span className="text-base font-medium text-stone-600">{perUnitSuffix(product.unit)}</span>
                )}
              </span>
              {onSale && originalPrice !== null && (
                <>
                  <del className="text-base text-stone-500">
                    <span className="sr-only">Original price </span>
                    {formatRupees(originalPrice)}
                  </del>
                  <Badge variant="sale">{product.promotionName ?? 'Sale'}</Badge>
                </>
              )}
            </p>
            {/* Prices are GST-inclusive (the tax is worked out of them at checkout and on the invoice). */}
            <p className="text-xs text-stone-600">Inclusive of all taxes</p>
            {note && (
              <p role="status" className="text-sm font-semibold text-amber-700">
                {note}
              </p>
            )}
            <p className="text-xs text-stone-500">Product ID: {product.id.slice(0, SHOWN_ID_LENGTH)}</p>
          </div>

          {product.description && (
            <p className="leading-relaxed whitespace-pre-line text-stone-700">{product.description}</p>
          )}

          <div ref={choices} className="flex flex-col gap-5">
            <ProductChoices
              choice={choice}
              sizeNote={
                painted && (
                  <Suspense fallback={null}>
                    <FitNote productId={product.id} hasReviews={(product.rating?.count ?? 0) > 0} />
                  </Suspense>
                )
              }
            />
          </div>

          {painted && (
            <Suspense fallback={null}>
              <AddOnPicker
                key={cartLineKey({
                  id: product.id,
                  selectedSize: choice.selection.size,
                  selectedColor: choice.selection.color,
                })}
                productId={product.id}
                lineKey={cartLineKey({
                  id: product.id,
                  selectedSize: choice.selection.size,
                  selectedColor: choice.selection.color,
                })}
                onChosen={setAddOnCodes}
              />
            </Suspense>
          )}

          <DeliveryPinCheck
            subtotal={lineTotal({ price, quantity })}
            addOns={addOnCodes ? addOnCodes.split(',') : []}
          />
          {returnNote && (
            <p className="-mt-3 text-sm text-stone-600">
              {returnNote}
              {returnNote !== NOT_RETURNABLE_NOTE && (
                <>
                  {' · '}
                  <Link to="/return" className="underline underline-offset-2">
                    Return Policy
                  </Link>
                </>
              )}
            </p>
          )}

          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              ref={mainButton}
              size="lg"
              className="w-full sm:w-auto sm:flex-1"
              onClick={() => choice.addToCart()}
              disabled={soldOut}
            >
              <ShoppingBag aria-hidden="true" />
              {soldOut ? OUT_OF_STOCK : 'Add to Cart'}
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="w-full sm:w-auto sm:flex-1"
              aria-pressed={saved}
              onClick={() => toggleWishlist(product)}
            >
              <Heart aria-hidden="true" className={saved ? 'fill-brand-600 text-brand-600' : undefined} />
              {saved ? 'Remove from Wishlist' : 'Add to Wishlist'}
            </Button>
          </div>
          {(stopToken || soldOut || product.variants.some((variant) => !variant.available)) && (
            <Suspense fallback={null}>
              <NotifyMe product={product} variantId={choice.variant?.id ?? null} stopToken={stopToken} />
            </Suspense>
          )}
          <WhatsappLink
            label="Ask on WhatsApp"
            text={`Hello! I have a question about ${product.name}: ${pageAddress}`}
            className="w-full sm:w-auto"
          />
        </div>
      </div>

      <section aria-labelledby="product-specifications" className="flex flex-col gap-4">
        <h2 id="product-specifications" className="font-serif text-xl font-bold text-stone-900">
          Product Specifications
        </h2>
        {specifications.length > 0 ? (
          <dl className="grid gap-px overflow-hidden rounded-lg border border-stone-200 bg-stone-200 sm:grid-cols-2">
            {specifications.map((row) => (
              <div key={row.id} className="flex flex-col gap-0.5 bg-white px-4 py-3 sm:last:odd:col-span-2">
                <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{row.label}</dt>
                <dd className="text-sm text-stone-900">{row.value || '—'}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-stone-600">No specifications are listed for this product.</p>
        )}
      </section>
      <ReviewsSlot productId={product.id} />
      <StickyAddToCart choice={choice} mainButton={mainButton} choices={choices} />
    </article>
  );
}
