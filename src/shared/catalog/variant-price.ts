/**
 * The price of a variant (docs/catalog-format.md "Variants"): a variant may carry its own price, else it sells
 * at the product's. A variant with its own `regularPrice` uses its own `discountedPrice` (or none), never the
 * product's discount; a variant with only a `discountedPrice` is that discount on the product's regular price;
 * a variant with neither takes the product's regular and discounted prices. The price a shopper pays is
 * therefore the first of: variant discounted, variant regular, product discounted, product regular — the same
 * as SQL `COALESCE(v.discounted_price_paise, v.regular_price_paise, p.discounted_price_paise,
 * p.regular_price_paise)`. Amounts in integer **paise** (null = not set).
 */

/** A regular price and an optional discounted price, in paise. */
export type PricePaise = { regularPricePaise: number; discountedPricePaise: number | null };

/** The variant's own prices in paise, each null when the catalogue file gave none. */
export type VariantOwnPricePaise = {
  regularPricePaise: number | null;
  discountedPricePaise: number | null;
};

/** The regular and discounted price (paise) a variant sells at, by the rule above. */
export function variantPricePaise(product: PricePaise, variant: VariantOwnPricePaise): PricePaise {
  if (variant.regularPricePaise !== null) {
    return {
      regularPricePaise: variant.regularPricePaise,
      discountedPricePaise: variant.discountedPricePaise,
    };
  }
  if (variant.discountedPricePaise !== null) {
    return {
      regularPricePaise: product.regularPricePaise,
      discountedPricePaise: variant.discountedPricePaise,
    };
  }
  return product;
}

/** The unit price (paise) a shopper pays for a variant: its discounted price if any, else its regular price. */
export function variantSellingPricePaise(product: PricePaise, variant: VariantOwnPricePaise): number {
  const price = variantPricePaise(product, variant);
  return price.discountedPricePaise ?? price.regularPricePaise;
}
