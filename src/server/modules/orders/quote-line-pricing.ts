/**
 * The checkout quote's lines priced in this process from products kept in memory (./quote-cache.ts), by the
 * same rules as the statement of ../gst/tax-quote.ts `quotedLines` (a test holds the two equal): the variant of
 * the line (by id, else the most specific one matching its size and colour, then the first by position), the
 * best of a running promotion's price and the sale price (../promotions/promotion-price.ts), and the line
 * total round(unit price × quantity), halves away from zero as PostgreSQL's `round(numeric)`. Money in paise.
 * The order prices its lines again in its own transaction (./pricing.ts), whatever the quote showed.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import type { QuoteRow } from '../gst/tax-quote';
import { bestUnitPrice, type ActivePromotion } from '../promotions/promotion-price';

/** A variant as a quote prices it (paise). */
export type QuoteVariantFacts = {
  id: string;
  size: string | null;
  color: string | null;
  position: number;
  regularPricePaise: number | null;
  discountedPricePaise: number | null;
};

/** A product as a quote prices and taxes it (paise; `gstRate` a percent as stored, or null). */
export type QuoteProductFacts = {
  id: string;
  unit: string;
  hsn: string | null;
  gstRate: string | number | null;
  parentCategory: string | null;
  categoryId: number | null;
  categoryName: string | null;
  regularPricePaise: number;
  discountedPricePaise: number | null;
  /** In the order the statement would try them: position, then id. */
  variants: QuoteVariantFacts[];
};

