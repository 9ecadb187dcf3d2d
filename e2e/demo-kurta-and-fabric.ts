/**
 * The demo shop's GST test order, shared by the GST and cash-on-delivery browser tests: a ₹2,799 kurta in
 * L / Black (18 % GST, above ₹2,500 a piece) and 2 m of cotton fabric (5 %), delivered to Pune — another state
 * than the shop's (Uttar Pradesh), so IGST.
 */
import { apiCall } from './helpers';

export const KURTA = 'Black and Red Pochampally Ikat Kurta';
export const FABRIC = 'Indigo Sanganeri Block Print Cotton Fabric';
export const PUNE = {
  fullName: 'Meera Joshi',
  address: '12 FC Road, Shivajinagar',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411005',
  phone: '+91 94140 52368',
};

type Variant = {
  id: string;
  size: string | null;
  color: string | null;
  price: number;
  discountedPrice: number | null;
};
export type DemoProduct = {
  id: string;
  title: string;
  regularPrice: number;
  discountedPrice: number | null;
  imgUrl: string;
  variants: Variant[];
};

/** The demo product titled `title` on the server at `origin`, as `GET /products/{id}` answers it. */
export async function productByTitle(origin: string, title: string): Promise<DemoProduct> {
  const list = await apiCall<{ data: { id: string; title: string }[] }>(
    'GET',
    '/products?page=1&limit=100',
    undefined,
    undefined,
    origin,
  );
  const found = list.body.data.find((product) => product.title === title);
  if (!found) throw new Error(`The demo catalogue has no product titled ${title}`);
  return (await apiCall<DemoProduct>('GET', `/products/${found.id}`, undefined, undefined, origin)).body;
}

/** The storefront's cart (localStorage `cart`) of the kurta in L / Black and 2 m of the fabric. */
export async function kurtaAndFabricCart(origin: string): Promise<unknown[]> {
  const kurta = await productByTitle(origin, KURTA);
  const fabric = await productByTitle(origin, FABRIC);
  // L / Black: 13 in stock in the demo shop.
  const variant = kurta.variants.find((candidate) => candidate.size === 'L' && candidate.color === 'Black')!;
  return [
    {
      id: kurta.id,
      name: kurta.title,
      image: kurta.imgUrl,
      price: variant.discountedPrice ?? variant.price,
      quantity: 1,
      selectedSize: variant.size,
      selectedColor: variant.color,
      variantId: variant.id,
    },
    {
      id: fabric.id,
      name: fabric.title,
      image: fabric.imgUrl,
      price: fabric.discountedPrice ?? fabric.regularPrice,
      quantity: 2,
      selectedSize: null,
      selectedColor: null,
      unit: 'm',
      minQuantity: 1,
      quantityStep: 0.5,
    },
  ];
}
