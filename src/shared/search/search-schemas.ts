/**
 * Search-box suggestions (`GET /api/v1/search/suggest?q=`): the contract shared by the server's route and the
 * storefront's search box.
 */
import { z } from 'zod';
import { UNITS_OF_MEASURE } from '../catalog/unit-of-measure';

/** Products a suggestion answer lists at most. */
export const SUGGESTED_PRODUCTS = 8;
/** Categories a suggestion answer lists at most. */
export const SUGGESTED_CATEGORIES = 3;

/** `q`: the text typed so far (1–100 characters after trimming); its last word also matches word starts. */
export const suggestQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value : value === undefined ? '' : value),
    z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  ),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

/**
 * Up to {@link SUGGESTED_PRODUCTS} products (best match first; `price` is what the shopper pays, in **rupees**,
 * per piece or per metre by `unit`) and up to {@link SUGGESTED_CATEGORIES} category / sub-category pairs holding
 * the most matches, with their number of matching products.
 */
export const suggestResponseSchema = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      imgUrl: z.string().nullable(),
      category: z.string(),
      price: z.number(),
      unit: z.enum(UNITS_OF_MEASURE),
    }),
  ),
  categories: z.array(
    z.object({ category: z.string(), parentCategory: z.string().nullable(), count: z.number().int() }),
  ),
});
export type SuggestResponse = z.infer<typeof suggestResponseSchema>;
