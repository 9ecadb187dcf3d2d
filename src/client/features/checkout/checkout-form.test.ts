import { describe, expect, it } from 'vitest';
import { createOrderBodySchema, TOO_MANY_UNPAID_ORDERS } from '@shared/orders/order-schemas';
import { ApiError } from '@client/lib/api-client';
import { setFieldErrors } from '@client/lib/form-errors';
import {
  accountFullName,
  blankShippingFields,
  CART_EMPTY_DESCRIPTION,
  CART_EMPTY_TITLE,
  cartLimitProblems,
  cartToLines,
  checkoutLineName,
  CREATE_ORDER_FAILED,
  CREATE_ORDER_LABEL,
  createOrderBody,
  createOrderFailure,
  EMPTY_SHIPPING_FORM,
  fieldMessage,
  FILL_ALL_DESCRIPTION,
  refusedFormToast,
  PLACE_ORDER_ERROR_DESCRIPTION,
  PLACE_ORDER_ERROR_TITLE,
  PROCESSING_LABEL,
  SHIPPING_FIELDS,
  SHIPPING_FREE,
  SHIPPING_ADDRESS_PREFIX,
  shippingResolver,
  trimShippingForm,
  type CheckoutLine,
  type ShippingFormValues,
} from './checkout-form';

const address: ShippingFormValues = {
  fullName: 'Asha Verma',
  address: '12 MG Road',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  postalCode: '226001',
  phone: '+91 98390 41736',
};

const line = (overrides: Partial<CheckoutLine> = {}): CheckoutLine => ({
  id: 'p1',
  name: 'Banarasi Silk Saree',
  quantity: 1,
  selectedSize: null,
  selectedColor: null,
  ...overrides,
});

const kurta = line({
  id: 'kurta',
  name: 'Maroon Raw Silk Kurta',
  quantity: 2,
  selectedSize: 'M',
  selectedColor: 'Maroon',
  variantId: 'v-m-maroon',
});
const fabric = line({
  id: 'fabric',
  name: 'Indigo Sanganeri Block Print Cotton Fabric',
  quantity: 2.5,
  selectedColor: 'Indigo',
  unit: 'm',
  minQuantity: 1,
  quantityStep: 0.5,
});
/** A line stored before variants existed: the storefront's fields only. */
const oldLine = line({ id: 'p2', name: 'Cotton Kurta Fabric', selectedSize: 'One Size' });
const lines = [kurta, fabric, oldLine];

describe('cartToLines (one API line per cart line)', () => {
  it('names the variant by id, sends the chosen size and colour and the quantity in the unit', () => {
    expect(cartToLines(lines)).toEqual([
      { productId: 'kurta', variantId: 'v-m-maroon', size: 'M', color: 'Maroon', quantity: 2 },
      { productId: 'fabric', color: 'Indigo', quantity: 2.5 },
      { productId: 'p2', size: 'One Size', quantity: 1 },
    ]);
  });

  it('keeps two sizes of one product apart and leaves blank choices out', () => {
    expect(
      cartToLines([
        line({ selectedSize: 'S', selectedColor: ' ' }),
        line({ selectedSize: 'M', quantity: 3 }),
      ]),
    ).toEqual([
      { productId: 'p1', size: 'S', quantity: 1 },
      { productId: 'p1', size: 'M', quantity: 3 },
    ]);
    expect(cartToLines([])).toEqual([]);
  });
});

describe('checkoutLineName', () => {
  it('adds the size and colour in brackets when the line has them', () => {
    expect(checkoutLineName(kurta)).toBe('Maroon Raw Silk Kurta (M / Maroon)');
    expect(checkoutLineName(line())).toBe('Banarasi Silk Saree');
  });
});

describe('blankShippingFields (docs/product.md §5 "Checkout")', () => {
  it('finds nothing when all six are filled', () => {
    expect(blankShippingFields(address)).toEqual([]);
  });

  it('counts whitespace-only and missing values as blank, in form order', () => {
    expect(blankShippingFields({ ...address, city: '   ', phone: '\t' })).toEqual(['city', 'phone']);
    expect(blankShippingFields(EMPTY_SHIPPING_FORM)).toEqual([...SHIPPING_FIELDS]);
    expect(blankShippingFields({ fullName: 'A' })).toEqual([
      'address',
      'city',
      'state',
      'postalCode',
      'phone',
    ]);
  });
});

/** Runs the form's resolver as react-hook-form does on submit. */
const resolve = (values: ShippingFormValues) =>
  shippingResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
const messages = async (values: ShippingFormValues) =>
  Object.fromEntries(
    Object.entries((await resolve(values)).errors).map(([field, error]) => [field, error?.message]),
  );

