import { Skeleton } from '@client/components/ui/skeleton';

/** A placeholder shaped like {@link ProductCard} while products load (docs/product.md §2 "Home", "Products page"). */
export function ProductCardSkeleton() {
  return (
    <div
      data-testid="product-card-skeleton"
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white"
    >
      <Skeleton className="aspect-[4/5] w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3 sm:p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="mt-2 h-9 w-full" />
      </div>
    </div>
  );
}
