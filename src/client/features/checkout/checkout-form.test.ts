import { describe, expect, it } from 'vitest';
import { formatRupees } from '@shared/money';
import { createOrderBodySchema } from '@shared/orders/order-schemas';
import { ApiError } from '@client/lib/api-client';
import { setFieldErrors } from '@client/lib/form-errors';
import {
  accountFullName,
  blankShippingFields,
  CART_EMPTY_DESCRIPTION,
  CART_EMPTY_TITLE,
  cartLimitProblems,
  cartToProducts,
  CREATE_ORDER_FAILED,
  CREATE_ORDER_LABEL,
  createOrderBody,
  createOrderFailure,
  EMPTY_SHIPPING_FORM,
  fieldMessage,
  FILL_ALL_DESCRIPTION,
  FILL_ALL_TITLE,
  idempotencyKeyFor,
  newIdempotencyKey,
  PLACE_ORDER_ERROR_DESCRIPTION,
  PLACE_ORDER_ERROR_TITLE,
  PROCESSING_LABEL,
  quantityTimesPrice,
  SHIPPING_FIELDS,
  SHIPPING_FREE,
  SHIPPING_ADDRESS_PREFIX,
  shippingResolver,
  trimShippingForm,
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

const lines = [
  { id: 'p1', name: 'Banarasi Silk Saree', quantity: 2 },
  { id: 'p2', name: 'Cotton Kurta Fabric', quantity: 1 },
  { id: 'p1', name: 'Banarasi Silk Saree', quantity: 3 }, // same product, another size or colour
];

describe('cartToProducts (one API line per product)', () => {
  it('sums the quantities of cart lines with the same product id', () => {
    expect(cartToProducts(lines)).toEqual({ p1: 5, p2: 1 });
  });

  it('is empty for an empty cart', () => {
    expect(cartToProducts([])).toEqual({});
  });
});

describe('blankShippingFields (spec §5 "Checkout")', () => {
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
  it('sends the summed products map and the trimmed address, which the API schema accepts', () => {
    const body = createOrderBody(lines, { ...address, fullName: '  Asha Verma ', city: ' Lucknow' });
    expect(body).toEqual({ products: { p1: 5, p2: 1 }, shippingAddress: address });
    expect(createOrderBodySchema.safeParse(body).success).toBe(true);
  });

  it('trimShippingForm trims every field', () => {
    expect(trimShippingForm({ ...address, phone: ' +91 98390 41736 ' })).toEqual(address);
  });
});

describe('cartLimitProblems (1–10 of a product per order)', () => {
  it('is empty within the limit', () => {
    expect(cartLimitProblems(lines)).toEqual([]);
  });

  it('names a product whose summed quantity is above 10', () => {
    const problems = cartLimitProblems([...lines, { id: 'p1', name: 'Banarasi Silk Saree', quantity: 6 }]);
    expect(problems).toEqual([
      'You can order at most 10 of Banarasi Silk Saree at a time (your cart has 11). Please reduce the quantity in your cart.',
    ]);
  });
});

describe('createOrderFailure (spec §8 "Order placement failure")', () => {
  it("shows 'Failed to create order' for a server error or no response", () => {
    expect(createOrderFailure(new ApiError('x', 500, { error: 'Internal' }), lines)).toEqual({
      message: 'Failed to create order',
      productProblems: [],
    });
    expect(createOrderFailure(new ApiError('x', 0), lines).message).toBe(CREATE_ORDER_FAILED);
    expect(createOrderFailure(new Error('boom'), lines).message).toBe(CREATE_ORDER_FAILED);
  });

  it("shows the server's stock text on 409", () => {
    const error = new ApiError('x', 409, { error: 'Not enough stock for Banarasi Silk Saree' });
    expect(createOrderFailure(error, lines).message).toBe('Not enough stock for Banarasi Silk Saree');
  });

  it('names the products of a 400 in the summary; its address fields go under the inputs', () => {
    const error = new ApiError('x', 400, {
      error: 'Invalid request',
      fields: {
        'shippingAddress.postalCode': 'must be a 6-digit PIN code not starting with 0',
        'shippingAddress.phone': 'Phone number is not valid',
        'products.p2': 'quantity must be a whole number from 1 to 10',
        'products.gone': 'product not found',
        shippingAddress: 'ignored',
      },
    });
    expect(createOrderFailure(error, lines)).toEqual({
      message: 'Failed to create order',
      productProblems: [
        'Cotton Kurta Fabric: quantity must be a whole number from 1 to 10',
        'product not found',
      ],
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
    expect(rest.map(([key]) => key)).toEqual(['products.p2', 'products.gone', 'shippingAddress']);
  });
});

describe('idempotency key (one checkout attempt → one order)', () => {
  const body = createOrderBody(lines, address);
  let counter = 0;
  const newKey = () => `key-${++counter}`;

  it('keeps the key for a retried submit of the same body and changes it when the body changes', () => {
    const first = idempotencyKeyFor(null, body, newKey);
    const retry = idempotencyKeyFor(first, createOrderBody(lines, address), newKey);
    expect(retry.key).toBe(first.key);
    const changed = idempotencyKeyFor(first, createOrderBody(lines, { ...address, city: 'Kanpur' }), newKey);
    expect(changed.key).not.toBe(first.key);
  });

  it('newIdempotencyKey is a UUID v4, also without crypto.randomUUID (plain-http LAN address)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const fallback = newIdempotencyKey({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(fallback).toMatch(uuid);
    expect(fallback).not.toBe(
      newIdempotencyKey({ getRandomValues: (array) => crypto.getRandomValues(array) }),
    );
  });
});

describe('summary and prefill', () => {
  it('quantity x price reads "2 x ₹1,299"', () => {
    expect(quantityTimesPrice(2, formatRupees(1299))).toBe('2 x ₹1,299');
  });

  it('accountFullName joins the names or is empty', () => {
    expect(accountFullName({ firstName: ' Asha ', lastName: 'Verma' })).toBe('Asha Verma');
    expect(accountFullName({ firstName: 'Asha' })).toBe('Asha');
    expect(accountFullName(undefined)).toBe('');
  });
});

describe('exact texts (spec §2 "Checkout", §5, §8)', () => {
  it('match the specification character for character', () => {
    expect(CART_EMPTY_TITLE).toBe('Cart is empty');
    expect(CART_EMPTY_DESCRIPTION).toBe('Please add items to your cart before checkout.');
    expect(FILL_ALL_TITLE).toBe('Please fill all fields');
    expect(FILL_ALL_DESCRIPTION).toBe('All shipping information fields are required.');
    expect(CREATE_ORDER_FAILED).toBe('Failed to create order');
    expect(PLACE_ORDER_ERROR_TITLE).toBe('Error placing order');
    expect(PLACE_ORDER_ERROR_DESCRIPTION).toBe('Please try again later.');
    expect(CREATE_ORDER_LABEL).toBe('Create Order');
    expect(PROCESSING_LABEL).toBe('Processing...');
    expect(SHIPPING_FREE).toBe('Free');
  });
});