describe('shippingResolver (the shared address schema as the form resolver)', () => {
  it('accepts a valid Indian address and hands it on trimmed', async () => {
    expect(await resolve(address)).toEqual({ values: address, errors: {} });
    expect((await resolve({ ...address, city: ' Lucknow ', phone: '9839041736' })).values).toEqual({
      ...address,
      city: 'Lucknow',
      phone: '9839041736',
    });
  });

  it('puts the PIN code and phone problems on their fields as sentences', async () => {
    const errors = await messages({ ...address, postalCode: '012345', phone: '+91 12345' });
    expect(Object.keys(errors).sort()).toEqual(['phone', 'postalCode']);
    expect(errors.postalCode).toBe('PIN code must be a 6-digit PIN code not starting with 0');
    expect(errors.phone).toMatch(/^Phone must be an Indian mobile number/);
  });

  it('refuses a state outside the 36, and a PIN code that cannot belong to the state', async () => {
    expect(await messages({ ...address, state: 'Awadh' })).toEqual({
      state: 'State must be one of the 36 states and union territories',
    });
    expect(await messages({ ...address, state: 'Rajasthan' })).toEqual({
      postalCode: 'PIN code does not match the state',
    });
    expect((await resolve({ ...address, state: 'Rajasthan', postalCode: '302001' })).errors).toEqual({});
    for (const postalCode of ['999999', '100000']) {
      expect(await messages({ ...address, state: 'Rajasthan', postalCode })).toEqual({
        postalCode: 'Enter a valid PIN code',
      });
    }
  });

  it('while a field is blank marks only the blank fields, as "<Label> is required"', async () => {
    expect(await messages({ ...address, city: '   ', postalCode: '012345', phone: '' })).toEqual({
      city: 'City is required',
      phone: 'Phone is required',
    });
  });

  it('fieldMessage prefixes fragments with the label and keeps sentences', () => {
    expect(fieldMessage('city', 'is required')).toBe('City is required');
    expect(fieldMessage('phone', 'Phone number must start with +91')).toBe(
      'Phone number must start with +91',
    );
    expect(fieldMessage('state', '')).toBe('State is invalid');
  });
});

describe('createOrderBody', () => {
  it('sends the lines and the trimmed address, which the API schema accepts', () => {
    const body = createOrderBody(lines, { ...address, fullName: '  Asha Verma ', city: ' Lucknow' });
    expect(body).toEqual({ lines: cartToLines(lines), shippingAddress: address });
    expect(createOrderBodySchema.safeParse(body).success).toBe(true);
  });

  it('trimShippingForm trims every field', () => {
    expect(trimShippingForm({ ...address, phone: ' +91 98390 41736 ' })).toEqual(address);
  });
});

describe('cartLimitProblems (10 pieces per line, fabric in its steps, 50 lines)', () => {
  it('is empty within the limits', () => {
    expect(cartLimitProblems(lines)).toEqual([]);
    expect(cartLimitProblems([line({ quantity: 10 })])).toEqual([]);
  });

  it('names a line with more than 10 pieces', () => {
    expect(cartLimitProblems([{ ...kurta, quantity: 11 }])).toEqual([
      'You can order at most 10 of Maroon Raw Silk Kurta (M / Maroon) at a time (your cart has 11). Please reduce the quantity in your cart.',
    ]);
  });

  it('refuses a length of fabric off its steps or below its minimum', () => {
    expect(cartLimitProblems([{ ...fabric, quantity: 2.25 }])).toEqual([
      'Indigo Sanganeri Block Print Cotton Fabric (Indigo): Fabric is sold in steps of 0.5 m from 1 m',
    ]);
    expect(cartLimitProblems([{ ...fabric, quantity: 0.5 }])).toHaveLength(1);
    expect(cartLimitProblems([{ ...fabric, quantity: 100.5 }])).toEqual([
      'Indigo Sanganeri Block Print Cotton Fabric (Indigo): Fabric is sold in steps of 0.5 m from 1 m up to 100 m',
    ]);
  });

  it('refuses more than 50 lines', () => {
    const many = Array.from({ length: 51 }, (_, index) => line({ id: `p${index}` }));
    expect(cartLimitProblems(many)).toEqual([
      'An order can hold at most 50 lines. Please remove some from your cart.',
    ]);
  });
});

