/**
 * The shopper's choice of one product — size, colour and quantity — with what follows from it: the chosen
 * variant, the price shown (rupees), the main image, the low-stock note, whether nothing can be bought, and the
 * add to cart with the docs/product.md §5 rules. Shared by the product page, its sticky phone bar and the cards' Quick
 * View, so all three follow the same rules and show the same messages and toasts.
 */
import { useState } from 'react';
import { isOnSale } from '@shared/catalog/product-mapping';
import {
  SELECT_COLOUR_DESCRIPTION,
  SELECT_COLOUR_TITLE,
  SELECT_SIZE_DESCRIPTION,
  SELECT_SIZE_TITLE,
} from '@client/components/catalog/product-card-selection';
import { useCart } from '@client/lib/cart/cart-context';
import { toast } from '@client/lib/notify';
import {
  cartItemFor,
  chosenVariant,
  initialSelection,
  isSoldOut,
  missingChoice,
  productQuantityRule,
  shownImage,
  shownPrice,
  stockNote,
  type ProductDetailView,
  type Selection,
} from './product-variants';

/** What {@link useProductChoice} answers. */
export type ProductChoice = ReturnType<typeof useProductChoice>;

/**
 * The choice state of `product` (a single size or colour preselected; the quantity at the selling rule's
 * minimum: 1 piece, or the fabric's minimum in metres).
 */
export function useProductChoice(product: ProductDetailView) {
  const { addItem } = useCart();
  const rule = productQuantityRule(product);
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product));
  const [quantity, setQuantity] = useState(rule.minQuantity);
  const variant = chosenVariant(product, selection);
  const { price, originalPrice } = shownPrice(product, variant);
  const soldOut = isSoldOut(product) || (variant !== null && !variant.available);

  /**
   * Adds the current choice to the cart ('Added to cart' toast). With a size (docs/product.md §5) or, for variants, a
   * colour not chosen yet it adds nothing and shows 'Please select a size' / 'Please select a colour'.
   * @returns the missing choice, or null once added.
   */
  const addToCart = (): 'size' | 'colour' | null => {
    const missing = missingChoice(product, selection);
    if (missing === 'size') toast.error(SELECT_SIZE_TITLE, { description: SELECT_SIZE_DESCRIPTION });
    else if (missing === 'colour')
      toast.error(SELECT_COLOUR_TITLE, { description: SELECT_COLOUR_DESCRIPTION });
    else addItem(cartItemFor(product, selection, variant, quantity));
    return missing;
  };

  return {
    product,
    rule,
    selection,
    setSelection,
    quantity,
    setQuantity,
    variant,
    price,
    originalPrice,
    onSale: isOnSale({ price, originalPrice }),
    mainImage: shownImage(product, selection, variant),
    soldOut,
    note: soldOut ? null : stockNote(product, variant),
    addToCart,
  };
}
