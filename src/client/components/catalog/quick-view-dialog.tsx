/**
 * Quick View of a product card (Radix Dialog: focus kept inside, Esc and the backdrop close it, the product's
 * title announced as the dialog's name): the image, title and price ('Inclusive of all taxes'), the size and
 * colour choice, quantity and 'Add to Cart' with the product page's rules, messages and toasts (sold-out
 * options disabled), and 'View full details'. Reads the product with its variants (`GET /products/{id}`,
 * the page's query); until it arrives the card's own image, title and price show. Lazy: loaded by the card.
 */
import type { ReactNode, RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ShoppingBag, X } from 'lucide-react';
import type { Product } from '@shared/catalog/product-mapping';
import { perUnitSuffix } from '@shared/catalog/unit-of-measure';
import { formatRupees } from '@shared/money';
import { productQueryOptions } from '@client/lib/catalog/product-detail-query';
import { OUT_OF_STOCK, type ProductDetailView } from '@client/lib/catalog/product-variants';
import { useProductChoice } from '@client/lib/catalog/use-product-choice';
import { cn } from '@client/lib/utils';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { buttonVariants } from '../ui/button-variants';
import { Skeleton } from '../ui/skeleton';
import { PRODUCT_FALLBACK_IMAGE } from './product-fallback-image';
import { ProductChoices } from './product-choices';

/** Shown when the product cannot be read (offline, server error, removed since the listing was read). */
export const QUICK_VIEW_FAILED = 'This product could not be loaded. Open its page to try again.';

type QuickViewDialogProps = {
  product: Product;
  /** Gets the focus back when the dialog closes (the card's 'Quick View' button, outside this chunk). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onClose(): void;
};

export function QuickViewDialog({ product, returnFocusTo, onClose }: QuickViewDialogProps) {
  const query = useQuery(productQueryOptions(product.id));
  const href = `/product/${encodeURIComponent(product.id)}`;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="dialog-below-toasts fixed left-1/2 z-50 flex w-[calc(100%-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto overscroll-contain rounded-lg bg-white shadow-xl focus:outline-none"
        >
          <Dialog.Close
            aria-label="Close quick view"
            className={cn(
              buttonVariants({ variant: 'ghost', size: 'icon' }),
              'absolute top-2 right-2 z-10 bg-white/90 [&_svg]:size-5',
            )}
          >
            <X aria-hidden="true" />
          </Dialog.Close>
          {query.data ? (
            <QuickViewDetails detail={query.data} href={href} onAdded={onClose} />
          ) : (
            <QuickViewLayout product={product} image={product.image} price={product.price}>
              {query.isPending ? (
                <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading options">
                  <Skeleton className="h-10 w-3/4" />
                  <Skeleton className="h-10 w-1/2" />
                  <Skeleton className="h-11 w-full" />
                </div>
              ) : (
                <Alert>{QUICK_VIEW_FAILED}</Alert>
              )}
              <DetailsLink href={href} />
            </QuickViewLayout>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DetailsLink({ href }: { href: string }) {
  return (
    <Link
      to={href}
      className="text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
    >
      View full details
    </Link>
  );
}

/** The image beside (phones: above) the title, price and `children`. */
function QuickViewLayout({
  product,
  image,
  price,
  originalPrice = null,
  children,
}: {
  product: Pick<Product, 'name' | 'unit'>;
  image: string;
  price: number;
  originalPrice?: number | null;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-4 p-4 sm:grid-cols-2 sm:gap-6 sm:p-6">
      <div className="mx-auto aspect-[4/5] w-2/3 overflow-hidden rounded-md bg-brand-50 sm:w-full">
        <img
          src={image || PRODUCT_FALLBACK_IMAGE}
          alt={product.name}
          width={600}
          height={750}
          className="size-full object-cover"
          onError={(event) => {
            event.currentTarget.src = PRODUCT_FALLBACK_IMAGE;
          }}
        />
      </div>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5 pr-8">
          <Dialog.Title className="font-serif text-xl leading-tight font-bold text-stone-900">
            {product.name}
          </Dialog.Title>
          <p className="flex flex-wrap items-baseline gap-x-3">
            <span className="text-xl font-bold text-brand-800" data-testid="quick-view-price">
              {formatRupees(price)}
              {product.unit === 'm' && (
                <span className="text-sm font-medium text-stone-600">{perUnitSuffix(product.unit)}</span>
              )}
            </span>
            {originalPrice !== null && (
              <>
                <del className="text-sm text-stone-500">
                  <span className="sr-only">Original price </span>
                  {formatRupees(originalPrice)}
                </del>
                <Badge variant="sale">Sale</Badge>
              </>
            )}
          </p>
          <p className="text-xs text-stone-600">Inclusive of all taxes</p>
        </div>
        {children}
      </div>
    </div>
  );
}

function QuickViewDetails({
  detail,
  href,
  onAdded,
}: {
  detail: ProductDetailView;
  href: string;
  onAdded(): void;
}) {
  const choice = useProductChoice(detail);
  return (
    <QuickViewLayout
      product={detail}
      image={choice.mainImage}
      price={choice.price}
      originalPrice={choice.onSale ? choice.originalPrice : null}
    >
      {choice.note && (
        <p role="status" className="text-sm font-semibold text-amber-700">
          {choice.note}
        </p>
      )}
      <ProductChoices choice={choice} />
      <Button
        size="lg"
        className="w-full"
        disabled={choice.soldOut}
        onClick={() => {
          if (choice.addToCart() === null) onAdded();
        }}
      >
        <ShoppingBag aria-hidden="true" />
        {choice.soldOut ? OUT_OF_STOCK : 'Add to Cart'}
      </Button>
      <DetailsLink href={href} />
    </QuickViewLayout>
  );
}
