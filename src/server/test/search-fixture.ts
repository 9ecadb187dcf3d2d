/**
 * A small catalogue for search tests (rupee prices): women's kurtis, a suit, a saree and a dupatta in maroon
 * and other colours, with sold-out and untracked variants, products without variants, and one men's kurta — so
 * the path Women → size M → maroon → under ₹3,000 has a known answer at every step.
 */
import type { FixtureCatalog, FixtureProduct } from './catalog-fixture';

const product = (
  overrides: Partial<FixtureProduct> & Pick<FixtureProduct, 'sku' | 'title' | 'category'>,
): FixtureProduct => ({
  description: `${overrides.title}, hand finished in Jaipur.`,
  imgUrl: null,
  parentCategory: null,
  regularPrice: 1000,
  discountedPrice: null,
  images: [],
  attributes: [],
  ...overrides,
});

const attribute = (key: string, ...value: string[]) => ({ key, value, metricUnit: null });

export function searchFixtureCatalog(): FixtureCatalog {
  return {
    store: { storeName: 'Search Test House', categories: ['Women', 'Men'] },
    products: [
      product({
        sku: 'W-KRT-A',
        title: 'Maroon Cotton Kurti',
        category: 'Women',
        parentCategory: 'Kurtis',
        regularPrice: 2499,
        discountedPrice: 1999,
        attributes: [attribute('fabric', 'Cotton'), attribute('occasion', 'Daily Wear')],
        variants: [
          { sku: 'W-KRT-A-S-MAR', size: 'S', color: 'Maroon', stock: 5 },
          { sku: 'W-KRT-A-M-MAR', size: 'M', color: 'Maroon', stock: 0 },
          { sku: 'W-KRT-A-M-GRN', size: 'M', color: 'Green', stock: 3 },
        ],
      }),
      product({
        sku: 'W-KRT-B',
        title: 'Maroon Silk Kurti',
        category: 'Women',
        parentCategory: 'Kurtis',
        regularPrice: 2799,
        attributes: [attribute('fabric', 'Art Silk')],
        variants: [
          { sku: 'W-KRT-B-M-MAR', size: 'M', color: 'Maroon', stock: 2, discountedPrice: 2599 },
          { sku: 'W-KRT-B-L-MAR', size: 'L', color: 'Maroon', stock: 4 },
        ],
      }),
      product({
        sku: 'W-SUT-C',
        title: 'Maroon Chanderi Suit Set',
        category: 'Women',
        parentCategory: 'Suit Sets',
        regularPrice: 3499,
        attributes: [attribute('fabric', 'Chanderi Silk Cotton')],
        variants: [{ sku: 'W-SUT-C-M-MAR', size: 'M', color: 'Maroon', stock: 5 }],
      }),
      product({
        sku: 'W-KRT-D',
        title: 'Blue Linen Kurti',
        category: 'Women',
        parentCategory: 'Kurtis',
        regularPrice: 1499,
        attributes: [attribute('fabric', 'Pure Linen')],
        variants: [{ sku: 'W-KRT-D-M-BLU', size: 'M', color: 'Blue', stock: 10 }],
      }),
      product({
        sku: 'W-SAR-E',
        title: 'Maroon Banarasi Saree',
        category: 'Women',
        parentCategory: 'Sarees',
        regularPrice: 2999,
        stock: 2,
        attributes: [
          attribute('size', 'One Size'),
          attribute('color', 'Maroon'),
          attribute('fabric', 'Banarasi Silk'),
        ],
      }),
      product({
        sku: 'W-DUP-G',
        title: 'Maroon Bandhani Dupatta',
        category: 'Women',
        parentCategory: 'Dupattas',
        regularPrice: 999,
        attributes: [attribute('color', 'maroon'), attribute('fabric', 'Cotton')],
      }),
      product({
        sku: 'W-KRT-H',
        title: 'Maroon Georgette Kurti',
        category: 'Women',
        parentCategory: 'Kurtis',
        regularPrice: 2899,
        discountedPrice: 2199,
        attributes: [attribute('fabric', 'Georgette')],
        variants: [{ sku: 'W-KRT-H-M-MAR', size: 'M', color: 'MAROON', stock: null }],
      }),
      product({
        sku: 'W-SAR-J',
        title: 'Sold Out Maroon Saree',
        category: 'Women',
        parentCategory: 'Sarees',
        regularPrice: 1899,
        stock: 0,
        attributes: [attribute('size', 'One Size'), attribute('color', 'Maroon')],
      }),
      product({
        sku: 'M-KUR-F',
        title: 'Maroon Cotton Kurta',
        category: 'Men',
        parentCategory: 'Kurtas',
        regularPrice: 1999,
        attributes: [attribute('fabric', 'Cotton')],
        variants: [{ sku: 'M-KUR-F-M-MAR', size: 'M', color: 'Maroon', stock: 5 }],
      }),
    ],
  };
}
