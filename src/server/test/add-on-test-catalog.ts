/**
 * A catalogue file for the add-on tests: the GST test shop (./gst-test-catalog.ts, registered in Rajasthan)
 * offering blouse stitching (₹1,200, 7 days, blouse measurements) and fall & pico (₹150, 2 days) on sarees,
 * salwar suit stitching on fabric, and a kurta that switches add-ons off. SAC 998822 at 5 % as the file says.
 */
import { gstTestCatalog } from './gst-test-catalog';

export const ADD_ON_TEST_ADD_ONS = [
  {
    code: 'blouse-stitching',
    title: 'Blouse stitching',
    price: 1200,
    leadDays: 7,
    measurementSet: 'blouse',
    categories: ['Sarees'],
    sac: '998822',
    gstRate: 5,
  },
  {
    code: 'fall-pico',
    title: 'Fall & pico',
    price: 150,
    leadDays: 2,
    measurementSet: 'none',
    categories: ['Sarees'],
    sac: '998822',
    gstRate: 5,
  },
  {
    code: 'salwar-suit-stitching',
    title: 'Salwar suit stitching',
    price: 1500,
    leadDays: 10,
    measurementSet: 'salwar-kameez',
    categories: ['Fabrics'],
    sac: '998822',
    gstRate: 5,
  },
];

/** Blouse measurements in inches, every field within its range. */
export const BLOUSE_INCHES = {
  bust: 34,
  underBust: 30,
  waist: 30,
  shoulder: 14,
  sleeveLength: 10,
  sleeveRound: 11,
  armhole: 16,
  blouseLength: 14.5,
  frontNeckDepth: 7,
  backNeckDepth: 8,
};

/** The GST test catalogue with the add-ons above; the kurta KUR-1299 offers none (`addOns: false`). */
export function addOnTestCatalog(): {
  store: Record<string, unknown>;
  products: Record<string, unknown>[];
} {
  const file = gstTestCatalog({ addOns: ADD_ON_TEST_ADD_ONS });
  return {
    store: file.store,
    products: file.products.map((product: Record<string, unknown>) =>
      product.sku === 'KUR-1299' ? { ...product, addOns: false } : product,
    ),
  };
}
