import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductVariant } from '@shared/catalog/product-schema';
import {
  cartItemFor,
  chosenVariant,
  colorChoices,
  FEW_LEFT,
  initialSelection,
  isSoldOut,
  missingChoice,
  OUT_OF_STOCK,
  productOptions,
  productQuantityRule,
  selectColor,
  shownImage,
  shownPrice,
  sizeChoices,
  stockNote,
  toProductDetailView,
  type ProductDetailView,
} from './product-variants';

const variant = (size: string | null, color: string | null, overrides: Partial<ProductVariant> = {}) => ({
  id: `v-${size}-${color}`,
  sku: `MEN-KUR-004-${size}-${color}`,
  size,
  color,
  price: 3999,
  discountedPrice: null,
  imgUrl: null,
  available: true,
  lowStock: false,
  ...overrides,
});

const detail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 'kurta-1',
  title: 'Maroon Raw Silk Kurta',
  description: 'Raw silk kurta with a mandarin collar.',
  imgUrl: '/media/demo/kurta-maroon.svg',
  category: 'Men',
  parentCategory: 'Kurtas',
  regularPrice: 3999,
  discountedPrice: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  images: [],
  attributes: [
    { id: 'a1', key: 'Size', value: ['S', 'M', 'L', 'XL'], metricUnit: null },
    { id: 'a2', key: 'Color', value: ['Maroon', 'Bottle Green'], metricUnit: null },
  ],
  unit: 'piece',
  minQuantity: 1,
  quantityStep: 1,
  available: true,
  lowStock: false,
  variants: [],
  ...overrides,
});

/** S, M, L, XL × Maroon, Bottle Green: XL / Maroon sold out, L / Bottle Green low, no S in Bottle Green. */
const kurta: ProductDetailView = toProductDetailView(
  detail({
    variants: [
      variant('S', 'Maroon'),
      variant('M', 'Maroon'),
      variant('L', 'Maroon'),
      variant('XL', 'Maroon', { available: false }),
      variant('M', 'Bottle Green', {
        imgUrl: '/media/demo/kurta-green.svg',
        price: 4299,
        discountedPrice: 3899,
      }),
      variant('L', 'Bottle Green', { lowStock: true }),
      variant('XL', 'Bottle Green'),
    ],
  }),
);

const fabric: ProductDetailView = toProductDetailView(
  detail({
    id: 'fabric-1',
    title: 'Indigo Sanganeri Block Print Cotton Fabric',
    regularPrice: 450,
    attributes: [{ id: 'a1', key: 'Color', value: ['Indigo'], metricUnit: null }],
    unit: 'm',
    minQuantity: 1,
    quantityStep: 0.5,
  }),
);

const statuses = (choices: { value: string; status: string }[]) =>
  Object.fromEntries(choices.map((choice) => [choice.value, choice.status]));

describe('productOptions', () => {
  it("takes the variants' sizes and colours: sizes smallest first, colours in the catalogue's order", () => {
    expect(productOptions(kurta)).toEqual({
      sizes: ['S', 'M', 'L', 'XL'],
      colors: ['Maroon', 'Bottle Green'],
    });
    const filedLargestFirst = toProductDetailView(
      detail({
        variants: [
          variant('XL', 'Rust'),
          variant('One Size', 'Rust'),
          variant('S', 'Teal'),
          variant('M', 'Rust'),
        ],
      }),
    );
    expect(productOptions(filedLargestFirst)).toEqual({
      sizes: ['S', 'M', 'XL', 'One Size'],
      colors: ['Rust', 'Teal'],
    });
    expect(sizeChoices(filedLargestFirst, null).map((choice) => choice.value)).toEqual([
      'S',
      'M',
      'XL',
      'One Size',
    ]);
  });

  it('takes the attributes when the product has no variants, sizes smallest first', () => {
    expect(productOptions(toProductDetailView(detail()))).toEqual({
      sizes: ['S', 'M', 'L', 'XL'],
      colors: ['Maroon', 'Bottle Green'],
    });
    const attributes = [{ id: 'a1', key: 'size', value: ['32', 'L', '28', 'S'], metricUnit: null }];
    expect(productOptions(toProductDetailView(detail({ attributes }))).sizes).toEqual(['S', 'L', '28', '32']);
  });

  it('leaves out sizes or colours the variants do not have', () => {
    const colourOnly = toProductDetailView(
      detail({ variants: [variant(null, 'Red'), variant(null, 'Blue'), variant(null, 'Red')] }),
    );
    expect(productOptions(colourOnly)).toEqual({ sizes: [], colors: ['Red', 'Blue'] });
  });
});

