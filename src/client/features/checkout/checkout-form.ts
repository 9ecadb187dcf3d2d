/**
 * Checkout rules (docs/product.md §2 "Checkout", §3 "Shipping form", §5 "Checkout", §8 "Orders and payment errors") and
 * the pure steps of the submit: the blank-field check, the shared schema's field messages, the request's
 * `lines` built from the cart, the per-line quantity rules and the mapping of a failed answer to the form. No React,
 * no DOM: unit-tested in checkout-form.test.ts.
 */
import {
  MAX_LINES_PER_ORDER,
  MAX_QUANTITY_PER_LINE,
  TOO_MANY_UNPAID_ORDERS,
  type CreateOrderBody,
  type OrderLineRequest,
} from '@shared/orders/order-schemas';
import { shippingAddressSchema, type ShippingAddress } from '@shared/orders/shipping-address-schema';
import { isAllowedQuantity, quantityRuleMessage } from '@shared/catalog/unit-of-measure';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { ApiError } from '@client/lib/api-client';
import { cartLineKey, lineRule, type CartItem } from '@client/lib/cart/cart-reducer';
import { lineAddOns } from '@client/lib/add-ons/cart-add-ons';
import { variantLabel } from '@client/lib/orders/line-text';

/** docs/product.md §5 "Checkout": the empty-cart toast. */
export const CART_EMPTY_TITLE = 'Cart is empty';
export const CART_EMPTY_DESCRIPTION = 'Please add items to your cart before checkout.';
/** docs/product.md §5.5 "Checkout": the blank-field toast's description (its title names the fields). */
export const FILL_ALL_DESCRIPTION = 'All shipping information fields are required.';
/** docs/product.md §5.5 "Checkout": the invalid-field toast's description (its title names the fields). */
export const CHECK_FIELDS_DESCRIPTION = 'See the message under each field.';
/** docs/product.md §2.11: the toast when 'Save this address' was ticked and the save was refused. */
export const SAVE_ADDRESS_FAILED_TITLE = 'Address not saved';
/** docs/product.md §8 "Order placement failure": the inline text and the toast. */
export const CREATE_ORDER_FAILED = 'Failed to create order';
export const PLACE_ORDER_ERROR_TITLE = 'Error placing order';
export const PLACE_ORDER_ERROR_DESCRIPTION = 'Please try again later.';
/** docs/product.md §2 "Checkout": the submit button. */
export const CREATE_ORDER_LABEL = 'Create Order';
export const PROCESSING_LABEL = 'Processing...';
/** docs/product.md §2 "Checkout" / §9: shipping is shown as Free (a shop that set no delivery charges). */
export const SHIPPING_FREE = 'Free';
/** The shipping line while the shop's charge depends on the PIN code not yet typed (docs/delivery.md). */
export const SHIPPING_NEEDS_PIN = 'Enter your PIN code';
/** The line under the total where cash on delivery is offered: its fee is added if the shopper chooses it. */
export const CASH_ON_DELIVERY_FEE = 'Cash on delivery fee (if chosen)';

