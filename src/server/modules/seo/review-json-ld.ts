/**
 * The schema.org `aggregateRating` and `review` of a product page (docs/seo.md, docs/reviews.md), only from
 * the product's real published reviews: none without them (no fixed rating is ever sent). Google's review
 * snippet rules: the rating's value and count, and each review's author, rating, date and text.
 */
import type { ProductDetail } from '@shared/catalog/product-schema';
import type { Review } from '@shared/reviews/review-schemas';
import type { Db } from '../../db/database';
import { listReviews } from '../reviews/review-list';
import { plainSummary } from './page-head';

/** Reviews put on the page's `Product` (the newest). */
export const JSON_LD_REVIEWS = 5;

/** The `aggregateRating` and `review` properties for `product` with `reviews` (nothing without a rating). */
export function reviewProperties(product: ProductDetail, reviews: readonly Review[]): object {
  if (!product.rating) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: product.rating.average.toFixed(1),
      reviewCount: product.rating.count,
      bestRating: '5',
      worstRating: '1',
    },
    review: reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      name: review.title,
      reviewBody: plainSummary(review.text, 500),
      reviewRating: {
        '@type': 'Rating',
        ratingValue: String(review.rating),
        bestRating: '5',
        worstRating: '1',
      },
    })),
  };
}

/** The newest published reviews of `product` for its page (none read when it has no rating). */
export async function pageReviews(db: Db, storeId: number, product: ProductDetail): Promise<Review[]> {
  if (!product.rating) return [];
  const page = await listReviews(db, storeId, product.id, { page: 1, sort: 'newest' });
  return page.data.slice(0, JSON_LD_REVIEWS);
}
