/**
 * A catalogue file for GST tests: a Jaipur shop registered in Rajasthan (GSTIN `08AAGCR4375J1ZY`, check
 * character computed) selling a ₹2,800 kurta (18 %), a ₹1,299 kurta (5 %), cotton fabric at ₹450 a metre
 * (5 %), a ₹8,900 silk saree (5 % from its category's default), and a potli bag whose own rate is 18 %.
 * Prices in rupees, as in the file.
 */
export const GST_TEST_GSTIN = '08AAGCR4375J1ZY';

/** A buyer's address in Pune, Maharashtra: out of the shop's state, so its orders are taxed with IGST. */
export const PUNE_ADDRESS = {
  fullName: 'Meera Joshi',
  address: '12 FC Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  phone: '+91 94140 12345',
};

export function gstTestCatalog(overrides: Record<string, unknown> = {}) {
  const product = (fields: Record<string, unknown>) => ({ description: '', stock: 50, ...fields });
  return {
    store: {
      storeName: 'Jaipur Silk House',
      companyName: 'Jaipur Silk House',
      companyAddress: '14 Johari Bazar, Jaipur, Rajasthan 302003',
      companyEmail: 'care@jaipursilk.example',
      legalName: 'Jaipur Silk House Private Limited',
      legalAddress: '14 Johari Bazar, Jaipur, Rajasthan 302003',
      state: 'Rajasthan',
      gstin: GST_TEST_GSTIN,
      invoicePrefix: 'JS',
      categories: ['Men', 'Women', 'Fabrics', 'Accessories'],
      gstDefaults: { Kurtas: { hsn: '6211' }, Sarees: { hsn: '5007', gstRate: 5 } },
      ...overrides,
    },
    products: [
      product({
        sku: 'KUR-2800',
        title: 'Maroon Raw Silk Kurta',
        category: 'Men',
        parentCategory: 'Kurtas',
        regularPrice: 2800,
      }),
      product({
        sku: 'KUR-1299',
        title: 'Mulmul Cotton Kurta',
        category: 'Men',
        parentCategory: 'Kurtas',
        regularPrice: 1499,
        discountedPrice: 1299,
      }),
      product({
        sku: 'FAB-450',
        title: 'Sanganeri Cotton Fabric',
        category: 'Fabrics',
        regularPrice: 450,
        unit: 'm',
        hsn: '5208',
      }),
      product({
        sku: 'SAR-8900',
        title: 'Tussar Silk Saree',
        category: 'Women',
        parentCategory: 'Sarees',
        regularPrice: 8900,
      }),
      product({
        sku: 'BAG-599',
        title: 'Zari Potli Bag',
        category: 'Accessories',
        regularPrice: 599,
        hsn: '4202',
        gstRate: 18,
      }),
    ],
  };
}