/** The six shipping fields in form order (docs/product.md §3 "Shipping form"). */
export const SHIPPING_FIELDS = ['fullName', 'address', 'city', 'state', 'postalCode', 'phone'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingFormValues = Record<ShippingField, string>;

/** Field labels, also used to turn the schema's short messages ('is required') into sentences. */
export const SHIPPING_LABELS: Record<ShippingField, string> = {
  fullName: 'Full name',
  address: 'Address',
  city: 'City',
  state: 'State',
  postalCode: 'PIN code',
  phone: 'Phone',
};

export const EMPTY_SHIPPING_FORM: ShippingFormValues = {
  fullName: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
};

/** The fields' labels in form order, joined: 'City, PIN code'. */
function fieldLabels(fields: readonly ShippingField[]): string {
  return SHIPPING_FIELDS.filter((field) => fields.includes(field))
    .map((field) => SHIPPING_LABELS[field])
    .join(', ');
}

/**
 * The toast of a submit the form refused, naming the fields (docs/product.md §5.5): blank fields first
 * ('Please fill in: City, PIN code' / 'All shipping information fields are required.'), else the fields
 * whose value is wrong ('Please check: PIN code' / 'See the message under each field.').
 */
export function refusedFormToast(
  blank: readonly ShippingField[],
  invalid: readonly ShippingField[],
): { title: string; description: string } | null {
  if (blank.length > 0)
    return { title: `Please fill in: ${fieldLabels(blank)}`, description: FILL_ALL_DESCRIPTION };
  if (invalid.length > 0) {
    return { title: `Please check: ${fieldLabels(invalid)}`, description: CHECK_FIELDS_DESCRIPTION };
  }
  return null;
}

/** The fields that are blank after trimming (docs/product.md §5: all six must be non-blank). */
export function blankShippingFields(
  values: Partial<Record<ShippingField, string | null | undefined>>,
): ShippingField[] {
  return SHIPPING_FIELDS.filter((field) => (values[field] ?? '').trim() === '');
}

/** Every field trimmed, as the request sends it. */
export function trimShippingForm(values: ShippingFormValues): ShippingFormValues {
  return Object.fromEntries(
    SHIPPING_FIELDS.map((field) => [field, values[field].trim()]),
  ) as ShippingFormValues;
}

/**
 * A field message as a sentence: the schema and the server speak in fragments ('must be a 6-digit PIN code
 * not starting with 0'), which get the field's label in front; a message that already starts with a capital
 * letter is kept as it is.
 */
export function fieldMessage(field: ShippingField, message: string): string {
  const text = message.trim();
  if (!text) return `${SHIPPING_LABELS[field]} is invalid`;
  return /^[a-z]/.test(text) ? `${SHIPPING_LABELS[field]} ${text}` : text;
}

const zodShippingResolver = zodResolver(shippingAddressSchema);

/**
 * The shipping form's resolver: the shared `shippingAddressSchema` (react-hook-form's zod resolver), its
 * fragments turned into sentences ('City is required'). While any field is blank only the blank ones are
 * marked (the storefront's 'Please fill in: …' step comes before the address checks). Valid values come out
 * trimmed. Nothing is sent while it finds a problem.
 */
export const shippingResolver: Resolver<ShippingFormValues, unknown, ShippingAddress> = async (
  values,
  context,
  options,
) => {
  const result = await zodShippingResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const blank = blankShippingFields(values);
  const errors: FieldErrors<ShippingFormValues> = {};
  for (const field of blank.length > 0 ? blank : SHIPPING_FIELDS) {
    const error = result.errors[field];
    if (error) errors[field] = { ...error, message: fieldMessage(field, error.message ?? '') };
  }
  return { values: {}, errors };
};

/** The cart line fields checkout reads. */
export type CheckoutLine = Pick<
  CartItem,
  | 'id'
  | 'name'
  | 'quantity'
  | 'selectedSize'
  | 'selectedColor'
  | 'variantId'
  | 'unit'
  | 'minQuantity'
  | 'quantityStep'
>;

/**
 * The request's `lines`: one per cart line, in cart order, naming the product, its variant (by id when the line
 * has one) and the size and colour the shopper chose, with the quantity in the product's unit (pieces, or
 * metres such as 2.5). Blank choices are left out.
 */
export function cartToLines(items: readonly CheckoutLine[]): OrderLineRequest[] {
  return items.map((item) => {
    const line: OrderLineRequest = { productId: item.id, quantity: item.quantity };
    if (item.variantId) line.variantId = item.variantId;
    if (item.selectedSize?.trim()) line.size = item.selectedSize.trim();
    if (item.selectedColor?.trim()) line.color = item.selectedColor.trim();
    // The add-ons chosen on the product page (docs/add-ons.md); the server prices them.
    const addOns = lineAddOns(cartLineKey(item));
    if (addOns.length > 0) line.addOns = addOns.map((addOn) => addOn.request);
    return line;
  });
}

/** How a line is named in a message: 'Maroon Raw Silk Kurta (M / Maroon)', or the name alone. */
export function checkoutLineName(
  item: Pick<CheckoutLine, 'name' | 'selectedSize' | 'selectedColor'>,
): string {
  const variant = variantLabel(item.selectedSize, item.selectedColor);
  return variant ? `${item.name} (${variant})` : item.name;
}

/**
 * Problems of the cart against the API's limits, as sentences naming the line, before anything is sent: at
 * most 10 pieces per line, a length of fabric in its steps from its minimum ('Fabric is sold in steps of
 * 0.5 m from 1 m'), at most 50 lines per order.
 */
export function cartLimitProblems(items: readonly CheckoutLine[]): string[] {
  const problems: string[] = [];
  for (const item of items) {
    const rule = lineRule(item);
    if (rule.unit === 'm') {
      if (!isAllowedQuantity(rule, item.quantity)) {
        problems.push(`${checkoutLineName(item)}: ${quantityRuleMessage(rule, item.quantity)}`);
      }
    } else if (item.quantity > MAX_QUANTITY_PER_LINE) {
      problems.push(
        `You can order at most ${MAX_QUANTITY_PER_LINE} of ${checkoutLineName(item)} at a time (your cart has ${item.quantity}). Please reduce the quantity in your cart.`,
      );
    }
  }
  if (items.length > MAX_LINES_PER_ORDER) {
    problems.push(
      `An order can hold at most ${MAX_LINES_PER_ORDER} lines. Please remove some from your cart.`,
    );
  }
  return problems;
}

/** The `POST /orders` body: the cart's lines and the trimmed address. */
export function createOrderBody(
  items: readonly CheckoutLine[],
  values: ShippingFormValues,
  couponCode = '',
): CreateOrderBody {
  return {
    lines: cartToLines(items),
    shippingAddress: trimShippingForm(values) as ShippingAddress,
    ...(couponCode ? { couponCode } : {}),
  };
}

/** What the summary shows after a failed `POST /orders` (the form shows `shippingAddress.*` under its inputs). */
export type CreateOrderFailure = {
  /** The inline text above the button: the server's text on 409, else 'Failed to create order'. */
  message: string;
  /** Messages about single lines (`lines.<i>…` keys of a 400 or 409), naming the line when the cart knows it. */
  productProblems: string[];
  /** True when the account has too many unpaid orders: the summary links to My Orders to pay or cancel one. */
  showOrdersLink: boolean;
};

/** The prefix of the address fields in a `POST /orders` error answer (`shippingAddress.postalCode`). */
export const SHIPPING_ADDRESS_PREFIX = 'shippingAddress.';

/** The cart line a `lines.<i>…` key (or a legacy `products.<id>` key) of an error answer is about. */
function lineOfKey(key: string, items: readonly CheckoutLine[]): CheckoutLine | undefined | null {
  const indexed = /^lines\.(\d+)(?:\.|$)/.exec(key);
  if (indexed) return items[Number(indexed[1])];
  if (key.startsWith('products.')) return items.find((item) => item.id === key.slice('products.'.length));
  return null;
}

/**
 * What a failed `POST /orders` shows in the summary: 409 shows the server's text (e.g. 'Not enough stock for
 * …', or 'You have unpaid orders. Please pay or cancel one of them first.' with a link to My Orders);
 * `lines.<i>…` messages of a 400 or 409 name the cart line ('Maroon Raw Silk Kurta (XL / Maroon): sold out');
 * everything else shows 'Failed to create order'. The address fields of a 400 go under the inputs
 * (lib/form-errors.ts, with {@link SHIPPING_ADDRESS_PREFIX}).
 */
export function createOrderFailure(error: unknown, items: readonly CheckoutLine[]): CreateOrderFailure {
  const failure: CreateOrderFailure = {
    message: CREATE_ORDER_FAILED,
    productProblems: [],
    showOrdersLink: false,
  };
  if (!(error instanceof ApiError)) return failure;
  if (error.status === 409 && error.serverMessage) {
    failure.message = error.serverMessage;
    failure.showOrdersLink = error.serverMessage === TOO_MANY_UNPAID_ORDERS;
  }
  if (error.status === 400 || error.status === 409) {
    for (const [key, message] of Object.entries(error.fields)) {
      const line = lineOfKey(key, items);
      if (line === null) {
        if (key === 'lines' || key === 'products') failure.productProblems.push(message);
        continue;
      }
      const problem = line ? `${checkoutLineName(line)}: ${message}` : message;
      if (!failure.productProblems.includes(problem)) failure.productProblems.push(problem);
    }
  }
  return failure;
}

/** The full name from account info for the prefill, or '' when the account has none. */
export function accountFullName(
  info: { firstName?: string | null; lastName?: string | null } | undefined,
): string {
  return [info?.firstName, info?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
