/**
 * The promotional price (docs/discounts.md "Automatic promotions", "Price", docs/decisions/028-promotion-prices.md): a
 * promotion takes its percent or fixed amount off the REGULAR price of each unit (the variant's regular price,
 * else the product's); the shopper pays the best of that and the price the catalogue sets (the sale price, else
 * the regular price) — never both discounts. When several promotions apply, the lowest price wins. Amounts in
 * integer **paise**. The same rule, in SQL, is in ./promotion-price-sql.ts (a test holds the two equal).
 */

/** A running promotion as pricing needs it. `value`: whole percent (`percent`) or paise off a unit (`fixed`). */
export type ActivePromotion = {
  id: number;
  name: string;
  kind: 'percent' | 'fixed';
  value: number;
  scope: 'all' | 'categories' | 'products';
  categoryIds: number[];
  /** Sub-categories (`products.parent_category`), lower-case. */
  subCategories: string[];
  productIds: string[];
  /** The instant it stops (exclusive). */
  endsAt: Date;
};

/** A promotional price is never below ₹1 (100 paise), nor above the regular price. */
export const MIN_PROMOTION_PRICE_PAISE = 100;

/**
 * What is priced: the product (its category and sub-category), its regular price and the catalogue's unit price,
 * paise.
 */
export type PricedUnit = {
  productId: string;
  categoryId: number;
  subCategory: string | null;
  regularPricePaise: number;
  /** The sale price when there is one, else the regular price. */
  unitPricePaise: number;
};

/** True when `promotion` covers `unit`'s product (by id, category or sub-category, case-insensitively). */
export function promotionCovers(
  promotion: ActivePromotion,
  unit: Pick<PricedUnit, 'productId' | 'categoryId' | 'subCategory'>,
): boolean {
  if (promotion.scope === 'all') return true;
  if (promotion.scope === 'categories') {
    return (
      promotion.categoryIds.includes(unit.categoryId) ||
      (unit.subCategory !== null && promotion.subCategories.includes(unit.subCategory.toLowerCase()))
    );
  }
  return promotion.productIds.includes(unit.productId.toLowerCase());
}

/**
 * The price of a unit of regular price `regularPricePaise` under `promotion`, paise: regular − round(regular ×
 * percent / 100) (halves up), or regular − the fixed amount; at least {@link MIN_PROMOTION_PRICE_PAISE} and at
 * most the regular price.
 */
export function promotionPricePaise(
  promotion: Pick<ActivePromotion, 'kind' | 'value'>,
  regularPricePaise: number,
): number {
  const off =
    promotion.kind === 'percent'
      ? Math.floor((regularPricePaise * promotion.value + 50) / 100)
      : promotion.value;
  return Math.min(regularPricePaise, Math.max(regularPricePaise - off, MIN_PROMOTION_PRICE_PAISE));
}

/**
 * The price a shopper pays for one unit, paise, and the promotion that set it (null when the catalogue's own
 * price is as low: a tie keeps the sale price).
 */
export function bestUnitPrice(
  promotions: readonly ActivePromotion[],
  unit: PricedUnit,
): { pricePaise: number; promotion: ActivePromotion | null } {
  let best: { pricePaise: number; promotion: ActivePromotion | null } = {
    pricePaise: unit.unitPricePaise,
    promotion: null,
  };
  for (const promotion of promotions) {
    if (!promotionCovers(promotion, unit)) continue;
    const price = promotionPricePaise(promotion, unit.regularPricePaise);
    if (price < best.pricePaise) best = { pricePaise: price, promotion };
  }
  return best;
}
