// The generated catalogue of the search bench (bench/search.mjs): `count` products × 6 variants (3 sizes × 2
// colours, one variant in nine sold out), 4 categories, 15 fabrics, 20 colours, 10 crafts; the same every run.
// `node bench/search-catalogue.mjs 50000 file.json` writes one (for EXPLAIN work on a kept database).
import { writeFileSync } from 'node:fs';
import { BENCH_COLOURS as COLOURS } from './helpers.mjs';

export const FABRICS = [
  'Cotton',
  'Pure Linen',
  'Chanderi Silk Cotton',
  'Banarasi Silk',
  'Tussar Silk',
  'Georgette',
  'Khadi Cotton',
  'Mulmul Cotton',
  'Raw Silk',
  'Silk Organza',
  'Pure Mulberry Silk',
  'Modal Silk',
  'Net',
  'Velvet',
  'Handloom Cotton',
];
export const WORKS = [
  'Chikankari',
  'Zari',
  'Bandhani',
  'Block Print',
  'Ikat',
  'Zardozi',
  'Mirror Work',
  'Gota Patti',
  'Kantha',
  'Phulkari',
];
const OCCASIONS = ['Festive', 'Wedding', 'Daily Wear', 'Office', 'Party'];
export const GARMENTS = {
  Women: ['Saree', 'Kurti', 'Lehenga', 'Dupatta', 'Suit Set', 'Anarkali'],
  Men: ['Kurta', 'Sherwani', 'Nehru Jacket', 'Kurta Set'],
  Accessories: ['Jutti', 'Stole', 'Jhumka Earrings', 'Potli Bag'],
  'Unstitched Fabrics': ['Silk Fabric', 'Cotton Fabric', 'Brocade Fabric', 'Dress Material'],
};
const CATEGORIES = Object.keys(GARMENTS);
export const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

/** `count` products × 6 variants, the same every run. */
export function catalogue(count) {
  const products = [];
  for (let i = 0; i < count; i += 1) {
    const category = CATEGORIES[i % CATEGORIES.length];
    const garments = GARMENTS[category];
    const garment = garments[Math.floor(i / CATEGORIES.length) % garments.length];
    const colour = COLOURS[(i * 7) % COLOURS.length];
    const second = COLOURS[(i * 7 + 3) % COLOURS.length];
    const fabric = FABRICS[(i * 11) % FABRICS.length];
    const work = WORKS[(i * 13) % WORKS.length];
    const regularPrice = 499 + ((i * 379) % 40_000);
    const sku = `BS-${String(i).padStart(6, '0')}`;
    const variants = [];
    for (const [c, variantColour] of [colour, second].entries()) {
      for (let s = 0; s < 3; s += 1) {
        const n = i * 6 + c * 3 + s;
        variants.push({
          sku: `${sku}-${s}-${c}`,
          size: SIZES[(i + s) % SIZES.length],
          color: variantColour,
          stock: n % 9 === 0 ? 0 : 3 + (n % 20),
        });
      }
    }
    products.push({
      sku,
      title: `${colour} ${work} ${fabric} ${garment}`,
      description: `A ${garment.toLowerCase()} in ${fabric.toLowerCase()} with ${work.toLowerCase()} work, made by weaving families for ${OCCASIONS[i % OCCASIONS.length].toLowerCase()} days.`,
      imgUrl: null,
      category,
      parentCategory: `${garment}s`,
      regularPrice,
      discountedPrice: i % 3 === 0 ? Math.round(regularPrice * 0.8) : null,
      images: [],
      attributes: [
        { key: 'fabric', value: [fabric], metricUnit: null },
        { key: 'work', value: [work], metricUnit: null },
        { key: 'occasion', value: [OCCASIONS[i % OCCASIONS.length]], metricUnit: null },
      ],
      variants,
    });
  }
  return { store: { storeName: 'Search Bench', categories: CATEGORIES, policies: {} }, products };
}

export const QUERIES = [
  'silk saree',
  'kurta',
  'banarsi',
  'maroon kurti',
  'cotton',
  'lehnga',
  'chanderi dupatta',
  'khadi kurta',
  'zari sherwani',
  'georgette',
  'block print',
  'tussar',
  'jutti',
  'wedding lehenga',
];

if (process.argv[1]?.endsWith('search-catalogue.mjs') && process.argv[3]) {
  writeFileSync(process.argv[3], JSON.stringify(catalogue(Number(process.argv[2]))));
}
