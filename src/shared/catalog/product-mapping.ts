import type { ProductAttribute, ServerProduct } from './product-schema';
import type { UnitOfMeasure } from './unit-of-measure';

/**
 * A product as the screens use it (docs/product.md §3 "Product (as used by the screens)"). Prices in **rupees**.
 */
export type Product = {
  id: string;
  name: string;
  description: string;
  category: string;
  parentCategory: string | null;
  /** discountedPrice if present, else regularPrice, else 0 (rupees). */
  price: number;
  /** regularPrice only when a discount exists (rupees). */
  originalPrice: number | null;
  /** imgUrl, else the first image url, else ''. */
  image: string;
  /** The `srcset` of `image` when it was uploaded in the admin (widths in pixels); else absent. */
  srcset?: string | undefined;
  images: string[];
  featured: boolean;
  sizes: string[];
  colors: string[];
  attributes: ProductAttribute[];
  /** How it is sold: `piece`, or `m` when prices are per metre. */
  unit: UnitOfMeasure;
  /** The published reviews' average (one decimal) and count (docs/reviews.md); absent while there are none. */
  rating?: { average: number; count: number } | undefined;
};

const SIZE_KEYS = new Set(['size', 'sizes']);
const COLOR_KEYS = new Set(['color', 'colours', 'colors', 'colour']);

/** Values of the first attribute whose key (case-insensitive) is one of `keys` (docs/product.md §3). */
export function attributeValues(attributes: ProductAttribute[], keys: Set<string>): string[] {
  const found = attributes.find((attribute) => keys.has(attribute.key.trim().toLowerCase()));
  return found ? found.value.filter((value) => value.trim() !== '') : [];
}

/**
 * Maps the server shape to the screen shape with the docs/product.md §3 rules: price/originalPrice, image fallback (with
 * the `srcset` of an uploaded image),
 * `featured` when the featured attribute contains "true", sizes and colours from their attributes (keys
 * size/sizes and color/colours/colors read case-insensitively).
 */
export function toProduct(server: ServerProduct): Product {
  const hasDiscount = server.discountedPrice !== null && server.discountedPrice !== undefined;
  const price = (hasDiscount ? server.discountedPrice : server.regularPrice) ?? 0;
  const images = server.images.map((image) => image.url).filter(Boolean);
  const featuredValues = attributeValues(server.attributes, new Set(['featured']));
  const image = server.imgUrl || images[0] || '';
  return {
    id: String(server.id),
    name: server.title,
    description: server.description,
    category: server.category,
    parentCategory: server.parentCategory,
    price,
    originalPrice: hasDiscount ? server.regularPrice : null,
    image,
    srcset: server.images.find((entry) => entry.url === image)?.srcset,
    images,
    featured: featuredValues.some((value) => value.toLowerCase().includes('true')),
    sizes: attributeValues(server.attributes, SIZE_KEYS),
    colors: attributeValues(server.attributes, COLOR_KEYS),
    attributes: server.attributes,
    unit: server.unit,
    rating: server.rating,
  };
}

/** 'Sale' badge: originalPrice is set and the price is below it (docs/product.md §2 "Product card"). */
export function isOnSale(product: Pick<Product, 'price' | 'originalPrice'>): boolean {
  return product.originalPrice !== null && product.price < product.originalPrice;
}

/** 'Premium' badge threshold in rupees (docs/product.md §9): price above 5000. */
export const PREMIUM_PRICE_RUPEES = 5000;

/** 'Premium' badge: price above ₹5,000 (docs/product.md §2, §9). */
export function isPremium(product: Pick<Product, 'price'>): boolean {
  return product.price > PREMIUM_PRICE_RUPEES;
}
