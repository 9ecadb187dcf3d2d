/**
 * What the product card's 'Add to Cart' puts in the cart (docs/product.md §2 "Product card", §5 "Cart and product").
 */
import type { Product } from '@shared/catalog/product-mapping';
import type { CartItem } from '@client/lib/cart/cart-reducer';

/** The toast shown when a size must be chosen first (docs/product.md §5 "Cart and product"). */
export const SELECT_SIZE_TITLE = 'Please select a size';
export const SELECT_SIZE_DESCRIPTION = 'You must select a size before adding to cart';
/** The toast shown when the variants of a product differ by colour and none is chosen yet. */
export const SELECT_COLOUR_TITLE = 'Please select a colour';
export const SELECT_COLOUR_DESCRIPTION = 'You must select a colour before adding to cart';
/** The toast shown when fabric sold by the metre is added from a card: the length is chosen on its page. */
export const CHOOSE_LENGTH_TITLE = 'Please choose a length';
export const CHOOSE_LENGTH_DESCRIPTION = 'This fabric is sold by the metre: choose how many metres you need';

export type CardCartSelection =
  { kind: 'add'; item: CartItem } | { kind: 'choose-size' } | { kind: 'choose-length' };

/** The only option of a kind, or null when there are none or several (docs/product.md §2 "Product card"). */
export function onlyOption(options: readonly string[]): string | null {
  return options.length === 1 ? (options[0] ?? null) : null;
}

/**
 * The card adds quantity 1 with size and colour preselected only when the product has exactly one option of
 * that kind (docs/product.md §2 "Product card"). A product with several sizes cannot be added from the card: a size must
 * be chosen first (docs/product.md §5), so the answer is `choose-size` and the card sends the shopper to the product page.
 * Several colours are allowed (no colour rule in §5): the line is added without a colour. Fabric sold by the
 * metre is not added either (`choose-length`): its smallest length and its steps are chosen on its page.
 */
export function cardCartSelection(
  product: Pick<Product, 'id' | 'name' | 'image' | 'price' | 'sizes' | 'colors' | 'unit'>,
): CardCartSelection {
  if (product.unit === 'm') return { kind: 'choose-length' };
  if (product.sizes.length > 1) return { kind: 'choose-size' };
  return {
    kind: 'add',
    item: {
      id: product.id,
      name: product.name,
      image: product.image,
      price: product.price,
      quantity: 1,
      selectedSize: onlyOption(product.sizes),
      selectedColor: onlyOption(product.colors),
    },
  };
}
