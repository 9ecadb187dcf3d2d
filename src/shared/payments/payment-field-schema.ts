/**
 * The payment form's field definitions as `GET /api/v1/payments/fields` answers them (docs/product.md §3 "Payment field
 * definition"): the one definition of their shape. The rules that apply them live in `./payment-fields.ts`
 * (no zod there, so the Payment page can use them without this schema).
 */
import { z } from 'zod';

export const paymentFieldTypeSchema = z.enum([
  'text',
  'email',
  'password',
  'number',
  'tel',
  'textarea',
  'select',
  'checkbox',
]);

export type PaymentFieldType = z.infer<typeof paymentFieldTypeSchema>;

export const paymentFieldDefinitionSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: paymentFieldTypeSchema,
  placeholder: z.string().optional(),
  description: z.string().optional(),
  /**
   * For `select`: the choices. A choice that changes what the order costs carries `amount`: the order's total
   * in rupees when it is chosen, computed by the server (cash on delivery: the total with its fee).
   */
  options: z
    .array(z.object({ value: z.string(), label: z.string(), amount: z.number().optional() }))
    .optional(),
  /** Render the label and the control on one line (checkboxes, short fields). */
  inline: z.boolean().optional(),
  /** Input mask hint; `phone-in` is the +91 mask (docs/product.md §5). */
  mask: z.string().optional(),
  defaultValue: z.union([z.string(), z.boolean()]).optional(),
  rules: z
    .object({
      required: z.boolean().optional(),
      minLength: z.number().int().optional(),
      maxLength: z.number().int().optional(),
      /** A JavaScript regular expression source the whole value must match. */
      pattern: z.string().optional(),
    })
    .optional(),
  /** `rulesMessages[0]` replaces 'This field is required'; `rulesMessages[1]` the pattern message. */
  rulesMessages: z.array(z.string()).optional(),
  /** The field shows only when at least one of these fields is non-empty. */
  showWhenFilled: z.array(z.string()).optional(),
});

export type PaymentFieldDefinition = z.infer<typeof paymentFieldDefinitionSchema>;

/** `GET /api/v1/payments/fields` answer: the definitions in form order. */
export const paymentFieldsResponseSchema = z.array(paymentFieldDefinitionSchema);

/**
 * `GET /api/v1/payments/fields` query: the order about to be paid (optional); with it the form offers 'Cash on
 * delivery' when the store offers it for that order.
 */
export const paymentFieldsQuerySchema = z.object({ orderId: z.string().trim().max(100).optional() });
