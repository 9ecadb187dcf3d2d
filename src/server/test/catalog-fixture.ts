/**
 * A small catalogue for server tests: 15 Men (10 Kurtas, 5 Sherwanis), 3 Women, 4 Accessories with and
 * without gender, 2 Unstitched Fabrics. Rupee prices; two featured products. `fixtureCatalogWithVariants()`
 * adds a kurta sold in Size × Colour variants and a fabric sold by the metre.
 */
export type FixtureVariant = {
  sku: string;
  size?: string | null;
  color?: string | null;
  stock?: number | null;
  regularPrice?: number | null;
  discountedPrice?: number | null;
  imgUrl?: string | null;
};

export type FixtureProduct = {
  sku: string;
  title: string;
  description: string;
  imgUrl: string | null;
  category: string;
  parentCategory: string | null;
  regularPrice: number;
  discountedPrice: number | null;
  stock?: number | null;
  unit?: 'piece' | 'm';
  minQuantity?: number;
  quantityStep?: number;
  images: { url: string }[];
  attributes: { key: string; value: string[]; metricUnit: string | null }[];
  variants?: FixtureVariant[];
};

export type FixtureCatalog = {
  store: Record<string, unknown>;
  products: FixtureProduct[];
};

const product = (
  overrides: Partial<FixtureProduct> & Pick<FixtureProduct, 'sku' | 'title' | 'category'>,
): FixtureProduct => ({
  description: `${overrides.title}, hand finished.`,
  imgUrl: `/media/demo/${overrides.sku.toLowerCase()}.svg`,
  parentCategory: null,
  regularPrice: 1000,
  discountedPrice: null,
  images: [{ url: `/media/demo/${overrides.sku.toLowerCase()}.svg` }],
  attributes: [],
  ...overrides,
});

export function fixtureCatalog(): FixtureCatalog {
  const kurtas = Array.from({ length: 10 }, (_, i) =>
    product({
      sku: `MEN-KUR-${String(i + 1).padStart(3, '0')}`,
      title: `Cotton Kurta ${i + 1}`,
      category: 'Men',
      parentCategory: 'Kurtas',
      regularPrice: 1299 + i * 100,
      discountedPrice: i === 0 ? 999.5 : null,
      attributes: [
        { key: 'size', value: ['S', 'M', 'L'], metricUnit: null },
        { key: 'color', value: ['White'], metricUnit: null },
        ...(i < 2 ? [{ key: 'featured', value: ['true'], metricUnit: null }] : []),
      ],
    }),
  );
  const sherwanis = Array.from({ length: 5 }, (_, i) =>
    product({
      sku: `MEN-SHE-${String(i + 1).padStart(3, '0')}`,
      title: `Brocade Sherwani ${i + 1}`,
      category: 'Men',
      parentCategory: 'Sherwanis',
      regularPrice: 18000 + i * 1000,
    }),
  );
  return {
    store: {
      storeName: 'Test Silk House',
      companyName: 'Test Silk House Private Limited',
      companyAddress: '12 Vishwanath Gali, Varanasi, Uttar Pradesh 221001',
      companyEmail: 'care@testsilk.example',
      companyPhone: '+91 98765 43210',
      companyLogoUrl: '/media/demo/logo.svg',
      description: 'Handloom silk from Varanasi.',
      categories: ['Men', 'Women', 'Accessories', 'Unstitched Fabrics'],
      categoryImages: { Men: '/media/demo/category-men.svg', Women: '/media/demo/category-women.svg' },
      policies: { shipping: '<h2>Shipping</h2><p>{companyName} ships free.</p>' },
    },
    products: [
      ...kurtas,
      ...sherwanis,
      ...['Banarasi Saree', 'Chanderi Suit Set', 'Mulmul Dupatta'].map((title, i) =>
        product({
          sku: `WOM-${i + 1}`,
          title,
          category: 'Women',
          parentCategory: i === 0 ? 'Sarees' : i === 1 ? 'Suit Sets' : 'Dupattas',
          regularPrice: 12500 - i * 4000,
          discountedPrice: i === 0 ? 11999 : null,
          attributes: i === 0 ? [{ key: 'featured', value: ['true'], metricUnit: null }] : [],
        }),
      ),
      product({
        sku: 'ACC-JUT',
        title: 'Leather Jutti',
        category: 'Accessories',
        parentCategory: 'Footwear',
        attributes: [{ key: 'Gender', value: ['Men'], metricUnit: null }],
      }),
      product({
        sku: 'ACC-JHU',
        title: 'Kundan Jhumka',
        category: 'Accessories',
        parentCategory: 'Jewellery',
        attributes: [{ key: 'gender', value: ['Women'], metricUnit: null }],
      }),
      product({
        sku: 'ACC-STO',
        title: 'Pashmina Stole',
        category: 'Accessories',
        parentCategory: 'Stoles',
        attributes: [{ key: 'gender', value: ['Unisex'], metricUnit: null }],
      }),
      product({ sku: 'ACC-BAG', title: 'Zari Potli Bag', category: 'Accessories', parentCategory: 'Bags' }),
      product({
        sku: 'FAB-SLK',
        title: 'Katan Silk Fabric',
        category: 'Unstitched Fabrics',
        parentCategory: 'Silk Fabrics',
        regularPrice: 899,
        stock: 40,
      }),
      product({
        sku: 'FAB-COT',
        title: 'Mulmul Cotton Fabric',
        category: 'Unstitched Fabrics',
        parentCategory: 'Cotton Fabrics',
        regularPrice: 399,
      }),
    ],
  };
}