describe('sizeChoices (sold-out sizes of the chosen colour cannot be chosen)', () => {
  it('marks XL sold out in Maroon, and S not made in Bottle Green', () => {
    expect(statuses(sizeChoices(kurta, 'Maroon'))).toEqual({
      S: 'available',
      M: 'available',
      L: 'available',
      XL: 'sold-out',
    });
    expect(statuses(sizeChoices(kurta, 'Bottle Green'))).toEqual({
      S: 'unavailable',
      M: 'available',
      L: 'available',
      XL: 'available',
    });
  });

  it('while no colour is chosen, a size is sold out only when every colour of it is', () => {
    expect(statuses(sizeChoices(kurta, null))).toEqual({
      S: 'available',
      M: 'available',
      L: 'available',
      XL: 'available',
    });
    const allXlGone = toProductDetailView(
      detail({
        variants: [variant('M', 'Maroon'), variant('XL', 'Maroon', { available: false })],
      }),
    );
    expect(statuses(sizeChoices(allXlGone, null))).toEqual({ M: 'available', XL: 'sold-out' });
  });

  it('without variants every size can be chosen', () => {
    expect(sizeChoices(toProductDetailView(detail()), 'Maroon').every((c) => c.status === 'available')).toBe(
      true,
    );
  });
});

describe('colorChoices', () => {
  it('a colour is sold out when every variant of it is', () => {
    const product = toProductDetailView(
      detail({
        variants: [
          variant('M', 'Maroon', { available: false }),
          variant('L', 'Maroon', { available: false }),
          variant('M', 'Bottle Green'),
        ],
      }),
    );
    expect(statuses(colorChoices(product))).toEqual({ Maroon: 'sold-out', 'Bottle Green': 'available' });
    expect(statuses(colorChoices(kurta))).toEqual({ Maroon: 'available', 'Bottle Green': 'available' });
  });
});

describe('initialSelection (docs/product.md §2, §5: a single option is preselected)', () => {
  it("preselects a single 'One Size' and a single colour, nothing among several", () => {
    expect(initialSelection(kurta)).toEqual({ size: null, color: null });
    const oneSize = toProductDetailView(
      detail({ variants: [variant('One Size', 'Red'), variant('One Size', 'Blue')] }),
    );
    expect(initialSelection(oneSize)).toEqual({ size: 'One Size', color: null });
    expect(initialSelection(fabric)).toEqual({ size: null, color: 'Indigo' });
  });
});

describe('selectColor', () => {
  it('keeps the size when the new colour has it in stock, else clears it', () => {
    expect(selectColor(kurta, { size: 'M', color: null }, 'Maroon')).toEqual({ size: 'M', color: 'Maroon' });
    expect(selectColor(kurta, { size: 'XL', color: 'Bottle Green' }, 'Maroon')).toEqual({
      size: null,
      color: 'Maroon',
    });
    expect(selectColor(kurta, { size: 'S', color: 'Maroon' }, 'Bottle Green')).toEqual({
      size: null,
      color: 'Bottle Green',
    });
  });
});

describe('chosenVariant, missingChoice', () => {
  it('chooses the variant once size and colour are chosen', () => {
    expect(chosenVariant(kurta, { size: 'M', color: 'Maroon' })?.id).toBe('v-M-Maroon');
    expect(chosenVariant(kurta, { size: 'M', color: null })).toBeNull();
    expect(chosenVariant(kurta, { size: null, color: 'Maroon' })).toBeNull();
    expect(chosenVariant(kurta, { size: 'S', color: 'Bottle Green' })).toBeNull();
    expect(chosenVariant(toProductDetailView(detail()), { size: 'M', color: 'Maroon' })).toBeNull();
  });

  it('asks for the size first (docs/product.md §5), then the colour of a product with variants', () => {
    expect(missingChoice(kurta, { size: null, color: 'Maroon' })).toBe('size');
    expect(missingChoice(kurta, { size: 'M', color: null })).toBe('colour');
    expect(missingChoice(kurta, { size: 'M', color: 'Maroon' })).toBeNull();
  });

  it('a product without variants needs only a size; several colours may stay unchosen', () => {
    const plain = toProductDetailView(detail());
    expect(missingChoice(plain, { size: null, color: null })).toBe('size');
    expect(missingChoice(plain, { size: 'M', color: null })).toBeNull();
    expect(missingChoice(fabric, { size: null, color: null })).toBeNull();
  });
});

describe('isSoldOut', () => {
  it('is true when every variant is sold out, or a product without variants is unavailable', () => {
    expect(isSoldOut(kurta)).toBe(false);
    const gone = toProductDetailView(
      detail({ available: false, variants: [variant('M', 'Maroon', { available: false })] }),
    );
    expect(isSoldOut(gone)).toBe(true);
    expect(isSoldOut(toProductDetailView(detail({ available: false })))).toBe(true);
    expect(isSoldOut(fabric)).toBe(false);
    expect(OUT_OF_STOCK).toBe('Out of stock');
  });
});

