/**
 * The product card of the home page and the listing (docs/product.md §2 "Product card", §4 "Product card: hover on or
 * off"). Hovering (or keyboard focus inside the card) reveals the overlay actions; leaving hides them. Fabric
 * sold by the metre shows its price per metre ('₹450 / metre') and is added from its page, where the length is
 * chosen. The heart saves the product in the wishlist (lib/wishlist/wishlist-store.ts) or removes it. 'Quick
 * View' opens the product in a dialog (quick-view-dialog.tsx, its own chunk: fetched when the pointer or the
 * focus reaches the button, shown at the press). A product with published reviews shows their average and count
 * (docs/reviews.md); one without keeps the fixed row.
 * Kept light for the home page's first load: no radix, no form or schema libraries.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Eye, Heart, ShoppingBag, Star } from 'lucide-react';
import { toast } from '@client/lib/notify';
import { isOnSale, isPremium, type Product } from '@shared/catalog/product-mapping';
import { perUnitSuffix } from '@shared/catalog/unit-of-measure';
import { formatRupees } from '@shared/money';
import { Badge } from '@client/components/ui/badge';
import { buttonVariants } from '@client/components/ui/button-variants';
import { useCart } from '@client/lib/cart/cart-context';
import { cn } from '@client/lib/utils';
import { failedBeforeHydration } from './broken-image';
import { useWishlist } from '@client/lib/wishlist/wishlist-store';
import { toggleWishlist } from '@client/lib/wishlist/wishlist-toggle';
import {
  cardCartSelection,
  CHOOSE_LENGTH_DESCRIPTION,
  CHOOSE_LENGTH_TITLE,
  SELECT_SIZE_DESCRIPTION,
  SELECT_SIZE_TITLE,
} from './product-card-selection';
import { PRODUCT_FALLBACK_IMAGE } from './product-fallback-image';

const loadQuickView = () => import('./quick-view-dialog');
const QuickViewDialog = lazy(async () => ({ default: (await loadQuickView()).QuickViewDialog }));

const overlayButtonClass =
  'inline-flex size-9 items-center justify-center rounded-full bg-white/95 text-stone-700 shadow-sm ring-1 ring-stone-200 transition-colors hover:bg-white hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&_svg]:size-4';

/**
 * One product in a grid. `priority` marks a card in the first row of a listing: its picture is likely the
 * page's largest paint, so it loads at once and first instead of lazily.
 */
export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const { addItem } = useCart();
  const navigate = useNavigate();
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const saved = useWishlist().includes(product.id);
  // 'returning': closed, the overlay kept shown until the dialog has given the focus back to its button.
  const [quickView, setQuickView] = useState<'closed' | 'open' | 'returning'>('closed');
  const quickViewButton = useRef<HTMLButtonElement>(null);

  const href = `/product/${encodeURIComponent(product.id)}`;
  const imageSrc = imageFailed || !product.image ? PRODUCT_FALLBACK_IMAGE : product.image;
  const onSale = isOnSale(product);
  const premium = isPremium(product);
  const rating = product.rating;

  const addToCart = () => {
    const selection = cardCartSelection(product);
    if (selection.kind === 'add') {
      addItem(selection.item);
      return;
    }
    if (selection.kind === 'choose-length') {
      toast.error(CHOOSE_LENGTH_TITLE, {
        description: CHOOSE_LENGTH_DESCRIPTION,
        action: { label: 'Choose length', onClick: () => navigate(href) },
      });
      return;
    }
    toast.error(SELECT_SIZE_TITLE, {
      description: SELECT_SIZE_DESCRIPTION,
      action: { label: 'Choose size', onClick: () => navigate(href) },
    });
  };

  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-within:shadow-md"
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-brand-50">
        <Link
          to={href}
          aria-label={`View ${product.name}`}
          className="block size-full focus-visible:outline-offset-[-4px]"
        >
          <img
            src={imageSrc}
            srcSet={imageFailed ? undefined : product.srcset}
            sizes="(min-width:1024px) 25vw, 50vw"
            alt={product.name}
            width={600}
            height={750}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            onError={() => setImageFailed(true)}
            ref={(image) => {
              if (failedBeforeHydration(image) && !imageFailed) setImageFailed(true);
            }}
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        </Link>

        {(onSale || premium) && (
          <div className="pointer-events-none absolute top-2 left-2 flex flex-col items-start gap-1">
            {onSale && <Badge variant="sale">Sale</Badge>}
            {premium && <Badge variant="premium">Premium</Badge>}
          </div>
        )}

        {/* Kept shown while Quick View is open, so the focus can come back to its button on close. */}
        <div
          data-testid="product-card-overlay"
          data-quick-view={quickView === 'closed' ? undefined : 'open'}
          className="invisible absolute top-2 right-2 flex flex-col gap-2 opacity-0 transition-opacity duration-200 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 data-[quick-view=open]:visible data-[quick-view=open]:opacity-100"
        >
          <button
            type="button"
            className={overlayButtonClass}
            aria-label={saved ? 'Remove from Wishlist' : 'Add to Wishlist'}
            aria-pressed={saved}
            onClick={() => toggleWishlist(product)}
          >
            <Heart aria-hidden="true" className={saved ? 'fill-brand-600 text-brand-600' : undefined} />
          </button>
          <button
            ref={quickViewButton}
            type="button"
            className={overlayButtonClass}
            aria-label="Quick View"
            aria-haspopup="dialog"
            onPointerEnter={loadQuickView}
            onFocus={() => {
              void loadQuickView();
              if (quickView === 'returning') setQuickView('closed');
            }}
            onClick={() => setQuickView('open')}
          >
            <Eye aria-hidden="true" />
          </button>
          {quickView === 'open' && (
            <Suspense fallback={null}>
              <QuickViewDialog
                product={product}
                returnFocusTo={quickViewButton}
                onClose={() => setQuickView('returning')}
              />
            </Suspense>
          )}
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        {product.category && (
          <p className="truncate text-[11px] font-medium tracking-wider text-stone-500 uppercase">
            {product.category}
          </p>
        )}
        <h3
          id={titleId}
          className="line-clamp-2 text-sm leading-snug font-semibold text-stone-900 sm:text-base"
        >
          <Link to={href} className="hover:text-brand-700 focus-visible:rounded-sm">
            {product.name}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-stone-600">
          <span className="flex text-zari-500" aria-hidden="true">
            {[0, 1, 2, 3, 4].slice(rating ? 4 : 0).map((index) => (
              <Star key={index} className="size-3.5 fill-current" />
            ))}
          </span>
          <span className="whitespace-nowrap">
            {rating ? `${rating.average} (${rating.count})` : 'Premium Quality'}
          </span>
        </div>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
          <span className="text-base font-bold text-brand-800 sm:text-lg">
            {formatRupees(product.price)}
            {product.unit === 'm' && (
              <span className="text-xs font-medium text-stone-600 sm:text-sm">
                {perUnitSuffix(product.unit)}
              </span>
            )}
          </span>
          {onSale && product.originalPrice !== null && (
            <del className="text-xs text-stone-500 sm:text-sm">
              <span className="sr-only">Original price </span>
              {formatRupees(product.originalPrice)}
            </del>
          )}
        </p>
        <button
          type="button"
          onClick={addToCart}
          className={cn(buttonVariants({ size: 'sm' }), 'mt-2 w-full')}
        >
          <ShoppingBag aria-hidden="true" />
          Add to Cart
        </button>
      </div>
    </article>
  );
}
