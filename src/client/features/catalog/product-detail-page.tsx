/**
 * The product page, /product/{id} (docs/product.md §2 "Product detail", §4 "Product detail: loading, then loaded,
 * failed, or not found", §8 "Product by id failure"): 'Back', then the product's skeleton while it loads, the
 * product (./product-details.tsx) or 'not found'.
 */
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { productQueryOptions } from '@client/lib/catalog/product-detail-query';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PRODUCT_NOT_FOUND_TITLE, ProductDetailSkeleton, ProductNotFound } from './product-detail-states';
import { listingHref, ProductDetails } from './product-details';

/**
 * True when the browser's previous entry is a page of this shop: React Router numbers the entries it creates
 * (`history.state.idx`, 0 for the page the visit started on), so a product opened from a shared link has none.
 */
function hasEarlierPageOfOurs(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function ProductDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { brand } = useStoreInfo();
  const query = useQuery(productQueryOptions(id));
  const product = query.data;

  useDocumentTitle(
    product
      ? `${product.name} | ${brand}`
      : product === null || query.isError
        ? `${PRODUCT_NOT_FOUND_TITLE} | ${brand}`
        : null,
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-4 sm:px-6 md:py-8">
      <Button
        variant="ghost"
        size="sm"
        className="mb-4 -ml-2"
        // Back one step (docs/product.md §2); a visit that started here goes to the product's category listing instead
        // of leaving the shop.
        onClick={() => {
          if (hasEarlierPageOfOurs()) navigate(-1);
          else navigate(product?.category ? listingHref(product.category) : '/products');
        }}
      >
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      {query.isPending ? (
        <ProductDetailSkeleton />
      ) : query.isError ? (
        <ProductNotFound failed />
      ) : product ? (
        <ProductDetails key={product.id} product={product} />
      ) : (
        <ProductNotFound />
      )}
    </div>
  );
}
