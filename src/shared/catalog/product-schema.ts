/**
 * The catalogue's API contract (docs/product.md §3, §7): the product shapes the server sends and the list query it reads,
 * shared by the server's routes (which declare them) and the storefront (which parses through them).
 */
import { z } from 'zod';
import { MAX_FACET_VALUES, MAX_PRICE_FILTER_RUPEES, PRODUCT_SORTS } from './catalog-limits';
import { PRODUCT_LIST_DEFAULT_LIMIT, PRODUCT_LIST_MAX_LIMIT } from './catalog-limits';
import { UNITS_OF_MEASURE } from './unit-of-measure';

/** One product attribute as the server returns it (docs/product.md §3): `value` is a list of strings. */
export const productAttributeSchema = z.object({
  id: z.string(),
  key: z.string(),
  value: z.array(z.string()),
  metricUnit: z.string().nullable(),
});

/**
 * One image of a product (docs/product.md §3: `{ url }`). Beyond the storefront's basic contract, for an image uploaded in the admin: `srcset`
 * (`/media/store/1/…-320.webp 320w, …-640.webp 640w, …`) and the pixel size of its widest file, `width` ×
 * `height`; absent for images named by URL in the catalogue file.
 */
export const productImageSchema = z.object({
  url: z.string(),
  srcset: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/**
 * A product as `GET /api/v1/products[/{id}]` returns it (docs/product.md §3 "Product (as returned by the server)").
 * Prices are in **rupees** (JSON numbers, at most 2 decimals); `discountedPrice` is `null` without a discount.
 * Beyond the storefront's basic contract: `unit` — `piece`, or `m` when sold by the metre (prices are then per metre).
 */
export const serverProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imgUrl: z.string().nullable(),
  category: z.string(),
  parentCategory: z.string().nullable(),
  regularPrice: z.number(),
  discountedPrice: z.number().nullable(),
  /**
   * The running promotion that set `discountedPrice` (docs/discounts.md "Automatic promotions"): its name and end (ISO);
   * absent when no promotion sets the price.
   */
  promotion: z.object({ name: z.string(), endsAt: z.string() }).nullable().optional(),
  createdAt: z.string(),
  images: z.array(productImageSchema),
  attributes: z.array(productAttributeSchema),
  unit: z.enum(UNITS_OF_MEASURE),
  /**
   * The published reviews (docs/reviews.md): their average rating (one decimal) and count; absent while the
   * product has none.
   */
  rating: z.object({ average: z.number(), count: z.number().int() }).optional(),
});

export type ServerProduct = z.infer<typeof serverProductSchema>;
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

/** Stock at or below this (pieces or metres) shows as low: 'Only 2 left'. */
export const LOW_STOCK_THRESHOLD = 3;

/**
 * One variant of a product: a Size × Colour combination with its own SKU. `price` / `discountedPrice` in
 * **rupees** are the variant's own or else the product's (src/shared/catalog/variant-price.ts); `imgUrl`
 * null = the product's image. Exact stock stays private above the low-stock threshold: `available`
 * (untracked, or at least the product's `minQuantity` on hand: 1 piece, or for fabric its smallest length) and
 * `lowStock` (tracked and at most {@link LOW_STOCK_THRESHOLD} on hand, still available) are what a shopper
 * sees, and only while it is low, `stockLeft`: how many are left (pieces or metres), for 'Only 2 left'.
 */
