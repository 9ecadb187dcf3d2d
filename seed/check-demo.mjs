// Sanity checks for the demo shop (node seed/check-demo.mjs): loads seed/demo-catalog.json and checks it
// against the rules in seed/README.md (including the variants and fabrics by the metre that the browser tests
// rely on). Prints every problem and exits 1 if there is any.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const seedDir = dirname(fileURLToPath(import.meta.url));
const imagesDir = join(seedDir, 'images');
const MEDIA_PREFIX = '/media/demo/';
const CATEGORIES = {
  Men: ['Kurtas', 'Sherwanis', 'Nehru Jackets', 'Kurta Sets'],
  Women: ['Sarees', 'Suit Sets', 'Kurtis', 'Lehengas', 'Dupattas'],
  Accessories: ['Footwear', 'Jewellery', 'Stoles', 'Bags'],
  'Unstitched Fabrics': ['Silk Fabrics', 'Cotton Fabrics', 'Brocade Fabrics', 'Dress Materials'],
};
const PLACEHOLDERS = ['{companyName}', '{companyAddress}', '{companyEmail}', '{companyPhone}'];
/** Unstitched fabrics sold by length (the rest of the category, dress materials, are sold as pieces). */
const BY_THE_METRE = /^FAB-(SLK|COT|BRC)-/;
const hasAtMostThreeDecimals = (n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6;

const problems = [];
const fail = (message) => problems.push(message);

let catalog;
try {
  catalog = JSON.parse(readFileSync(join(seedDir, 'demo-catalog.json'), 'utf8'));
} catch (error) {
  console.error(`seed/demo-catalog.json cannot be read: ${error.message}`);
  process.exit(1);
}
const { store = {}, products = [] } = catalog;

/** Checks that a /media/demo/ URL names an SVG in seed/images. */
function checkImage(url, where) {
  if (typeof url !== 'string' || !url.startsWith(MEDIA_PREFIX)) {
    fail(`${where}: ${JSON.stringify(url)} is not a ${MEDIA_PREFIX} URL`);
    return;
  }
  const file = url.slice(MEDIA_PREFIX.length);
  if (file.includes('/') || !existsSync(join(imagesDir, file)))
    fail(`${where}: ${url} has no file in seed/images`);
}

// ---------------------------------------------------------------- store
for (const key of [
  'storeName',
  'companyName',
  'companyAddress',
  'companyEmail',
  'companyPhone',
  'description',
  'whatsappNumber',
]) {
  if (typeof store[key] !== 'string' || !store[key].trim()) fail(`store.${key} is missing`);
}
checkImage(store.companyLogoUrl, 'store.companyLogoUrl');
if (JSON.stringify(store.categories) !== JSON.stringify(Object.keys(CATEGORIES))) {
  fail(`store.categories must be ${JSON.stringify(Object.keys(CATEGORIES))}`);
}
for (const name of Object.keys(CATEGORIES))
  checkImage(store.categoryImages?.[name], `store.categoryImages.${name}`);
const policies = Object.keys(store.policies ?? {});
if (policies.length !== 1 || policies[0] !== 'shipping')
  fail('store.policies must hold exactly one policy: shipping');
const shipping = store.policies?.shipping ?? '';
for (const placeholder of PLACEHOLDERS) {
  if (!shipping.includes(placeholder)) fail(`store.policies.shipping does not use ${placeholder}`);
}
if (/<script/i.test(shipping)) fail('store.policies.shipping contains <script>');

// ---------------------------------------------------------------- products
if (products.length < 60) fail(`only ${products.length} products; at least 60 are needed`);
const skus = new Map();
const prices = [];
let variantCount = 0;
let soldOutVariants = 0;
let lowVariants = 0;
const clothingWithVariants = [];
let above5000 = 0;
let discounted = 0;
const featured = {};
const perCategory = {};

products.forEach((p, i) => {
  const where = `products[${i}] (${p.sku})`;
  const key = String(p.sku).toLowerCase();
  if (skus.has(key)) fail(`${where}: sku duplicates ${skus.get(key)}`);
  skus.set(key, `products[${i}]`);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(p.sku ?? ''))
    fail(`${where}: sku has characters the importer refuses`);
  if (!p.title?.trim()) fail(`${where}: title is empty`);
  if (!p.description?.trim()) fail(`${where}: description is empty`);

  if (!CATEGORIES[p.category]) fail(`${where}: unknown category ${p.category}`);
  else if (!CATEGORIES[p.category].includes(p.parentCategory)) {
    fail(`${where}: parentCategory ${p.parentCategory} does not belong to ${p.category}`);
  }
  perCategory[p.category] = (perCategory[p.category] ?? 0) + 1;

  if (typeof p.regularPrice !== 'number' || !(p.regularPrice > 0))
    fail(`${where}: regularPrice must be a number above 0`);
  const ownPrices = [p.regularPrice];
  if (p.discountedPrice != null) {
    if (typeof p.discountedPrice !== 'number') fail(`${where}: discountedPrice must be a number or null`);
    else if (!(p.discountedPrice < p.regularPrice))
      fail(`${where}: discountedPrice must be below regularPrice`);
    ownPrices.push(p.discountedPrice);
    discounted++;
  }
  prices.push(...ownPrices);
  if (p.regularPrice > 5000) above5000++;
  const metres = p.unit === 'm';
  const variants = Array.isArray(p.variants) ? p.variants : [];
  const badStock = (stock) =>
    stock != null &&
    (typeof stock !== 'number' ||
      stock < 0 ||
      !(metres ? hasAtMostThreeDecimals(stock) : Number.isInteger(stock)));
  if (badStock(p.stock))
    fail(`${where}: stock must be ${metres ? 'metres (3 decimals)' : 'a whole number'} >= 0`);
  if (variants.length > 0 && p.stock != null)
    fail(`${where}: a product with variants keeps its stock per variant`);
  if (BY_THE_METRE.test(p.sku)) {
    if (!metres || p.minQuantity !== 1 || p.quantityStep !== 0.5)
      fail(`${where}: fabric by the metre needs unit m, minQuantity 1 and quantityStep 0.5`);
    if (typeof p.stock !== 'number') fail(`${where}: fabric by the metre needs its stock in metres`);
  } else if (p.unit != null && p.unit !== 'piece')
    fail(`${where}: only FAB-SLK/COT/BRC are sold by the metre`);

  const images = Array.isArray(p.images) ? p.images : [];
  if (images.length < 1 || images.length > 3) fail(`${where}: needs 1 to 3 images, has ${images.length}`);
  if (images[0]?.url !== p.imgUrl) fail(`${where}: images[0].url must equal imgUrl`);
  checkImage(p.imgUrl, `${where}.imgUrl`);
  images.forEach((image, j) => checkImage(image?.url, `${where}.images[${j}]`));

  const attributes = Array.isArray(p.attributes) ? p.attributes : [];
  const byKey = new Map();
  for (const attribute of attributes) {
    if (attribute.key !== attribute.key?.toLowerCase())
      fail(`${where}: attribute key ${attribute.key} is not lower-case`);
    if (byKey.has(attribute.key)) fail(`${where}: attribute ${attribute.key} appears twice`);
    if (!Array.isArray(attribute.value) || attribute.value.length === 0)
      fail(`${where}: attribute ${attribute.key} has no value`);
    byKey.set(attribute.key, attribute);
  }
  for (const required of metres ? ['color'] : ['size', 'color'])
    if (!byKey.has(required)) fail(`${where}: no ${required} attribute`);
  if (metres && byKey.has('size')) fail(`${where}: fabric sold by the metre has no size`);
  const colours = byKey.get('color')?.value ?? [];
  if (colours.length > 4) fail(`${where}: more than 4 colours`);
  const gender = byKey.get('gender');
  // The storefront lists accessories with the storefront's filter 'Accessories,Personal Care,Home,null,Unisex'
  // (docs/product.md §7): a Men or Women gender would hide the product from the Accessories listing.
  if (p.category === 'Accessories') {
    if (gender && gender.value?.[0] !== 'Unisex')
      fail(`${where}: an accessory's gender must be Unisex or absent`);
  } else if (gender) fail(`${where}: only accessories may have a gender attribute`);
  if (p.category === 'Unstitched Fabrics') {
    if (metres && byKey.has('length')) fail(`${where}: fabric sold by the metre has no fixed length`);
    if (!metres && byKey.get('length')?.metricUnit !== 'm')
      fail(`${where}: dress materials need a length in m`);
    if (byKey.get('width')?.metricUnit !== 'in') fail(`${where}: fabrics need a width in in`);
  }
  if (['Sarees', 'Dupattas'].includes(p.parentCategory) && byKey.get('length')?.metricUnit !== 'm') {
    fail(`${where}: sarees and dupattas need a length in m`);
  }
  if (byKey.get('featured')?.value?.[0] === 'true') featured[p.category] = (featured[p.category] ?? 0) + 1;

  // Variants: real Size × Colour combinations, each with its own SKU and stock.
  const sizes = byKey.get('size')?.value ?? [];
  const combinations = new Set();
  variants.forEach((v, j) => {
    const at = `${where}.variants[${j}] (${v.sku})`;
    const variantKey = String(v.sku).toLowerCase();
    if (skus.has(variantKey)) fail(`${at}: sku duplicates ${skus.get(variantKey)}`);
    skus.set(variantKey, `products[${i}].variants[${j}]`);
    if (!String(v.sku).startsWith(`${p.sku}-`)) fail(`${at}: a variant sku starts with its product's sku`);
    if (!sizes.includes(v.size)) fail(`${at}: size ${v.size} is not one of the product's sizes`);
    if (!colours.includes(v.color)) fail(`${at}: colour ${v.color} is not one of the product's colours`);
    const combination = `${v.size} / ${v.color}`;
    if (combinations.has(combination)) fail(`${at}: ${combination} appears twice`);
    combinations.add(combination);
    if (typeof v.stock !== 'number' || badStock(v.stock)) fail(`${at}: stock must be a whole number >= 0`);
    if (v.stock === 0) soldOutVariants++;
    else if (v.stock <= 3) lowVariants++;
    if (v.regularPrice != null) {
      prices.push(v.regularPrice);
      if (v.discountedPrice != null && !(v.discountedPrice < v.regularPrice))
        fail(`${at}: discountedPrice must be below regularPrice`);
    }
    if (v.discountedPrice != null) prices.push(v.discountedPrice);
    if (v.imgUrl != null) checkImage(v.imgUrl, `${at}.imgUrl`);
  });
  variantCount += variants.length;
  if (variants.length > 0 && ['Men', 'Women'].includes(p.category)) clothingWithVariants.push(p.sku);
  if (['Men', 'Women'].includes(p.category) && sizes.length > 1 && variants.length === 0)
    fail(`${where}: clothing in several sizes is sold in variants`);
});

