/**
 * The products a search matches, read once and kept in memory (docs/decisions/012-search-in-postgresql.md).
 * The database finds and ranks them — full text with synonyms and corrections, and the storefront's filters but
 * category — in one statement; the sizes, colours, prices, fabrics and categories of the matches come along,
 * so every selection, sort, page and facet of the same text is worked out here without another search.
 * Shoppers narrow one text by several filters in a row, and the facets count every match.
 *
 * A product's offers are what can be bought now — one per available variant, or per size × colour of a product
 * without variants that is in stock — as the database's triggers keep them (`products.offer_entries`,
 * `Size‹US›Colour‹US›price`, drizzle/0010_product_offers.sql). Kept matches therefore read stock and are served
 * for at most the age of a stock-reading list answer.
 *
 * Prices are the ones shoppers pay at the load: with running promotions, each offer's and each card's price is the
 * best of the promotion price and the catalogue's (../promotions/promotion-price.ts), so sorting by price, the
 * price filter and the price facet follow the promotion. The cache is cleared when a promotion starts or ends.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ProductSort } from '@shared/catalog/catalog-limits';
import type { ProductFacets } from '@shared/catalog/product-schema';
import { rowsOf, type Db } from '../../db/database';
import { bestUnitPrice, type ActivePromotion } from '../promotions/promotion-price';

/** Separates the parts of one offer (U+001F, as the database writes them). */
const PART = '\u001f';
/** Separates the elements of a list in the load (U+001E; never in a catalogue value). */
const ELEMENT = '\u001e';

/**
 * The matching products in catalogue order (sort order, then age, then id): index `i` is the `i`-th of them.
 * Values spelt in several ways are kept as spelt, by index into a list of spellings (`''`: no size or colour).
 * Prices in paise; times in microseconds since 1970.
 */
export type MatchSet = {
  readonly size: number;
  readonly ids: string[];
  /** Relevance to the text (0 without one): higher first. */
  readonly score: Float64Array;
  readonly createdMicros: Float64Array;
  /** The price on the product card (the discounted price, else the regular one). */
  readonly listedPaise: Float64Array;
  readonly regularPaise: Float64Array;
  readonly category: Int32Array;
  readonly categories: string[];
  /** Product `i`'s fabrics are `fabric[fabricStart[i] … fabricStart[i + 1] - 1]`. */
  readonly fabricStart: Int32Array;
  readonly fabric: Int32Array;
  readonly fabrics: string[];
  /** Product `i`'s offers are `offerStart[i] … offerStart[i + 1] - 1` of the three offer arrays. */
  readonly offerStart: Int32Array;
  readonly offerSize: Int32Array;
  readonly offerColor: Int32Array;
  readonly offerPrice: Float64Array;
  readonly sizes: string[];
  readonly colors: string[];
  /**
   * The values spellings stand for: spelling `s` of a size is value `sizeKey[s]` of `sizeKeys` (lower case;
   * -1 for no size); the same for colours and fabrics.
   */
  readonly sizeKey: Int32Array;
  readonly sizeKeys: string[];
  readonly colorKey: Int32Array;
  readonly colorKeys: string[];
  readonly fabricKey: Int32Array;
  readonly fabricKeys: string[];
  /** Lowest and highest offer price; NaN when there is nothing to buy. */
  readonly low: Float64Array;
  readonly high: Float64Array;
  /** Product indexes by sort, made at first use. */
  readonly orders: Map<ProductSort | 'catalogue', Int32Array>;
  /**
   * Facets already counted on this set, by selection (search-cache-key.ts `facetCacheKey`): they depend on
   * neither the sort nor the page, and live as long as the set.
   */
  readonly facets: Map<string, ProductFacets>;
};

/** Facet answers kept per match set at most (the oldest is dropped). */
export const FACETS_PER_SET = 500;

/** Index of `value` in `list`, added when new. */
function indexer(list: string[]): (value: string) => number {
  const known = new Map<string, number>();
  return (value) => {
    let index = known.get(value);
    if (index === undefined) {
      index = list.length;
      list.push(value);
      known.set(value, index);
    }
    return index;
  };
}

type MatchRow = {
  id: string;
  category: string;
  created: number | string;
  regular: number | string;
  listed: number | string;
  fabrics: string;
  offers: string;
  low: number | string | null;
  high: number | string | null;
  score: number | string;
  /** With running promotions only: the product's category id and its variants' own regular prices. */
  category_id?: number;
  parent_category?: string | null;
  variant_regulars?: string;
};

/** An empty match set (a text with no word to search for). */
export function noMatches(): MatchSet {
  return matchSetOf([], []);
}

/** The lower-case values of `spellings` (`keys`) and which one each spelling is (`key`; -1 for ''). */
function valuesOf(spellings: string[]): { key: Int32Array; keys: string[] } {
  const keys: string[] = [];
  const index = indexer(keys);
  return {
    key: Int32Array.from(spellings, (spelling) => (spelling === '' ? -1 : index(spelling.toLowerCase()))),
    keys,
  };
}

/**
 * The price a shopper pays for an offer (or the card) of `row` selling at `pricePaise` in the catalogue, of size
 * `size` and colour `color` (a variant's own regular price, else the product's, is what a promotion takes off).
 */
