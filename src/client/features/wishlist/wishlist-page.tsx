/**
 * The wishlist page, /wishlist: the saved products (the browser's list, or the account's while signed in;
 * lib/wishlist/wishlist-store.ts) as the store's product cards, most recently saved first, each with a
 * Remove button; an empty state with a link to the products. Products the store no longer sells are left out
 * (and dropped from a guest's list).
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Heart, X } from 'lucide-react';
import { ProductCard } from '@client/components/catalog/product-card';
import { ProductCardSkeleton } from '@client/components/catalog/product-card-skeleton';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { itemCountLabel } from '@client/lib/cart/cart-reducer';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useSession } from '@client/lib/session/session-context';
import { useDocumentTitle } from '@client/lib/use-document-title';
import {
  GUEST_WISHLIST_KEY,
  readWishlist,
  showsAccountWishlist,
  useWishlist,
  writeStoredWishlist,
} from '@client/lib/wishlist/wishlist-store';
import { toggleWishlist } from '@client/lib/wishlist/wishlist-toggle';
import { wishlistProductQueryOptions } from './wishlist-api';

/** The page's heading and title. */
export const WISHLIST_TITLE = 'My Wishlist';
/** The empty state's heading. */
export const WISHLIST_EMPTY = 'Your wishlist is empty';

export function WishlistPage() {
  const { brand } = useStoreInfo();
  useDocumentTitle(`${WISHLIST_TITLE} | ${brand}`);
  const ids = useWishlist();
  const { isAuthenticated } = useSession();
  // Signed in: merge anything saved as a guest and read the account's list afresh (another device may have
  // changed it).
  useEffect(() => {
    if (isAuthenticated)
      void import('@client/lib/wishlist/wishlist-account').then((wishlist) => wishlist.syncAccountWishlist());
  }, [isAuthenticated]);

  if (ids.length === 0) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
        <Heart aria-hidden="true" className="size-14 text-stone-400" />
        <h1 className="font-serif text-2xl font-bold text-stone-900">{WISHLIST_EMPTY}</h1>
        <p className="text-stone-600">Tap the heart on any product to save it here for later.</p>
        <Button asChild size="lg">
          <Link to="/products">Start Shopping</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10 lg:px-8">
      <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{WISHLIST_TITLE}</h1>
      <p className="mt-1 mb-6 text-sm text-stone-600">{itemCountLabel(ids.length)} saved</p>
      <ul aria-label="Saved products" className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {ids.map((id) => (
          <SavedProduct key={id} id={id} />
        ))}
      </ul>
    </div>
  );
}

/** One saved product: its card and a Remove button, a placeholder while it loads, nothing once it is gone. */
function SavedProduct({ id }: { id: string }) {
  const { data: product, isError } = useQuery(wishlistProductQueryOptions(id));

  // A guest's saved product the store no longer sells leaves the list (the account's list leaves it out itself).
  useEffect(() => {
    if (product !== null || showsAccountWishlist()) return;
    writeStoredWishlist(
      GUEST_WISHLIST_KEY,
      readWishlist().filter((saved) => saved !== id),
    );
  }, [product, id]);

  if (product === null) return null;
  return (
    <li className="flex flex-col gap-2">
      {product ? (
        <>
          <ProductCard product={product} />
          <Button
            variant="outline"
            size="sm"
            aria-label={`Remove ${product.name}`}
            onClick={() => toggleWishlist(product)}
          >
            <X aria-hidden="true" />
            Remove
          </Button>
        </>
      ) : isError ? (
        <Alert variant="neutral" className="rounded-lg p-4">
          This product could not be loaded.
        </Alert>
      ) : (
        <ProductCardSkeleton />
      )}
    </li>
  );
}