// The product page examples the browser tests rely on.
const bySku = (sku) => products.find((p) => p.sku === sku);
const kurta = bySku('MEN-KUR-004');
const variantOf = (size, color) => kurta?.variants?.find((v) => v.size === size && v.color === color);
if (kurta?.title !== 'Maroon Raw Silk Kurta') fail('MEN-KUR-004 must be the Maroon Raw Silk Kurta');
else {
  const expected = ['S', 'M', 'L', 'XL'].flatMap((size) =>
    ['Maroon', 'Bottle Green'].map((color) => `${size} / ${color}`),
  );
  const actual = (kurta.variants ?? []).map((v) => `${v.size} / ${v.color}`);
  if (actual.length !== expected.length || !expected.every((c) => actual.includes(c)))
    fail('MEN-KUR-004 needs variants for sizes S, M, L, XL × colours Maroon, Bottle Green');
  if (!(variantOf('M', 'Maroon')?.stock >= 10)) fail('MEN-KUR-004 M / Maroon needs at least 10 in stock');
  if (variantOf('XL', 'Maroon')?.stock !== 0) fail('MEN-KUR-004 XL / Maroon must be sold out (stock 0)');
  if (variantOf('L', 'Bottle Green')?.stock !== 2) fail('MEN-KUR-004 L / Bottle Green must have 2 left');
}
const cotton = bySku('FAB-COT-001');
if (
  cotton?.title !== 'Indigo Sanganeri Block Print Cotton Fabric' ||
  cotton.unit !== 'm' ||
  cotton.regularPrice !== 450 ||
  cotton.discountedPrice != null ||
  !(cotton.stock >= 100)
)
  fail(
    'FAB-COT-001 must be the Indigo Sanganeri cotton at ₹450 per metre, no discount, at least 100 m in stock',
  );