function promotedPricer(
  row: MatchRow,
  promotions: readonly ActivePromotion[],
): (pricePaise: number, size: string | null, color: string | null) => number {
  if (promotions.length === 0) return (pricePaise) => pricePaise;
  const productRegular = Number(row.regular);
  const variantRegular = new Map<string, number>();
  if (row.variant_regulars) {
    for (const entry of row.variant_regulars.split(ELEMENT)) {
      const [size = '', color = '', regular = '0'] = entry.split(PART);
      variantRegular.set(`${size}${PART}${color}`, Number(regular));
    }
  }
  return (pricePaise, size, color) =>
    bestUnitPrice(promotions, {
      productId: row.id,
      categoryId: Number(row.category_id),
      subCategory: row.parent_category ?? null,
      regularPricePaise:
        size === null ? productRegular : (variantRegular.get(`${size}${PART}${color}`) ?? productRegular),
      unitPricePaise: pricePaise,
    }).pricePaise;
}

function matchSetOf(rows: MatchRow[], promotions: readonly ActivePromotion[]): MatchSet {
  const size = rows.length;
  const categories: string[] = [];
  const fabrics: string[] = [];
  const sizes: string[] = [];
  const colors: string[] = [];
  const [categoryIndex, fabricIndex, sizeIndex, colorIndex] = [categories, fabrics, sizes, colors].map(
    indexer,
  );
  const set = {
    size,
    ids: new Array<string>(size),
    score: new Float64Array(size),
    createdMicros: new Float64Array(size),
    listedPaise: new Float64Array(size),
    regularPaise: new Float64Array(size),
    category: new Int32Array(size),
    categories,
    fabricStart: new Int32Array(size + 1),
    fabrics,
    offerStart: new Int32Array(size + 1),
    sizes,
    colors,
    low: new Float64Array(size),
    high: new Float64Array(size),
    orders: new Map(),
    facets: new Map(),
  };
  const fabricList: number[] = [];
  const offerSizes: number[] = [];
  const offerColors: number[] = [];
  const offerPrices: number[] = [];
  rows.forEach((row, i) => {
    set.ids[i] = row.id;
    set.score[i] = Number(row.score);
    set.createdMicros[i] = Number(row.created);
    const price = promotedPricer(row, promotions);
    set.listedPaise[i] = price(Number(row.listed), null, null);
    set.regularPaise[i] = Number(row.regular);
    set.category[i] = categoryIndex!(row.category);
    set.low[i] = row.low === null ? Number.NaN : Number(row.low);
    set.high[i] = row.high === null ? Number.NaN : Number(row.high);
    set.fabricStart[i] = fabricList.length;
    if (row.fabrics !== '')
      for (const value of row.fabrics.split(ELEMENT)) fabricList.push(fabricIndex!(value));
    set.offerStart[i] = offerSizes.length;
    if (row.offers === '') return;
    for (const offer of row.offers.split(ELEMENT)) {
      const [offerSize = '', offerColor = '', offerPrice = '0'] = offer.split(PART);
      offerSizes.push(sizeIndex!(offerSize));
      offerColors.push(colorIndex!(offerColor));
      offerPrices.push(price(Number(offerPrice), offerSize, offerColor));
    }
    if (promotions.length > 0) {
      // The lowest and highest offer price after the promotion.
      const prices = offerPrices.slice(set.offerStart[i]);
      set.low[i] = Math.min(...prices);
      set.high[i] = Math.max(...prices);
    }
  });
  set.fabricStart[size] = fabricList.length;
  set.offerStart[size] = offerSizes.length;
  const [sizeValues, colorValues, fabricValues] = [sizes, colors, fabrics].map(valuesOf);
  return {
    ...set,
    sizeKey: sizeValues!.key,
    sizeKeys: sizeValues!.keys,
    colorKey: colorValues!.key,
    colorKeys: colorValues!.keys,
    fabricKey: fabricValues!.key,
    fabricKeys: fabricValues!.keys,
    fabric: Int32Array.from(fabricList),
    offerSize: Int32Array.from(offerSizes),
    offerColor: Int32Array.from(offerColors),
    offerPrice: Float64Array.from(offerPrices),
  };
}

/**
 * Reads the products matching `where` (a condition on `products` joined with `categories`, scoped to the store
 * by the caller) with their relevance `score` (a SQL expression; none: 0) in one statement, priced with
 * `promotions` (the ones running now; with none, the statement reads no more than the catalogue's prices).
 */
export async function loadMatchSet(
  db: Db,
  where: SQL,
  score: SQL | undefined,
  promotions: readonly ActivePromotion[] = [],
): Promise<MatchSet> {
  const promotionColumns =
    promotions.length === 0
      ? sql``
      : sql`, products.category_id, products.parent_category,
      (SELECT string_agg(coalesce(v.size, '') || chr(31) || coalesce(v.color, '') || chr(31) || v.regular_price_paise,
          chr(30)) FROM product_variants v
        WHERE v.store_id = products.store_id AND v.product_id = products.id AND v.regular_price_paise IS NOT NULL
      ) AS variant_regulars`;
  const result = await db.execute(sql`
    select products.id, categories.name as category,
      (extract(epoch from products.created_at) * 1000000)::float8 as created,
      products.regular_price_paise as regular,
      coalesce(products.discounted_price_paise, products.regular_price_paise) as listed,
      array_to_string(products.search_fabrics, chr(30)) as fabrics,
      array_to_string(products.offer_entries, chr(30)) as offers,
      products.offer_min_price_paise as low, products.offer_max_price_paise as high,
      (${score ?? sql`0`})::float8 as score${promotionColumns}
    from products join categories on categories.id = products.category_id
    where ${where}
    order by products.sort_order asc, products.created_at asc, products.id asc
  `);
  return matchSetOf(rowsOf<MatchRow>(result), promotions);
}
