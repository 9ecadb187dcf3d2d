/**
 * The promotional price rule of ./promotion-price.ts as a SQL expression, for the statements that price in the
 * database (order placement, the tax quote). With no running promotion the expression is the catalogue's unit
 * price itself, so those statements are unchanged outside a sale.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MIN_PROMOTION_PRICE_PAISE, type ActivePromotion } from './promotion-price';

/**
 * The SQL parts of one priced unit: its product id, category id, sub-category (text, any case), regular price
 * and unit price (paise).
 */
export type PricedUnitSql = {
  productId: SQL;
  categoryId: SQL;
  subCategory: SQL;
  regularPricePaise: SQL;
  unitPricePaise: SQL;
};

/** A whole number the server holds, as a SQL literal. @throws {TypeError} for anything else. */
function integer(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${value}`);
  return sql.raw(String(value));
}

/**
 * `least(unit price, <promotion price of each covering promotion>)` in paise (an integer expression); PostgreSQL's
 * `least` skips the NULL of a promotion that does not cover the unit.
 */
export function promotionalUnitPriceSql(promotions: readonly ActivePromotion[], unit: PricedUnitSql): SQL {
  if (promotions.length === 0) return unit.unitPricePaise;
  const regular = unit.regularPricePaise;
  const prices = promotions.map((promotion) => {
    const off =
      promotion.kind === 'percent'
        ? sql`((${regular}) * ${integer(promotion.value)} + 50) / 100`
        : integer(promotion.value);
    const price = sql`least((${regular}), greatest((${regular}) - ${off}, ${integer(MIN_PROMOTION_PRICE_PAISE)}))`;
    const covers =
      promotion.scope === 'all'
        ? sql`true`
        : promotion.scope === 'categories'
          ? sql`((${unit.categoryId}) = ANY(${sql.param(promotion.categoryIds)}::integer[])
              OR lower(${unit.subCategory}) = ANY(${sql.param(promotion.subCategories)}::text[]))`
          : sql`(${unit.productId}) = ANY(${sql.param(promotion.productIds)}::uuid[])`;
    return sql`CASE WHEN ${covers} IS TRUE THEN ${price} END`;
  });
  return sql`least((${unit.unitPricePaise}), ${sql.join(prices, sql`, `)})::integer`;
}
