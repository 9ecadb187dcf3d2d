/** The local stand-in for a missing or broken product image (docs/product.md §2 "Product card", §8 "Image failure"). */
export const PRODUCT_FALLBACK_IMAGE = '/media/fallback/product.svg';