export const productVariantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  price: z.number(),
  discountedPrice: z.number().nullable(),
  imgUrl: z.string().nullable(),
  available: z.boolean(),
  lowStock: z.boolean(),
  stockLeft: z.number().optional(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/**
 * `GET /api/v1/products/{id}` answer: the storefront's product (docs/product.md §3) plus how it is sold — `minQuantity` and
 * `quantityStep` in the product's unit (pieces: 1 and 1) — its `variants` (empty for a product without
 * variants, which keeps one stock), and `available` / `lowStock` for the product: without variants from its own
 * stock; with variants `available` means some variant is available and `lowStock` is false (see each variant).
 * `stockLeft` (pieces or metres) only while `lowStock`, as on a variant. 404 `{ error }` otherwise.
 * Availability may lag a sale by at most 2 seconds.
 */
export const productDetailSchema = serverProductSchema.extend({
  minQuantity: z.number(),
  quantityStep: z.number(),
  available: z.boolean(),
  lowStock: z.boolean(),
  stockLeft: z.number().optional(),
  variants: z.array(productVariantSchema),
  /**
   * Whether the product may be returned or exchanged (docs/returns.md "Settings"): its own setting, else all
   * but fabric sold by the metre. This server always gives it; the page's return note reads it.
   */
  returnable: z.boolean().optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * `GET /api/v1/products/{id}` path parameters. Any text is accepted here; an id that is not a UUID is answered
 * 404 'Product not found' like an unknown one.
 */
export const productDetailParamsSchema = z.object({ id: z.string() });
export type ProductDetailParams = z.infer<typeof productDetailParamsSchema>;

/** One value of a facet with the number of products the list would hold with it chosen. */
export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/**
 * Facets of a list (`facets=1`): for size, colour, fabric and category the values found among the products
 * matching the current query, each counted with that facet's own selection left out (so a shopper can widen a
 * choice), sizes in their natural order (S, M, L, XL, 28, 30 …: size-order.ts), the others most products
 * first; `price` is the lowest and highest price a shopper pays among them, in **rupees** (null when none).
 */
export const productFacetsSchema = z.object({
  size: z.array(facetValueSchema),
  color: z.array(facetValueSchema),
  fabric: z.array(facetValueSchema),
  category: z.array(facetValueSchema),
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/**
 * `GET /api/v1/products` answer (docs/product.md §3 "Product list response"): `count` equals `pagination.total`. Beyond
 * the storefront's basic contract: `facets` when asked for (`facets=1`), and `suggestion` — a search term to offer as 'Did you mean …?'
 * — on a search that found nothing and has a likely correction.
 */
export const productListResponseSchema = z.object({
  data: z.array(serverProductSchema),
  count: z.number().int(),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
  facets: productFacetsSchema.optional(),
  suggestion: z.string().optional(),
});

export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** Query strings arrive as text; an empty value counts as absent (the client sends only non-empty filters). */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().max(100).optional(),
);

const integerText = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{1,6}$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional()
      .transform((n) => n ?? fallback),
  );

/**
 * A parameter that may be repeated (`size=M&size=L`, which the query-string parser delivers as an array) or
 * given once; blank values are dropped; at most {@link MAX_FACET_VALUES} values of up to 60 characters.
 */
const repeatedText = z.preprocess(
  (value) => {
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    const kept = list.filter((item) => !(typeof item === 'string' && item.trim() === ''));
    return kept.length === 0 ? undefined : kept;
  },
  z
    .array(z.string().trim().max(60, 'values must be at most 60 characters'))
    .max(MAX_FACET_VALUES, `must list at most ${MAX_FACET_VALUES} values`)
    .optional(),
);

/** A price in rupees: a number from 0 with at most 2 decimals. */
const priceText = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : value),
  z
    .string()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, 'must be a price in rupees of 0 or more')
    .transform(Number)
    .pipe(z.number().min(0).max(MAX_PRICE_FILTER_RUPEES, 'must be at most 10000000'))
    .optional(),
);

/**
 * `GET /api/v1/products` query (docs/product.md §7 "Product list filters"). `page` ≥ 1 (default 1), `limit` 1–100
 * (default 12); `category` and `parentCategory` match case-insensitively; `gender` is Men or Women (may be
 * repeated: any of them); `filter` is a comma list of genders where `null` stands for "no gender"; `featured`
 * is true/false. Search (beyond the storefront's basic contract): `q` free text; `size`, `color`, `fabric` one or more values each
 * (repeat the parameter; any of them, case-insensitive; size and colour match variants that can be bought now);
 * `minPrice` / `maxPrice` in **rupees** on the price the shopper pays; `sort` one of {@link PRODUCT_SORTS}
 * (default `relevance` with `q`, else catalogue order); `facets=1` adds `facets` to the answer.
 */
export const productListQuerySchema = z
  .object({
    page: integerText(1, 100_000, 1),
    limit: integerText(1, PRODUCT_LIST_MAX_LIMIT, PRODUCT_LIST_DEFAULT_LIMIT),
    category: optionalText,
    parentCategory: optionalText,
    gender: repeatedText,
    filter: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string()
        .max(500)
        .transform((text) =>
          text
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        )
        .optional(),
    ),
    featured: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .enum(['true', 'false'], { message: 'must be true or false' })
        .transform((text) => text === 'true')
        .optional(),
    ),
    q: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.string().trim().max(200, 'must be at most 200 characters').optional(),
    ),
    size: repeatedText,
    color: repeatedText,
    fabric: repeatedText,
    minPrice: priceText,
    maxPrice: priceText,
    sort: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(PRODUCT_SORTS, { message: `must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
    ),
    facets: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .enum(['1', '0', 'true', 'false'], { message: 'must be 1 or 0' })
        .transform((text) => text === '1' || text === 'true')
        .optional(),
    ),
  })
  .superRefine((query, context) => {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      context.addIssue({ code: 'custom', path: ['minPrice'], message: 'must not be above maxPrice' });
    }
    if (query.sort === 'relevance' && query.q === undefined) {
      context.addIssue({ code: 'custom', path: ['sort'], message: 'relevance needs a search text (q)' });
    }
  });

export type ProductListQuery = z.infer<typeof productListQuerySchema>;
/** What a caller may pass to build the query (all optional, as text or numbers). */
export type ProductListParams = {
  page?: number;
  limit?: number;
  category?: string;
  parentCategory?: string;
  gender?: string;
  filter?: string;
  featured?: boolean;
};

export { MAX_FACET_VALUES, MAX_PRICE_FILTER_RUPEES, PRODUCT_SORTS, type ProductSort } from './catalog-limits';
