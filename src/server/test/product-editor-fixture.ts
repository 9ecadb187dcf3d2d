/**
 * The admin's product editor in tests: a kurta body of 3 sizes × 2 colours, and a signed-in app request helper.
 * Prices in **rupees**, as the editor's body carries them.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminProductDetail } from '@shared/admin/admin-product-editor-schemas';

/** Sizes and colours of {@link kurtaBody}. */
export const KURTA_SIZES = ['S', 'M', 'L'];
export const KURTA_COLORS = ['Indigo', 'Rust'];

/** A kurta with 6 variants (every size × colour), SKU `sku`, ₹1,499, 5 pieces each. */
export function kurtaBody(sku = 'ADM-KUR-1') {
  return {
    sku,
    title: 'Indigo Handblock Kurta',
    description: 'Hand block printed cotton.',
    category: 'Men',
    parentCategory: 'Kurtas',
    regularPrice: 1499,
    discountedPrice: null,
    stock: null,
    unit: 'piece',
    hsn: '6211',
    gstRate: null,
    imgUrl: '',
    images: [{ url: '/media/demo/kurta.svg' }],
    attributes: [{ key: 'fabric', value: ['Cotton'], metricUnit: null }],
    sizes: KURTA_SIZES,
    colors: KURTA_COLORS,
    variants: KURTA_SIZES.flatMap((size) =>
      KURTA_COLORS.map((color) => ({
        sku: `${sku}-${size}-${color.slice(0, 3).toUpperCase()}`,
        size,
        color,
        stock: 5,
        regularPrice: null,
      })),
    ),
  };
}

export type EditorAnswer = {
  status: number;
  body: AdminProductDetail & { error?: string; fields?: Record<string, string> };
};

/** Sends `method url` with `body` as the member whose `headers` are given; the status and parsed answer. */
export async function editorRequest(
  app: FastifyInstance,
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
): Promise<EditorAnswer> {
  const response = await app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() };
}