/** The fixture's kurta sold in variants and its fabric sold by the metre ({@link fixtureVariantProducts}). */
export const VARIANT_KURTA_SKU = 'MEN-RSK-001';
export const FABRIC_BY_METRE_SKU = 'FAB-MTR-001';

/**
 * Two products for variant and unit tests: `MEN-RSK-001` "Raw Silk Kurta" (₹3,999) in sizes S, M, L, XL ×
 * colours Maroon, Bottle Green with five variants — S/Maroon 5 left, M/Maroon 12, XL/Maroon sold out (0),
 * L/Bottle Green 2 left (low) at its own ₹4,299 discounted to ₹3,899, M/Bottle Green untracked with a
 * ₹3,499 discount on the product's price — and `FAB-MTR-001` "Indigo Block Print Cotton" sold by the metre
 * at ₹450 per metre with 25.5 m in stock, from 1 m in steps of 0.5 m.
 */
export function fixtureVariantProducts(): FixtureProduct[] {
  const kurtaImage = '/media/demo/men-rsk-001.svg';
  return [
    product({
      sku: VARIANT_KURTA_SKU,
      title: 'Raw Silk Kurta',
      category: 'Men',
      parentCategory: 'Kurtas',
      regularPrice: 3999,
      imgUrl: kurtaImage,
      images: [{ url: kurtaImage }],
      attributes: [
        { key: 'size', value: ['S', 'M', 'L', 'XL'], metricUnit: null },
        { key: 'color', value: ['Maroon', 'Bottle Green'], metricUnit: null },
        { key: 'fabric', value: ['Raw silk'], metricUnit: null },
      ],
      variants: [
        { sku: 'MEN-RSK-001-S-MAR', size: 'S', color: 'Maroon', stock: 5 },
        { sku: 'MEN-RSK-001-M-MAR', size: 'M', color: 'Maroon', stock: 12 },
        { sku: 'MEN-RSK-001-XL-MAR', size: 'XL', color: 'Maroon', stock: 0 },
        {
          sku: 'MEN-RSK-001-L-GRN',
          size: 'L',
          color: 'Bottle Green',
          stock: 2,
          regularPrice: 4299,
          discountedPrice: 3899,
          imgUrl: '/media/demo/men-rsk-001-green.svg',
        },
        { sku: 'MEN-RSK-001-M-GRN', size: 'M', color: 'Bottle Green', discountedPrice: 3499 },
      ],
    }),
    product({
      sku: FABRIC_BY_METRE_SKU,
      title: 'Indigo Block Print Cotton',
      category: 'Unstitched Fabrics',
      parentCategory: 'Cotton Fabrics',
      regularPrice: 450,
      unit: 'm',
      minQuantity: 1,
      quantityStep: 0.5,
      stock: 25.5,
      attributes: [{ key: 'width', value: ['44'], metricUnit: 'in' }],
    }),
  ];
}

/** {@link fixtureCatalog} followed by {@link fixtureVariantProducts} (26 products). */
export function fixtureCatalogWithVariants(): FixtureCatalog {
  const catalog = fixtureCatalog();
  catalog.products.push(...fixtureVariantProducts());
  return catalog;
}
