import { describe, expect, it } from 'vitest';
import {
  fixtureCatalogWithVariants,
  type FixtureCatalog,
  type FixtureProduct,
} from '../../test/catalog-fixture';
import { parseCatalogFile } from './import-schema';
import { productRecord } from '../catalog/product-record';

/** Index of the fixture's variant kurta and of its fabric sold by the metre in fixtureCatalogWithVariants(). */
const KURTA = 24;
const FABRIC = 25;

/** The problems of the variant fixture after `change`, or [] when it parses. */
function problemsAfter(
  change: (file: FixtureCatalog, kurta: FixtureProduct, fabric: FixtureProduct) => void,
) {
  const file = fixtureCatalogWithVariants();
  change(file, file.products[KURTA]!, file.products[FABRIC]!);
  const parsed = parseCatalogFile(file);
  return parsed.ok ? [] : parsed.problems;
}

/** The stored form of a product of the variant fixture after `change`. */
function recordAfter(index: number, change: (product: FixtureProduct) => void = () => undefined) {
  const file = fixtureCatalogWithVariants();
  change(file.products[index]!);
  const parsed = parseCatalogFile(file);
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return productRecord(parsed.file.products[index]!, index);
}

describe('variants in the catalogue file', () => {
  it('accepts the fixture and stores variant prices in paise, stock per variant and none on the product', () => {
    expect(problemsAfter(() => undefined)).toEqual([]);
    const kurta = recordAfter(KURTA);
    expect(kurta.stock).toBeNull();
    expect(kurta).toMatchObject({ unit: 'piece', minQuantity: 1, quantityStep: 1 });
    expect(kurta.variants).toEqual([
      {
        sku: 'MEN-RSK-001-S-MAR',
        size: 'S',
        color: 'Maroon',
        stock: 5,
        regularPricePaise: null,
        discountedPricePaise: null,
        imgUrl: null,
      },
      expect.objectContaining({ sku: 'MEN-RSK-001-M-MAR', stock: 12 }),
      expect.objectContaining({ sku: 'MEN-RSK-001-XL-MAR', stock: 0 }),
      {
        sku: 'MEN-RSK-001-L-GRN',
        size: 'L',
        color: 'Bottle Green',
        stock: 2,
        regularPricePaise: 429900,
        discountedPricePaise: 389900,
        imgUrl: '/media/demo/men-rsk-001-green.svg',
      },
      expect.objectContaining({ sku: 'MEN-RSK-001-M-GRN', stock: null, discountedPricePaise: 349900 }),
    ]);
  });

  it('derives size and colour attributes from the variants, in order of first appearance, when absent', () => {
    const derived = recordAfter(KURTA, (kurta) => {
      kurta.attributes = [{ key: 'fabric', value: ['Raw silk'], metricUnit: null }];
      kurta.variants!.unshift({ sku: 'MEN-RSK-001-XXL-GRN', size: 'XXL', color: 'Bottle Green' });
    });
    expect(derived.attributes).toEqual([
      { key: 'size', values: ['XXL', 'S', 'M', 'XL', 'L'], metricUnit: null },
      { key: 'color', values: ['Bottle Green', 'Maroon'], metricUnit: null },
      { key: 'fabric', values: ['Raw silk'], metricUnit: null },
    ]);

    // Given attributes are kept as they are (any key spelling); only the missing option is derived.
    const colourOnly = recordAfter(KURTA, (kurta) => {
      kurta.attributes = [{ key: 'Sizes', value: ['XL', 'L', 'M', 'S'], metricUnit: null }];
    });
    expect(colourOnly.attributes.map((attribute) => [attribute.key, attribute.values])).toEqual([
      ['color', ['Maroon', 'Bottle Green']],
      ['Sizes', ['XL', 'L', 'M', 'S']],
    ]);

    // Variants with colours only derive no size.
    const coloursOnly = recordAfter(KURTA, (kurta) => {
      kurta.attributes = [];
      kurta.variants = [
        { sku: 'C-1', color: 'Red' },
        { sku: 'C-2', color: 'Blue' },
      ];
    });
    expect(coloursOnly.attributes).toEqual([{ key: 'color', values: ['Red', 'Blue'], metricUnit: null }]);
  });

  it('reads blank size and colour as absent and trims them', () => {
    const record = recordAfter(KURTA, (kurta) => {
      kurta.attributes = [];
      kurta.variants = [
        { sku: 'T-1', size: ' M ', color: '' },
        { sku: 'T-2', size: 'L', color: '   ' },
      ];
    });
    expect(record.variants.map((variant) => [variant.size, variant.color])).toEqual([
      ['M', null],
      ['L', null],
    ]);
  });

  it("refuses a size or colour the product's attributes do not list, naming the place", () => {
    expect(
      problemsAfter((_, kurta) => {
        kurta.variants![2]!.size = 'XXL';
        kurta.variants![3]!.color = 'Teal';
      }),
    ).toEqual([
      `products[${KURTA}].variants[2].size: "XXL" is not one of the product's sizes`,
      `products[${KURTA}].variants[3].color: "Teal" is not one of the product's colours`,
    ]);
    // Values must match exactly: "maroon" is not "Maroon".
    expect(problemsAfter((_, kurta) => (kurta.variants![0]!.color = 'maroon'))).toEqual([
      `products[${KURTA}].variants[0].color: "maroon" is not one of the product's colours`,
    ]);
  });

  it('refuses an option given on some variants only', () => {
    expect(
      problemsAfter((_, kurta) => {
        delete kurta.variants![1]!.size;
        kurta.variants![4]!.color = '';
      }),
    ).toEqual([
      `products[${KURTA}].variants[1].size: is missing; give every variant of this product a size, or none`,
      `products[${KURTA}].variants[4].color: is missing; give every variant of this product a colour, or none`,
    ]);
  });

  it('refuses a size and colour combination given twice (case-insensitively)', () => {
    expect(
      problemsAfter((_, kurta) => {
        kurta.attributes = [];
        kurta.variants![4] = { sku: 'MEN-RSK-001-M-MAR-2', size: 'm', color: 'MAROON' };
      }),
    ).toEqual([`products[${KURTA}].variants[4]: repeats the size and colour of variants[1] (m / MAROON)`]);
    expect(
      problemsAfter((_, kurta) => {
        kurta.attributes = [];
        kurta.variants = [{ sku: 'N-1' }, { sku: 'N-2' }];
      }),
    ).toEqual([
      `products[${KURTA}].variants[1]: repeats the size and colour of variants[0] (no size or colour)`,
    ]);
  });

  it('refuses stock on a product with variants: stock is kept per variant', () => {
    expect(problemsAfter((_, kurta) => (kurta.stock = 10))).toEqual([
      `products[${KURTA}].stock: must not be given for a product with variants; stock is kept per variant`,
    ]);
    expect(problemsAfter((_, kurta) => (kurta.stock = null))).toEqual([]);
  });

  it('refuses variant SKUs repeated anywhere in the file, product or variant, case-insensitively', () => {
    expect(
      problemsAfter((file, kurta, fabric) => {
        kurta.variants![1]!.sku = 'men-rsk-001-s-mar';
        kurta.variants![2]!.sku = 'MEN-KUR-002';
        fabric.sku = 'MEN-RSK-001-L-GRN';
        fabric.stock = null;
        fabric.variants = [{ sku: 'mEn-KuR-001' }];
        file.products[0]!.sku = 'MEN-KUR-001';
      }),
    ).toEqual([
      `products[${KURTA}].variants[1].sku: duplicates the sku of products[${KURTA}].variants[0]`,
      `products[${KURTA}].variants[2].sku: duplicates the sku of products[1]`,
      `products[${FABRIC}].sku: duplicates the sku of products[${KURTA}].variants[3]`,
      `products[${FABRIC}].variants[0].sku: duplicates the sku of products[0]`,
    ]);
  });

  it('reports duplicate variant SKUs even when the product has other problems', () => {
    expect(
      problemsAfter((_, kurta) => {
        kurta.title = '';
        kurta.variants![1]!.sku = 'MEN-RSK-001-S-MAR';
      }),
    ).toEqual([
      `products[${KURTA}].title: must not be empty`,
      `products[${KURTA}].variants[1].sku: duplicates the sku of products[${KURTA}].variants[0]`,
    ]);
  });

  it('checks variant prices against their own regular price, else the product’s', () => {
    expect(
      problemsAfter((_, kurta) => {
        kurta.variants![0]!.discountedPrice = 3999;
        kurta.variants![3]!.discountedPrice = 4299;
        kurta.variants![1]!.regularPrice = 0;
        kurta.variants![2]!.regularPrice = 12.345;
        kurta.variants![4]!.discountedPrice = -1;
      }),
    ).toEqual([
      `products[${KURTA}].variants[1].regularPrice: must be above 0`,
      `products[${KURTA}].variants[2].regularPrice: must have at most 2 decimals`,
      `products[${KURTA}].variants[4].discountedPrice: must not be negative`,
      `products[${KURTA}].variants[0].discountedPrice: Sale price must be below the product's regular price`,
      `products[${KURTA}].variants[3].discountedPrice: Sale price must be below the regular price`,
    ]);
    // A variant may cost more than the product.
    expect(problemsAfter((_, kurta) => (kurta.variants![0]!.discountedPrice = null))).toEqual([]);
  });

  it('refuses bad variant fields: SKU, stock, image, and more than 500 variants', () => {
    expect(
      problemsAfter((_, kurta, fabric) => {
        kurta.variants![0]!.sku = 'has space';
        kurta.variants![1]!.stock = -1;
        kurta.variants![2]!.stock = 1.5;
        kurta.variants![3]!.imgUrl = 'javascript:alert(1)';
        fabric.variants = Array.from({ length: 501 }, (_, i) => ({
          sku: `FAB-V-${i}`,
          color: `Colour ${i}`,
        }));
      }),
    ).toEqual([
      `products[${KURTA}].variants[0].sku: must be letters, digits, dot, dash or underscore`,
      `products[${KURTA}].variants[1].stock: must not be negative`,
      `products[${KURTA}].variants[3].imgUrl: must be a path starting with / or an http(s) URL`,
      `products[${KURTA}].variants[2].stock: must be a whole number`,
      `products[${FABRIC}].variants: must hold at most 500 variants`,
    ]);
  });
});

