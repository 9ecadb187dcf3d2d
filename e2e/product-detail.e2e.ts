/** Product detail (docs/product.md §2 "Product detail", §5 "Cart and product", §8 "Image failure", §9). */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  openInBrowser,
  allProducts,
  api,
  apiProducts,
  attributeValues,
  headerCartBadge,
  headerCartLink,
  productSizes,
  rupees,
  screenPrice,
  squash,
  useStorefront,
  waitForPath,
  waitForToast,
  type ApiProduct,
  eventually,
} from './helpers';

const { newPage } = useStorefront();

/** The variants of `GET /products/{id}` (prices in rupees). */
type ApiProductDetail = ApiProduct & {
  variants: {
    id: string;
    size: string | null;
    color: string | null;
    price: number;
    discountedPrice: number | null;
    available: boolean;
  }[];
};

const FALLBACK_IMAGE = '/media/fallback/product.svg';

let catalogue: Promise<ApiProduct[]> | undefined;
/** The whole demo catalogue, read once per file. */
const products = () => (catalogue ??= allProducts());

async function findProduct(
  description: string,
  predicate: (product: ApiProduct) => boolean,
): Promise<ApiProduct> {
  const product = (await products()).find(predicate);
  if (!product) throw new Error(`The demo catalogue has no ${description}`);
  return product;
}

const productName = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

async function openProduct(page: Page, product: ApiProduct): Promise<void> {
  await page.goto(`/product/${product.id}`);
  await productName(page).filter({ hasText: product.title }).waitFor();
}