if (bySku('FAB-BRC-002')?.stock !== 0) fail('FAB-BRC-002 must be sold out (stock 0)');
if (clothingWithVariants.filter((sku) => sku !== 'MEN-KUR-004').length < 10)
  fail('at least 10 clothing products besides MEN-KUR-004 need variants');
if (soldOutVariants < 5) fail(`only ${soldOutVariants} sold-out variants; at least 5 are needed`);
if (lowVariants < 5) fail(`only ${lowVariants} variants with 1 to 3 left; at least 5 are needed`);

if (prices.length) {
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  if (min < 399) fail(`lowest price is ${min}; must be at least 399`);
  if (max > 45000) fail(`highest price is ${max}; must be at most 45000`);
}
if (above5000 < 12) fail(`only ${above5000} products cost more than 5000; at least 12 are needed`);
const featuredTotal = Object.values(featured).reduce((a, b) => a + b, 0);
if (featuredTotal < 8) fail(`only ${featuredTotal} featured products; at least 8 are needed`);
if ((featured.Men ?? 0) < 4)
  fail('at least 4 featured products must be in Men (the home page shows the first category)');
if (!products.some((p) => p.attributes?.some((a) => a.key.includes('phone'))))
  fail('no product has a phone attribute');
if (!products.some((p) => p.attributes?.length > 10 && p.attributes.some((a) => a.key.includes('_')))) {
  fail('no product has more than 10 attributes with an underscore key');
}