describe('createOrderFailure (docs/product.md §8 "Order placement failure")', () => {
  it("shows 'Failed to create order' for a server error or no response", () => {
    expect(createOrderFailure(new ApiError('x', 500, { error: 'Internal' }), lines)).toEqual({
      message: 'Failed to create order',
      productProblems: [],
      showOrdersLink: false,
    });
    expect(createOrderFailure(new ApiError('x', 0), lines).message).toBe(CREATE_ORDER_FAILED);
    expect(createOrderFailure(new Error('boom'), lines).message).toBe(CREATE_ORDER_FAILED);
  });

  it("shows the server's stock text on 409 and names the lines it points at", () => {
    const error = new ApiError('x', 409, {
      error: 'Not enough stock for Maroon Raw Silk Kurta',
      fields: { 'lines.0': 'Only 1 left of M / Maroon' },
    });
    expect(createOrderFailure(error, lines)).toEqual({
      message: 'Not enough stock for Maroon Raw Silk Kurta',
      productProblems: ['Maroon Raw Silk Kurta (M / Maroon): Only 1 left of M / Maroon'],
      showOrdersLink: false,
    });
  });

  it('links to My Orders when unpaid orders must be paid or cancelled first', () => {
    const error = new ApiError('x', 409, { error: TOO_MANY_UNPAID_ORDERS });
    expect(createOrderFailure(error, lines)).toEqual({
      message: 'You have unpaid orders. Please pay or cancel one of them first.',
      productProblems: [],
      showOrdersLink: true,
    });
  });

  it('names the lines of a 400 in the summary; its address fields go under the inputs', () => {
    const error = new ApiError('x', 400, {
      error: 'Invalid request',
      fields: {
        'shippingAddress.postalCode': 'must be a 6-digit PIN code not starting with 0',
        'shippingAddress.phone': 'Phone number is not valid',
        'lines.1.quantity': 'Fabric is sold in steps of 0.5 m from 1 m',
        'lines.0.size': 'Please choose a size',
        'lines.7.productId': 'product not found',
        'products.p2': 'quantity must be a whole number from 1 to 10',
        lines: 'must contain at least one product',
        shippingAddress: 'ignored',
      },
    });
    expect(createOrderFailure(error, lines)).toEqual({
      message: 'Failed to create order',
      productProblems: [
        'Indigo Sanganeri Block Print Cotton Fabric (Indigo): Fabric is sold in steps of 0.5 m from 1 m',
        'Maroon Raw Silk Kurta (M / Maroon): Please choose a size',
        'product not found',
        'Cotton Kurta Fabric (One Size): quantity must be a whole number from 1 to 10',
        'must contain at least one product',
      ],
      showOrdersLink: false,
    });
    const shown: [string, string | undefined][] = [];
    const { rest } = setFieldErrors<ShippingFormValues>(
      error,
      (field, fieldError) => void shown.push([field, fieldError.message]),
      SHIPPING_FIELDS,
      { prefix: SHIPPING_ADDRESS_PREFIX, message: fieldMessage },
    );
    expect(shown).toEqual([
      ['postalCode', 'PIN code must be a 6-digit PIN code not starting with 0'],
      ['phone', 'Phone number is not valid'],
    ]);
    expect(rest.map(([key]) => key)).toEqual([
      'lines.1.quantity',
      'lines.0.size',
      'lines.7.productId',
      'products.p2',
      'lines',
      'shippingAddress',
    ]);
  });
});

describe('prefill', () => {
  it('accountFullName joins the names or is empty', () => {
    expect(accountFullName({ firstName: ' Asha ', lastName: 'Verma' })).toBe('Asha Verma');
    expect(accountFullName({ firstName: 'Asha' })).toBe('Asha');
    expect(accountFullName(undefined)).toBe('');
  });
});

describe('the toast of a refused form names the fields', () => {
  it('names blank fields first, in form order, else the wrong ones', () => {
    expect(refusedFormToast(['postalCode', 'city'], ['phone'])).toEqual({
      title: 'Please fill in: City, PIN code',
      description: 'All shipping information fields are required.',
    });
    expect(refusedFormToast([], ['postalCode'])).toEqual({
      title: 'Please check: PIN code',
      description: 'See the message under each field.',
    });
    expect(refusedFormToast([], [])).toBeNull();
  });
});

describe('exact texts (docs/product.md §2 "Checkout", §5, §8)', () => {
  it('match docs/product.md character for character', () => {
    expect(CART_EMPTY_TITLE).toBe('Cart is empty');
    expect(CART_EMPTY_DESCRIPTION).toBe('Please add items to your cart before checkout.');
    expect(FILL_ALL_DESCRIPTION).toBe('All shipping information fields are required.');
    expect(CREATE_ORDER_FAILED).toBe('Failed to create order');
    expect(PLACE_ORDER_ERROR_TITLE).toBe('Error placing order');
    expect(PLACE_ORDER_ERROR_DESCRIPTION).toBe('Please try again later.');
    expect(CREATE_ORDER_LABEL).toBe('Create Order');
    expect(PROCESSING_LABEL).toBe('Processing...');
    expect(SHIPPING_FREE).toBe('Free');
  });
});
