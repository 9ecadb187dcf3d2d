/**
 * The product page's waiting and failure states (docs/product.md §2 "Product detail", §4, §8): the loading skeleton and
 * the 'Product Not Found' panel, with 'Failed to load product details' above it when the load failed.
 */
import { Link } from 'react-router';
import { PackageX } from 'lucide-react';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';

export const PRODUCT_NOT_FOUND_TITLE = 'Product Not Found';
export const PRODUCT_NOT_FOUND_TEXT =
  "We couldn't find the product you're looking for. It may have been removed or is temporarily unavailable.";
export const PRODUCT_LOAD_ERROR = 'Failed to load product details';

export function ProductDetailSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-8 md:grid-cols-2">
      <span className="sr-only">Loading product…</span>
      <Skeleton className="aspect-[4/5] w-full rounded-lg" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-7 w-28" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-20 w-full" />
        <div className="flex gap-2">
          <Skeleton className="h-10 w-12" />
          <Skeleton className="h-10 w-12" />
          <Skeleton className="h-10 w-12" />
        </div>
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  );
}

/** The not-found panel; `failed` adds the load-failure message (docs/product.md §8 "Product by id failure"). */
export function ProductNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      {failed && <Alert className="w-auto font-medium">{PRODUCT_LOAD_ERROR}</Alert>}
      <PackageX aria-hidden="true" className="size-14 text-stone-400" />
      <h1 className="font-serif text-2xl font-bold text-stone-900">{PRODUCT_NOT_FOUND_TITLE}</h1>
      <p className="text-stone-600">{PRODUCT_NOT_FOUND_TEXT}</p>
      <Button asChild>
        <Link to="/products">Browse Products</Link>
      </Button>
    </div>
  );
}