/** A line of a quote's body, as sent (ids not yet checked). */
export type QuoteLineRequest = {
  productId: string;
  variantId?: string | undefined;
  size?: string | undefined;
  color?: string | undefined;
  quantity: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id in lower case when it can be a uuid, else null (such a line names nothing). */
export function uuidOrNull(value: string | undefined): string | null {
  return value !== undefined && UUID.test(value) ? value.toLowerCase() : null;
}

/**
 * The products of `productIds` (lower-case uuids) in `storeId` with their category and variants, in one
 * statement; ids of no product of the store are absent from the answer.
 */
export async function loadQuoteProducts(
  db: Db,
  storeId: number,
  productIds: readonly string[],
): Promise<Map<string, QuoteProductFacts>> {
  const rows = rowsOf<{ product: QuoteProductFacts | string }>(
    await db.execute(sql`
      SELECT json_build_object('id', p.id, 'unit', p.unit, 'hsn', p.hsn, 'gstRate', p.gst_rate,
        'parentCategory', p.parent_category, 'categoryId', p.category_id,
        'categoryName', (SELECT c.name FROM categories AS c WHERE c.id = p.category_id AND c.store_id = ${storeId}),
        'regularPricePaise', p.regular_price_paise, 'discountedPricePaise', p.discounted_price_paise,
        'variants', coalesce((
          SELECT json_agg(json_build_object('id', v.id, 'size', v.size, 'color', v.color, 'position', v.position,
            'regularPricePaise', v.regular_price_paise, 'discountedPricePaise', v.discounted_price_paise)
            ORDER BY v.position, v.id)
          FROM product_variants AS v WHERE v.product_id = p.id AND v.store_id = ${storeId}), '[]'::json)
      ) AS product
      FROM products AS p
      WHERE p.store_id = ${storeId} AND p.id = ANY(${sql.param(productIds)}::uuid[])`),
  );
  const found = new Map<string, QuoteProductFacts>();
  for (const row of rows) {
    const product = (
      typeof row.product === 'string' ? JSON.parse(row.product) : row.product
    ) as QuoteProductFacts;
    found.set(product.id.toLowerCase(), product);
  }
  return found;
}

/** `value` in lower case, or null (as SQL's `lower(NULL)`). */
const lower = (value: string | null | undefined) => (value == null ? null : value.toLowerCase());

/**
 * The variant a line names: the one of `variantId` (a checked uuid), else — when the line gives a size or a
 * colour — the most specific variant whose size and colour are unset or equal (any letter case), the first
 * by position among equals; null when none (the product's own prices then apply).
 */
function variantOf(
  product: QuoteProductFacts,
  variantId: string | null,
  size: string | null,
  color: string | null,
): QuoteVariantFacts | null {
  if (variantId !== null)
    return product.variants.find((variant) => variant.id.toLowerCase() === variantId) ?? null;
  if (size === null && color === null) return null;
  const wantedSize = lower(size);
  const wantedColor = lower(color);
  let best: QuoteVariantFacts | null = null;
  let bestSpecificity = -1;
  for (const variant of product.variants) {
    if (variant.size !== null && lower(variant.size) !== wantedSize) continue;
    if (variant.color !== null && lower(variant.color) !== wantedColor) continue;
    const specificity = (variant.size !== null ? 1 : 0) + (variant.color !== null ? 1 : 0);
    // Variants come by position, so the first of the most specific wins.
    if (specificity > bestSpecificity) {
      best = variant;
      bestSpecificity = specificity;
    }
  }
  return best;
}

/**
 * round(`unitPricePaise` × `quantity`), paise, halves away from zero, computed on the decimal the quantity is
 * sent as (as PostgreSQL computes `round(numeric)` on the numeric it reads from that text), so 1999 × 1.15
 * is 2298.85 → 2299 and never a binary fraction's neighbour.
 */
export function lineTotalPaise(unitPricePaise: number, quantity: number): number {
  if (Number.isInteger(quantity)) return unitPricePaise * quantity;
  const text = String(quantity);
  const [mantissa, exponentText] = text.split('e');
  const [whole, fraction = ''] = mantissa!.split('.');
  const scale = fraction.length - Number(exponentText ?? 0);
  const digits = BigInt(whole! + fraction);
  const product = BigInt(unitPricePaise) * digits;
  if (scale <= 0) return Number(product * 10n ** BigInt(-scale));
  const divisor = 10n ** BigInt(scale);
  const rounded = (product * 2n + divisor) / (divisor * 2n);
  return Number(rounded);
}

/**
 * The lines of a quote priced from `productOf` (the products of the store by lower-case id) with the
 * `promotions` running, in the body's order; lines whose product is not found are left out, and a line whose
 * variant is not found is priced at the product's prices — as `quotedLines` answers them.
 */
export function priceQuoteLines(
  lines: readonly QuoteLineRequest[],
  productOf: (productId: string) => QuoteProductFacts | null | undefined,
  promotions: readonly ActivePromotion[],
): QuoteRow[] {
  const rows: QuoteRow[] = [];
  lines.forEach((line, position) => {
    const productId = uuidOrNull(line.productId);
    const product = productId === null ? null : productOf(productId);
    if (!product) return;
    const variant = variantOf(product, uuidOrNull(line.variantId), line.size ?? null, line.color ?? null);
    const regularPricePaise = variant?.regularPricePaise ?? product.regularPricePaise;
    const cataloguePricePaise =
      variant?.discountedPricePaise ??
      variant?.regularPricePaise ??
      product.discountedPricePaise ??
      product.regularPricePaise;
    const unitPricePaise =
      promotions.length === 0
        ? cataloguePricePaise
        : bestUnitPrice(promotions, {
            productId: product.id,
            categoryId: product.categoryId as number,
            subCategory: product.parentCategory,
            regularPricePaise,
            unitPricePaise: cataloguePricePaise,
          }).pricePaise;
    rows.push({
      position,
      quantity: line.quantity,
      product_id: product.id,
      regular_price_paise: regularPricePaise,
      unit: product.unit,
      hsn: product.hsn,
      gst_rate: product.gstRate,
      parent_category: product.parentCategory,
      category_name: product.categoryName,
      unit_price_paise: unitPricePaise,
      line_total_paise: lineTotalPaise(unitPricePaise, line.quantity),
    });
  });
  return rows;
}