describe('product detail page', () => {
  it('opens from a card and shows name, ₹ price, category, short id, description and specifications', async () => {
    const page = await newPage();
    await page.goto('/products?category=men');
    const card = page.getByRole('main').getByRole('article').first();
    await card.waitFor();
    const name = squash(await card.locator('h3').textContent());
    const product = await findProduct(`product named ${name}`, (candidate) => candidate.title === name);

    await card.getByRole('link', { name, exact: true }).click();
    await waitForPath(page, `/product/${product.id}`);
    await productName(page).filter({ hasText: name }).waitFor();
    expect(squash(await productName(page).textContent())).toBe(product.title);
    expect(await page.title()).toContain(product.title);

    const main = page.getByRole('main');
    expect(
      await main.getByText(rupees(screenPrice(product)), { exact: true }).count(),
    ).toBeGreaterThanOrEqual(1);
    expect(await main.getByText(`Product ID: ${product.id.slice(0, 8)}`, { exact: true }).count()).toBe(1);
    expect(await main.getByText(product.id, { exact: false }).count()).toBe(0);
    expect(await main.getByRole('link', { name: product.category, exact: true }).count()).toBe(1);
    expect(squash(await main.getByText(product.description.slice(0, 40)).textContent())).toBe(
      squash(product.description),
    );
    expect(await main.getByRole('heading', { level: 2, name: 'Product Specifications' }).count()).toBe(1);
    expect(await main.getByRole('img', { name: product.title }).first().getAttribute('src')).toBe(
      product.imgUrl,
    );
  });

  it("prices use ₹ with en-IN grouping, with the original price struck through when discounted, 'Inclusive of all taxes'", async () => {
    const page = await newPage();
    const product = await findProduct(
      'discounted product',
      (p) => p.discountedPrice !== null && p.discountedPrice < (p.regularPrice ?? 0),
    );
    // A lakh-sized price shows the Indian grouping that en-US would not: ₹1,24,999 (not ₹124,999).
    await page.route(`**/api/v1/products/${product.id}`, async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as ApiProduct;
      await route.fulfill({ response, json: { ...body, regularPrice: 150000, discountedPrice: 124999 } });
    });
    await openInBrowser(page, `/product/${product.id}`);
    await productName(page).filter({ hasText: product.title }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText('₹1,24,999', { exact: true }).count()).toBe(1);
    expect(squash(await main.locator('del').textContent())).toBe('Original price ₹1,50,000');
    expect(await main.getByText('Sale', { exact: true }).count()).toBe(1);
    expect(await main.getByText('Inclusive of all taxes', { exact: true }).isVisible()).toBe(true);
    expect(rupees(124999)).toBe('₹1,24,999');

    await page.unroute(`**/api/v1/products/${product.id}`);
    await page.reload();
    await productName(page).filter({ hasText: product.title }).waitFor();
    expect(await main.getByText(rupees(product.discountedPrice!), { exact: true }).count()).toBe(1);
    expect(squash(await main.locator('del').textContent())).toBe(
      `Original price ${rupees(product.regularPrice!)}`,
    );
  });

  it("hides 'phone' attributes, shows at most 10 specification rows and underscores as spaces", async () => {
    const page = await newPage();
    const product = await findProduct(
      'product with a phone attribute, an underscore key and more than 10 shown attributes',
      (p) =>
        p.attributes.some((a) => a.key.toLowerCase().includes('phone')) &&
        p.attributes.filter((a) => !a.key.toLowerCase().includes('phone')).length > 10 &&
        p.attributes.some((a) => a.key.includes('_') && !a.key.toLowerCase().includes('phone')),
    );
    const visible = product.attributes.filter((a) => !a.key.toLowerCase().includes('phone')).slice(0, 10);
    await openProduct(page, product);
    const specifications = page.getByRole('region', { name: 'Product Specifications' });
    const keys = (await specifications.locator('dt').allTextContents()).map(squash);
    expect(keys).toHaveLength(10);
    expect(keys).toEqual(visible.map((a) => a.key.replaceAll('_', ' ')));
    expect(keys.some((key) => key.toLowerCase().includes('phone'))).toBe(false);
    expect(keys.some((key) => key.includes('_'))).toBe(false);
    expect(keys.some((key) => key.includes(' '))).toBe(true);
    const values = (await specifications.locator('dd').allTextContents()).map(squash);
    expect(values[0]).toBe(
      `${visible[0]!.value.join(', ')}${visible[0]!.metricUnit ? ` ${visible[0]!.metricUnit}` : ''}`,
    );
    const phoneValue = product.attributes.find((a) => a.key.toLowerCase().includes('phone'))!.value[0]!;
    expect(await page.getByRole('main').getByText(phoneValue).count()).toBe(0);
  });

  it("size headings: 'Shoe Size' for footwear, 'Size' for One Size, 'Clothing Size' for kurtas", async () => {
    const page = await newPage();
    const shoe = await findProduct(
      'footwear',
      (p) => /footwear|shoes/i.test(`${p.category} ${p.parentCategory}`) && productSizes(p).length > 1,
    );
    const oneSize = await findProduct(
      'One Size product',
      (p) =>
        productSizes(p).length === 1 && productSizes(p)[0] === 'One Size' && !/shoe/i.test(p.description),
    );
    const kurta = await findProduct(
      'kurta',
      (p) => p.parentCategory === 'Kurtas' && productSizes(p).length > 1 && !/shoe/i.test(p.description),
    );

    await openProduct(page, shoe);
    const shoeGroup = page.getByRole('group', { name: 'Shoe Size', exact: true });
    await shoeGroup.waitFor();
    // The visible labels (a sold-out size adds a hidden ', sold out' to its name).
    expect(
      await shoeGroup
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => b.firstChild?.textContent)),
    ).toEqual(productSizes(shoe));
    expect(await page.getByRole('group', { name: 'Clothing Size' }).count()).toBe(0);

    await openProduct(page, oneSize);
    // 'One Size' is preselected, so the heading reads "Size: One Size".
    const sizeGroup = page.getByRole('group', { name: 'Size: One Size', exact: true });
    await sizeGroup.waitFor();
    expect(squash(await sizeGroup.getByRole('heading').evaluate((h) => h.firstChild?.textContent))).toBe(
      'Size',
    );
    expect(await sizeGroup.getByRole('button', { name: 'One Size' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await openProduct(page, kurta);
    await page.getByRole('group', { name: 'Clothing Size', exact: true }).waitFor();
  });

  it('Add to Cart requires a size; then a size and quantity 2 put 2 items in the cart', async () => {
    const page = await newPage();
    const product = await findProduct(
      'multi-size product in one colour',
      (p) => productSizes(p).length > 1 && attributeValues(p, ['color', 'colors', 'colours']).length === 1,
    );
    const detail = await api<ApiProductDetail>(`/products/${product.id}`);
    // The first size that can be bought (with variants: in the product's only colour).
    const variant = detail.variants.find((candidate) => candidate.available && candidate.size);
    const size = variant?.size ?? productSizes(product)[1]!;
    await openProduct(page, product);
    const main = page.getByRole('main');
    expect(await headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 0 items');

    await main.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await waitForToast(page, 'Please select a size')).toBe(
      'You must select a size before adding to cart',
    );
    expect(await headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 0 items');
    expect(await headerCartBadge(page)).toBe('');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]')).toEqual([]);

    const minus = main.getByRole('button', { name: 'Decrease quantity' });
    const plus = main.getByRole('button', { name: 'Increase quantity' });
    const quantity = main.getByRole('group', { name: 'Quantity', exact: true }).locator('output');
    expect(await quantity.textContent()).toBe('1');
    expect(await minus.isDisabled()).toBe(true);

    await main.getByRole('button', { name: size, exact: true }).click();
    expect(await main.getByRole('button', { name: size, exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await plus.click();
    expect(await quantity.textContent()).toBe('2');
    expect(await minus.isDisabled()).toBe(false);
    await plus.click();
    await minus.click();
    expect(await quantity.textContent()).toBe('2');

    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await eventually(() => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 2 items');
    expect(await headerCartBadge(page)).toBe('2');
    expect(await waitForToast(page, 'Added to cart')).toBe(`${product.title} added to your cart`);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]') as {
      id: string;
      quantity: number;
      selectedSize: string;
    }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: product.id,
      quantity: 2,
      selectedSize: size,
      price: variant ? (variant.discountedPrice ?? variant.price) : screenPrice(product),
      ...(variant ? { variantId: variant.id, selectedColor: variant.color } : {}),
    });
  });

  it("a single 'One Size' option is preselected, so Add to Cart adds at once with the chosen colour", async () => {
    const page = await newPage();
    const product = await findProduct(
      'One Size product with several colours',
      (p) =>
        productSizes(p).join() === 'One Size' &&
        attributeValues(p, ['color', 'colors', 'colours']).length > 1,
    );
    const colour = attributeValues(product, ['color', 'colors', 'colours'])[1]!;
    await openProduct(page, product);
    const main = page.getByRole('main');
    const colours = main.getByRole('group', { name: 'Colour' });
    expect(await colours.getByRole('button').allTextContents()).toEqual(
      attributeValues(product, ['color', 'colors', 'colours']),
    );
    expect(await colours.getByRole('button', { pressed: true }).count()).toBe(0);
    await colours.getByRole('button', { name: colour, exact: true }).click();
    await main.getByRole('group', { name: `Colour: ${colour}`, exact: true }).waitFor();

    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await eventually(() => headerCartLink(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]') as unknown[];
    expect(stored).toEqual([
      {
        id: product.id,
        name: product.title,
        image: product.imgUrl,
        price: screenPrice(product),
        quantity: 1,
        selectedSize: 'One Size',
        selectedColor: colour,
      },
    ]);
  });

  it("'Back' returns to the previous page", async () => {
    const page = await newPage();
    await page.goto('/products?category=women&page=2');
    const card = page.getByRole('main').getByRole('article').first();
    await card.waitFor();
    const name = squash(await card.locator('h3').textContent());
    await card.getByRole('link', { name: `View ${name}` }).click();
    await productName(page).filter({ hasText: name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/product\//);

    await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
    await waitForPath(page, '/products?category=women&page=2');
    await page.getByRole('main').getByRole('article').first().waitFor();
  });

  it("'Back' on a product opened from a shared link goes to its category listing, not off the site", async () => {
    const page = await newPage();
    const product = (await apiProducts('category=women&page=1&limit=1')).products[0]!;
    expect(product.category).toBe('Women');
    await page.goto(`/product/${product.id}`);
    await productName(page).filter({ hasText: product.title }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
    await waitForPath(page, '/products?category=women');
    await page.getByRole('main').getByRole('article').first().waitFor();
  });

  it("an unknown id shows 'Product Not Found' with a link to /products", async () => {
    const page = await newPage();
    await page.goto('/product/00000000-0000-4000-8000-000000000000');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Product Not Found' }).waitFor();
    expect(
      await main
        .getByText(
          "We couldn't find the product you're looking for. It may have been removed or is temporarily unavailable.",
          { exact: true },
        )
        .count(),
    ).toBe(1);
    const link = main.getByRole('link', { name: 'Browse Products' });
    expect(await link.getAttribute('href')).toBe('/products');
    await link.click();
    await waitForPath(page, '/products');
    await page.getByRole('main').getByRole('article').first().waitFor();
  });

  it('a broken image is replaced by the fallback image, on the product page and on the card', async () => {
    const page = await newPage();
    const product = await findProduct(
      'product with an image',
      (p) => p.category === 'Men' && p.imgUrl !== '',
    );
    await page.route(`**${product.imgUrl}`, (route: Route) =>
      route.fulfill({ status: 404, body: 'missing' }),
    );
    await openProduct(page, product);
    const image = page
      .getByRole('main')
      .getByRole('img', { name: new RegExp(`^${product.title}`) })
      .first();
    await eventually(() => image.evaluate((img: HTMLImageElement) => new URL(img.src).pathname)).toBe(
      FALLBACK_IMAGE,
    );
    await eventually(() =>
      image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);

    await page.goto('/products?category=men');
    const card = page.getByRole('main').getByRole('article').filter({ hasText: product.title });
    await card.waitFor();
    const cardImage = card.getByRole('img', { name: product.title });
    await cardImage.scrollIntoViewIfNeeded();
    await eventually(() => cardImage.evaluate((img: HTMLImageElement) => new URL(img.src).pathname)).toBe(
      FALLBACK_IMAGE,
    );
  });
});
