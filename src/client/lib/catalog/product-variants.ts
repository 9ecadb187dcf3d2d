/**
 * The product page's choice rules for products with variants (Size × Colour, each with its own SKU, price,
 * image and availability) and for products without them (sizes and colours read from the attributes, one
 * stock). Pure: unit-tested in product-variants.test.ts. Prices in **rupees**; quantities in the product's unit.
 *
 * Rules: the sizes and colours of a product with variants are those of its variants; sizes are listed in their
 * natural order (S, M, L, XL: src/shared/catalog/size-order.ts), colours in the catalogue's order.
 * For the chosen colour, a size whose variants are all sold out is 'sold-out' and a size that colour does not
 * come in is 'unavailable'; both cannot be chosen. A colour is 'sold-out' when every variant of it is. The
 * variant is chosen once every option it has is chosen; its price and image then replace the product's. A size
 * must always be chosen when there are sizes (docs/product.md §5); a colour must be chosen when variants differ by colour.
 * A single option is preselected (docs/product.md §2, §5: 'One Size').
 */
import { toProduct, type Product } from '@shared/catalog/product-mapping';
import type { ProductDetail, ProductImage, ProductVariant } from '@shared/catalog/product-schema';
import { sortSizes } from '@shared/catalog/size-order';
import { formatQuantity, PIECE_RULE, type QuantityRule } from '@shared/catalog/unit-of-measure';
import type { CartItem } from '@client/lib/cart/cart-reducer';
import { preselectedOption } from './size-heading';

/** Uploaded images by URL: their `srcset` (widths in pixels) and the pixel size of the widest file. */
export type ImageSources = Record<string, ProductImage>;

/** The product as the product page uses it: the screen product (docs/product.md §3) and how it is sold. */
export type ProductDetailView = Product &
  Pick<
    ProductDetail,
    'minQuantity' | 'quantityStep' | 'available' | 'lowStock' | 'stockLeft' | 'variants' | 'returnable'
  > & {
    /** The images uploaded in the admin by URL, with their `srcset` and pixel size (the gallery's `srcset`). */
    imageSources: ImageSources;
    /** The running promotion that sets the price ('Diwali sale'), for the sale badge; null without one. */
    promotionName: string | null;
  };

/** Maps the `GET /products/{id}` answer to the page's shape. */
export function toProductDetailView(detail: ProductDetail): ProductDetailView {
  return {
    ...toProduct(detail),
    minQuantity: detail.minQuantity,
    quantityStep: detail.quantityStep,
    available: detail.available,
    lowStock: detail.lowStock,
    stockLeft: detail.stockLeft,
    variants: detail.variants,
    returnable: detail.returnable,
    promotionName: detail.promotion?.name ?? null,
    imageSources: Object.fromEntries(
      detail.images.filter((image) => image.srcset).map((image) => [image.url, image]),
    ),
  };
}

/** The selling rule: pieces from 1 in steps of 1, or metres from the product's minimum in its steps. */
export function productQuantityRule(
  product: Pick<ProductDetailView, 'unit' | 'minQuantity' | 'quantityStep'>,
): QuantityRule {
  return product.unit === 'm'
    ? { unit: 'm', minQuantity: product.minQuantity, quantityStep: product.quantityStep }
    : PIECE_RULE;
}

/** The shopper's choice so far (null = not chosen). */
export type Selection = { size: string | null; color: string | null };

/** Whether an option can be chosen: 'sold-out' and 'unavailable' (no such variant) cannot. */
export type OptionStatus = 'available' | 'sold-out' | 'unavailable';
export type OptionChoice = { value: string; status: OptionStatus };

type VariantProduct = Pick<ProductDetailView, 'sizes' | 'colors' | 'variants'>;

const distinct = (values: (string | null)[]) => [
  ...new Set(values.filter((value): value is string => value !== null && value.trim() !== '')),
];

/**
 * The size and colour options: the variants' when there are variants, else the attributes'; the sizes in their
 * natural order, the colours in the catalogue's.
 */
export function productOptions(product: VariantProduct): { sizes: string[]; colors: string[] } {
  if (product.variants.length === 0) return { sizes: sortSizes(product.sizes), colors: product.colors };
  return {
    sizes: sortSizes(distinct(product.variants.map((variant) => variant.size))),
    colors: distinct(product.variants.map((variant) => variant.color)),
  };
}

const statusOf = (variants: ProductVariant[]): OptionStatus =>
  variants.length === 0
    ? 'unavailable'
    : variants.some((variant) => variant.available)
      ? 'available'
      : 'sold-out';

/**
 * The size buttons for the chosen colour (any colour while none is chosen). Without variants every size can be
 * chosen (the product's own availability decides the add button).
 */
export function sizeChoices(product: VariantProduct, color: string | null): OptionChoice[] {
  const { sizes, colors } = productOptions(product);
  if (product.variants.length === 0) return sizes.map((value) => ({ value, status: 'available' }));
  const byColour = color !== null && colors.length > 0;
  return sizes.map((value) => ({
    value,
    status: statusOf(
      product.variants.filter((variant) => variant.size === value && (!byColour || variant.color === color)),
    ),
  }));
}