describe('units of measure in the catalogue file', () => {
  it('defaults to pieces from 1 in steps of 1, and metres from 1 m in steps of 0.5 m', () => {
    expect(recordAfter(0)).toMatchObject({ unit: 'piece', minQuantity: 1, quantityStep: 1 });
    expect(recordAfter(FABRIC)).toMatchObject({ unit: 'm', minQuantity: 1, quantityStep: 0.5, stock: 25.5 });
    const defaults = recordAfter(FABRIC, (fabric) => {
      delete fabric.minQuantity;
      delete fabric.quantityStep;
      fabric.stock = 12.345;
    });
    expect(defaults).toMatchObject({ unit: 'm', minQuantity: 1, quantityStep: 0.5, stock: 12.345 });
    const custom = recordAfter(FABRIC, (fabric) => {
      fabric.minQuantity = 2.5;
      fabric.quantityStep = 0.25;
    });
    expect(custom).toMatchObject({ minQuantity: 2.5, quantityStep: 0.25 });
    const blank = recordAfter(0, (product) => {
      (product as { unit?: unknown }).unit = '';
      product.minQuantity = 1;
    });
    expect(blank).toMatchObject({ unit: 'piece', minQuantity: 1 });
  });

  it('refuses an unknown unit, and a selling rule other than 1/1 for pieces', () => {
    expect(
      problemsAfter((file) => {
        (file.products[0] as { unit?: unknown }).unit = 'yard';
        file.products[1]!.minQuantity = 2;
        file.products[2]!.quantityStep = 0.5;
      }),
    ).toEqual([
      'products[0].unit: must be piece or m',
      'products[1].minQuantity: must be 1 for a product sold by the piece',
      'products[2].quantityStep: must be 1 for a product sold by the piece',
    ]);
  });

  it('refuses a metre rule that is not above 0, has more than 3 decimals or passes 100 m', () => {
    expect(
      problemsAfter((_, kurta, fabric) => {
        fabric.minQuantity = 0;
        fabric.quantityStep = 0.0005;
        fabric.stock = 2.0005;
        kurta.unit = 'm';
        kurta.minQuantity = 150;
        kurta.quantityStep = -1;
        kurta.variants![0]!.stock = 1.2345;
        kurta.variants![1]!.stock = 1.5;
      }),
    ).toEqual([
      `products[${KURTA}].minQuantity: must be at most 100 m`,
      `products[${KURTA}].quantityStep: must be above 0`,
      `products[${KURTA}].variants[0].stock: must have at most 3 decimals`,
      `products[${FABRIC}].minQuantity: must be above 0`,
      `products[${FABRIC}].quantityStep: must have at most 3 decimals`,
      `products[${FABRIC}].stock: must have at most 3 decimals`,
    ]);
    expect(
      problemsAfter((_, __, fabric) => {
        (fabric as { minQuantity?: unknown }).minQuantity = 'one';
      }),
    ).toEqual([`products[${FABRIC}].minQuantity: must be a number`]);
  });
});