// ---------------------------------------------------------------- image files
for (const file of readdirSync(imagesDir)) {
  if (!file.endsWith('.svg')) continue;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*\.svg$/.test(file)) fail(`images/${file}: name is not kebab-case`);
  const text = readFileSync(join(imagesDir, file), 'utf8');
  if (!/<title[\s>]/.test(text)) fail(`images/${file}: no <title>`);
  const isProduct = !/^(category-|hero|logo)/.test(file);
  if (isProduct && !text.includes('viewBox="0 0 600 750"'))
    fail(`images/${file}: product images use viewBox 0 0 600 750`);
  const limit = isProduct ? 6000 : 16000;
  const size = statSync(join(imagesDir, file)).size;
  if (size >= limit) fail(`images/${file}: ${size} bytes; must stay below ${limit}`);
}

if (problems.length) {
  console.error(`demo catalogue: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
const summary = Object.entries(perCategory)
  .map(([name, n]) => `${name} ${n}`)
  .join(', ');
console.log(
  `demo catalogue OK: ${products.length} products (${summary}), ${discounted} discounted, ${above5000} above 5000, ` +
    `${featuredTotal} featured, prices ${Math.min(...prices)}-${Math.max(...prices)}, ` +
    `${variantCount} variants of ${clothingWithVariants.length} clothing products (${soldOutVariants} sold out, ` +
    `${lowVariants} with 1 to 3 left), ${products.filter((p) => p.unit === 'm').length} fabrics by the metre`,
);