describe('shownPrice and shownImage follow the chosen variant', () => {
  it("shows the variant's price, struck-through original when discounted, else the product's", () => {
    const green = chosenVariant(kurta, { size: 'M', color: 'Bottle Green' });
    expect(shownPrice(kurta, green)).toEqual({ price: 3899, originalPrice: 4299 });
    expect(shownPrice(kurta, chosenVariant(kurta, { size: 'M', color: 'Maroon' }))).toEqual({
      price: 3999,
      originalPrice: null,
    });
    expect(shownPrice({ price: 1999, originalPrice: 2499 }, null)).toEqual({
      price: 1999,
      originalPrice: 2499,
    });
  });

  it("shows the variant's image, else one of the chosen colour, else the product's", () => {
    const green = chosenVariant(kurta, { size: 'M', color: 'Bottle Green' });
    expect(shownImage(kurta, { size: 'M', color: 'Bottle Green' }, green)).toBe(
      '/media/demo/kurta-green.svg',
    );
    expect(shownImage(kurta, { size: null, color: 'Bottle Green' }, null)).toBe(
      '/media/demo/kurta-green.svg',
    );
    const maroon = chosenVariant(kurta, { size: 'M', color: 'Maroon' });
    expect(shownImage(kurta, { size: 'M', color: 'Maroon' }, maroon)).toBe('/media/demo/kurta-maroon.svg');
  });
});

describe('stockNote', () => {
  const low = chosenVariant(kurta, { size: 'L', color: 'Bottle Green' })!;

  it("says 'Only 2 left' for a low variant when the count is known, 'Only a few left' otherwise", () => {
    expect(stockNote(kurta, { ...low, stockLeft: 2 })).toBe('Only 2 left');
    expect(stockNote(kurta, low)).toBe(FEW_LEFT);
    expect(FEW_LEFT).toBe('Only a few left');
  });

  it('says nothing for a variant in stock or while none is chosen', () => {
    expect(stockNote(kurta, chosenVariant(kurta, { size: 'M', color: 'Maroon' }))).toBeNull();
    expect(stockNote(kurta, null)).toBeNull();
  });

  it('reads the product itself when it has no variants, in metres for fabric', () => {
    expect(stockNote({ ...fabric, lowStock: true, stockLeft: 2.5 }, null)).toBe('Only 2.5 m left');
    expect(stockNote({ ...fabric, lowStock: true }, null)).toBe(FEW_LEFT);
    expect(stockNote({ ...fabric, lowStock: false }, null)).toBeNull();
  });
});

describe('productQuantityRule and cartItemFor', () => {
  it('fabric is sold from its minimum in its steps; pieces from 1 in steps of 1', () => {
    expect(productQuantityRule(fabric)).toEqual({ unit: 'm', minQuantity: 1, quantityStep: 0.5 });
    expect(productQuantityRule({ unit: 'piece', minQuantity: 3, quantityStep: 2 })).toEqual({
      unit: 'piece',
      minQuantity: 1,
      quantityStep: 1,
    });
  });

  it("puts the variant's id, price, image, size and colour in the line", () => {
    const green = chosenVariant(kurta, { size: 'M', color: 'Bottle Green' });
    expect(cartItemFor(kurta, { size: 'M', color: 'Bottle Green' }, green, 2)).toEqual({
      id: 'kurta-1',
      name: 'Maroon Raw Silk Kurta',
      image: '/media/demo/kurta-green.svg',
      price: 3899,
      quantity: 2,
      selectedSize: 'M',
      selectedColor: 'Bottle Green',
      variantId: 'v-M-Bottle Green',
    });
  });

  it('a fabric line carries its unit, minimum and step; a plain line only the storefront fields', () => {
    expect(cartItemFor(fabric, { size: null, color: 'Indigo' }, null, 2.5)).toEqual({
      id: 'fabric-1',
      name: 'Indigo Sanganeri Block Print Cotton Fabric',
      image: '/media/demo/kurta-maroon.svg',
      price: 450,
      quantity: 2.5,
      selectedSize: null,
      selectedColor: 'Indigo',
      unit: 'm',
      minQuantity: 1,
      quantityStep: 0.5,
    });
    const plain = toProductDetailView(detail());
    expect(Object.keys(cartItemFor(plain, { size: 'M', color: null }, null, 1)).sort()).toEqual(
      ['id', 'image', 'name', 'price', 'quantity', 'selectedColor', 'selectedSize'].sort(),
    );
  });
});