/** The colour buttons: a colour is sold out when every variant of it is. */
export function colorChoices(product: VariantProduct): OptionChoice[] {
  const { colors } = productOptions(product);
  if (product.variants.length === 0) return colors.map((value) => ({ value, status: 'available' }));
  return colors.map((value) => ({
    value,
    status: statusOf(product.variants.filter((variant) => variant.color === value)),
  }));
}

/** The first selection: a single size or a single colour is preselected (docs/product.md §2, §5). */
export function initialSelection(product: VariantProduct): Selection {
  const { sizes, colors } = productOptions(product);
  return { size: preselectedOption(sizes), color: preselectedOption(colors) };
}

/** Choosing a colour keeps the chosen size only when that size can still be had in the new colour. */
export function selectColor(product: VariantProduct, selection: Selection, color: string): Selection {
  const size =
    selection.size !== null &&
    sizeChoices(product, color).some(
      (choice) => choice.value === selection.size && choice.status === 'available',
    )
      ? selection.size
      : null;
  return { size, color };
}

/** The variant of the selection, once every option its variants have is chosen; null otherwise. */
export function chosenVariant(product: VariantProduct, selection: Selection): ProductVariant | null {
  if (product.variants.length === 0) return null;
  const { sizes, colors } = productOptions(product);
  if ((sizes.length > 0 && selection.size === null) || (colors.length > 0 && selection.color === null)) {
    return null;
  }
  return (
    product.variants.find(
      (variant) =>
        (sizes.length === 0 || variant.size === selection.size) &&
        (colors.length === 0 || variant.color === selection.color),
    ) ?? null
  );
}

/** True when nothing of the product can be bought: it is unavailable, or every variant is sold out. */
export function isSoldOut(product: Pick<ProductDetailView, 'available' | 'variants'>): boolean {
  if (product.variants.length > 0) return product.variants.every((variant) => !variant.available);
  return !product.available;
}

/** The choice still missing before the product can be added: a size (docs/product.md §5), then a colour (variants). */
export function missingChoice(product: VariantProduct, selection: Selection): 'size' | 'colour' | null {
  const { sizes, colors } = productOptions(product);
  if (sizes.length > 0 && selection.size === null) return 'size';
  if (product.variants.length > 0 && colors.length > 0 && selection.color === null) return 'colour';
  return null;
}

/** The price shown: the chosen variant's (and its original price when discounted), else the product's. */
export function shownPrice(
  product: Pick<ProductDetailView, 'price' | 'originalPrice'>,
  variant: ProductVariant | null,
): { price: number; originalPrice: number | null } {
  if (!variant) return { price: product.price, originalPrice: product.originalPrice };
  return variant.discountedPrice !== null
    ? { price: variant.discountedPrice, originalPrice: variant.price }
    : { price: variant.price, originalPrice: null };
}

/**
 * The main image shown: the chosen variant's own image, else the first image of a variant in the chosen
 * colour, else the product's.
 */
export function shownImage(
  product: Pick<ProductDetailView, 'image' | 'variants'>,
  selection: Selection,
  variant: ProductVariant | null,
): string {
  if (variant?.imgUrl) return variant.imgUrl;
  if (selection.color !== null) {
    const ofColour = product.variants.find(
      (candidate) => candidate.color === selection.color && candidate.imgUrl,
    );
    if (ofColour?.imgUrl) return ofColour.imgUrl;
  }
  return product.image;
}

/** The texts of the stock note and of the add button when nothing can be bought. */
export const OUT_OF_STOCK = 'Out of stock';
export const FEW_LEFT = 'Only a few left';

/**
 * The low-stock note under the price: 'Only 2 left' ('Only 2.5 m left' for metres) when the chosen variant —
 * or a product without variants — is low and the server says how many are left, 'Only a few left' when it says
 * only that stock is low; null otherwise (also while no variant is chosen).
 */
export function stockNote(
  product: Pick<ProductDetailView, 'unit' | 'lowStock' | 'stockLeft' | 'variants'>,
  variant: ProductVariant | null,
): string | null {
  const low = variant
    ? variant.available && variant.lowStock
    : product.variants.length === 0 && product.lowStock;
  if (!low) return null;
  const left = variant ? variant.stockLeft : product.stockLeft;
  return left !== undefined && left > 0 ? `Only ${formatQuantity(left, product.unit)} left` : FEW_LEFT;
}

/**
 * The cart line for the current choice: the variant's id, price (discounted when it is) and image when there is
 * one, the chosen size and colour, and for fabric sold by the metre its unit, minimum and step.
 */
export function cartItemFor(
  product: ProductDetailView,
  selection: Selection,
  variant: ProductVariant | null,
  quantity: number,
): CartItem {
  const { price } = shownPrice(product, variant);
  const item: CartItem = {
    id: product.id,
    name: product.name,
    image: variant?.imgUrl || product.image,
    price,
    quantity,
    selectedSize: variant ? variant.size : selection.size,
    selectedColor: variant ? variant.color : selection.color,
  };
  if (variant) item.variantId = variant.id;
  if (product.unit === 'm') {
    item.unit = 'm';
    item.minQuantity = product.minQuantity;
    item.quantityStep = product.quantityStep;
  }
  return item;
}
