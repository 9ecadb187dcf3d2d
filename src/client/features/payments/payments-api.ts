/**
 * Payment calls (docs/product.md §7): `GET /payments/fields` as a TanStack `queryOptions()` under the session key (it
 * sends the bearer token), `POST /payments {fields, orderId}` and the 'I have paid' report `POST
 * /payments/report {orderId, utr?}` as mutations. Both answers are parsed
 * through the shared schemas; the definitions are then normalised for the form (repeated names dropped).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@shared/orders/order-schemas';
import type { PaymentReportBody } from '@shared/payments/payment-report-schema';
import type { PaymentFieldDefinition, PaymentFieldType } from '@shared/payments/payment-fields';
import { paymentFieldsResponseSchema } from '@shared/payments/payment-field-schema';
import {
  paymentResponseSchema,
  type PaymentResponse,
  type PaymentSubmission,
} from '@shared/payments/payment-response';
import { apiRequest } from '@client/lib/api-client';
import { retryUnlessClientError } from '@client/lib/query-retry';
import { ORDERS_QUERY_KEY, SESSION_QUERY_KEY } from '@client/lib/query-keys';
import { httpOrigin } from './payment-destination';

/** The payment form's definitions depend on the signed-in user (prefilled name and e-mail). */
export const PAYMENT_FIELDS_QUERY_KEY = [...SESSION_QUERY_KEY, 'payment-fields'] as const;

/** The payment form as the page uses it: the definitions and the gateway origins the browser may follow. */
export type PaymentFormConfig = { fields: PaymentFieldDefinition[]; gatewayOrigins: string[] };

const FIELD_TYPES: readonly PaymentFieldType[] = [
  'text',
  'email',
  'password',
  'number',
  'tel',
  'textarea',
  'select',
  'checkbox',
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const optionalNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const texts = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;

/**
 * One definition with every property of the expected kind, or null without a name. An unknown type renders
 * as text; a missing label falls back to the name.
 */
function toDefinition(raw: unknown): PaymentFieldDefinition | null {
  if (!isRecord(raw)) return null;
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  if (!name) return null;
  const type = FIELD_TYPES.find((known) => known === raw.type) ?? 'text';
  const rules = isRecord(raw.rules)
    ? {
        required: raw.rules.required === true,
        minLength: optionalNumber(raw.rules.minLength),
        maxLength: optionalNumber(raw.rules.maxLength),
        pattern: optionalText(raw.rules.pattern),
      }
    : undefined;
  const options = Array.isArray(raw.options)
    ? raw.options.flatMap((option) => {
        if (typeof option === 'string') return [{ value: option, label: option }];
        if (!isRecord(option) || typeof option.value !== 'string') return [];
        const amount = optionalNumber(option.amount);
        return [
          {
            value: option.value,
            label: typeof option.label === 'string' ? option.label : option.value,
            ...(amount !== undefined ? { amount } : {}),
          },
        ];
      })
    : undefined;
  const defaultValue =
    typeof raw.defaultValue === 'string' || typeof raw.defaultValue === 'boolean'
      ? raw.defaultValue
      : undefined;
  return {
    name,
    label: typeof raw.label === 'string' && raw.label.trim() ? raw.label : name,
    type,
    placeholder: optionalText(raw.placeholder),
    description: optionalText(raw.description),
    options,
    inline: raw.inline === true,
    mask: optionalText(raw.mask),
    defaultValue,
    rules,
    rulesMessages: texts(raw.rulesMessages),
    showWhenFilled: texts(raw.showWhenFilled),
  };
}

/**
 * The fields answer as the page uses it (docs/product.md §7): a bare array of definitions or `{ fields: [...] }`;
 * anything else gives no fields. Entries without a name and repeated names are dropped. Gateway origins come
 * from `gatewayOrigins` (or `gatewayOrigin`) of the object form, http(s) origins only.
 */
export function normalisePaymentFields(body: unknown): PaymentFormConfig {
  const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.fields) ? body.fields : [];
  const seen = new Set<string>();
  const fields: PaymentFieldDefinition[] = [];
  for (const raw of list) {
    const field = toDefinition(raw);
    if (!field || seen.has(field.name)) continue;
    seen.add(field.name);
    fields.push(field);
  }
  const announced = isRecord(body)
    ? [
        ...(texts(body.gatewayOrigins) ?? []),
        ...(typeof body.gatewayOrigin === 'string' ? [body.gatewayOrigin] : []),
      ]
    : [];
  const gatewayOrigins = [...new Set(announced.map(httpOrigin).filter((origin) => origin !== null))];
  return { fields, gatewayOrigins };
}

/**
 * `GET /payments/fields[?orderId=…]`: the payment form's definitions (normalised); for an order, 'Cash on
 * delivery' is among the methods when the shop offers it for that order, with the order's total with its fee
 * as the option's `amount` (rupees, the server's sum).
 */
export const fieldsQueryOptions = (orderId?: string) =>
  queryOptions({
    queryKey: orderId ? [...PAYMENT_FIELDS_QUERY_KEY, orderId] : PAYMENT_FIELDS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      normalisePaymentFields(
        await apiRequest('/payments/fields', {
          signal,
          schema: paymentFieldsResponseSchema,
          query: { orderId },
        }),
      ),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });

/**
 * `POST /payments {fields, orderId}`, its answer parsed through the shared `paymentResponseSchema`
 * (`decidePaymentStep` still checks every destination before the browser follows it).
 * @throws {ApiError} 400 `{error, fields}` for bad fields, 404 for an unknown order, 409 for a paid or
 *   cancelled order, status 0 without a response; {InvalidResponseError} for an answer outside the contract.
 */
export function submitPayment(submission: PaymentSubmission): Promise<PaymentResponse> {
  return apiRequest('/payments', { method: 'POST', body: submission, schema: paymentResponseSchema });
}

export function useSubmitPaymentMutation() {
  return useMutation({ mutationFn: submitPayment });
}

/**
 * `POST /payments/report {orderId, utr?}`: the shopper says they paid the order by UPI (UTR: 12 digits or
 * empty). Answers the order, still Pending, with `paymentReported` set.
 * @throws {ApiError} 400 `{error, fields: {utr}}` for a bad UTR, 404 for an unknown order, 409 `Order RS-… is
 *   already paid` / `… is cancelled and cannot be paid`.
 */
export function submitPaymentReport(body: PaymentReportBody): Promise<Order> {
  return apiRequest('/payments/report', { method: 'POST', body, schema: orderSchema });
}

/** The report as a mutation; the orders the QR screen and the order pages read are fetched again after it. */
export function usePaymentReportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPaymentReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
