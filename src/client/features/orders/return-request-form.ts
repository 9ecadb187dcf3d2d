/**
 * The return request form's rules (docs/returns.md "The shopper asks for a return or an exchange"), apart from
 * its page so they are tested without a browser: which lines can be asked back, the form's values, the
 * request body built from them (checked with the shared `createReturnBodySchema`), the places of the body's
 * problems in the form (`lines.0.quantity` of the body → the form's line it came from), and the sizes or
 * colours an exchange may take (same product, same price, not the ordered one; sold out ones kept, to be
 * struck).
 */
import type { ProductVariant } from '@shared/catalog/product-schema';
import type { Order } from '@shared/orders/order-schemas';
import { createReturnBodySchema, type CreateReturnBody } from '@shared/returns/return-schemas';
import type { ReturnReason } from '@shared/returns/return-rules';

/** The refusal when no line is ticked (the shared schema's text). */
export const CHOOSE_AN_ITEM = 'Please choose at least one item';
/** The refusal of an exchange without a size or colour chosen. */
export const CHOOSE_A_SIZE = 'Please choose a size or colour';

export type ReturnLineValues = {
  /** The order line's id. */
  lineId: string;
  selected: boolean;
  /** In the line's unit, as typed or chosen. */
  quantity: string;
  reason: ReturnReason | '';
  mode: 'refund' | 'exchange';
  exchangeVariantId: string;
};

export type ReturnFormValues = { lines: ReturnLineValues[]; note: string };

/** The lines of `order` that may still come back, with how much. */
export function returnableItems(order: Pick<Order, 'items'>): Order['items'] {
  return order.items.filter((item) => item.returnable === true && (item.returnableQuantity ?? 0) > 0);
}

/** The form's first values: nothing ticked, one piece (or all the metres), no reason, a refund. */
export function initialReturnValues(items: Order['items']): ReturnFormValues {
  return {
    lines: items.map((item) => ({
      lineId: item.id,
      selected: false,
      quantity: String(item.unit === 'm' ? (item.returnableQuantity ?? 0) : 1),
      reason: '',
      mode: 'refund',
      exchangeVariantId: '',
    })),
    note: '',
  };
}

/** A problem of the form: its place (`lines.2.reason`, `note`, or `root` for the whole form) and text. */
export type FormProblem = { field: string; message: string };

/**
 * The request body of `values`, or the form's problems: no line ticked, a ticked line without a reason or an
 * exchange without a size, and whatever the shared schema refuses (placed on the form's line).
 */
export function returnRequestOf(
  values: ReturnFormValues,
): { body: CreateReturnBody; formIndexes: number[] } | { problems: FormProblem[] } {
  const formIndexes = values.lines.flatMap((line, index) => (line.selected ? [index] : []));
  if (formIndexes.length === 0) return { problems: [{ field: 'root', message: CHOOSE_AN_ITEM }] };
  const problems: FormProblem[] = [];
  for (const index of formIndexes) {
    const line = values.lines[index]!;
    if (line.mode === 'exchange' && !line.exchangeVariantId)
      problems.push({ field: `lines.${index}.exchangeVariantId`, message: CHOOSE_A_SIZE });
  }
  const raw = {
    lines: formIndexes.map((index) => {
      const line = values.lines[index]!;
      return {
        lineId: line.lineId,
        quantity: Number(line.quantity),
        reason: line.reason,
        ...(line.mode === 'exchange' && line.exchangeVariantId
          ? { exchangeVariantId: line.exchangeVariantId }
          : {}),
      };
    }),
    ...(values.note.trim() ? { note: values.note } : {}),
  };
  const parsed = createReturnBodySchema.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.map(String).join('.'), formIndexes);
      if (field && !problems.some((problem) => problem.field === field))
        problems.push({ field, message: issue.message });
    }
  return problems.length > 0 ? { problems } : { body: parsed.data!, formIndexes };
}

/**
 * The form field a key of the body's `fields` names: `lines.1.quantity` → the form line the body's second
 * line came from; `lines.1.lineId` → that line's checkbox; `note` → the note; `lines` → the whole form.
 */
export function formFieldOf(key: string, formIndexes: number[]): string | undefined {
  if (key === 'note') return 'note';
  if (key === 'lines' || key === '') return 'root';
  const match = /^lines\.(\d+)\.(\w+)/.exec(key);
  if (!match) return undefined;
  const index = formIndexes[Number(match[1])];
  if (index === undefined) return undefined;
  const part = match[2] === 'lineId' ? 'selected' : match[2];
  return `lines.${index}.${part}`;
}

/** The price a variant sells at (rupees). */
const sellingPrice = (variant: Pick<ProductVariant, 'price' | 'discountedPrice'>) =>
  variant.discountedPrice ?? variant.price;

/**
 * The variants `item` may be exchanged for: those of its product at the price its own variant sells at now
 * (else the price paid), other than the one ordered; sold out ones stay in the list (`available: false`).
 */
export function exchangeChoices(
  item: Pick<Order['items'][number], 'variantId' | 'price'>,
  variants: readonly ProductVariant[],
): ProductVariant[] {
  const own = variants.find((variant) => variant.id === item.variantId);
  const price = own ? sellingPrice(own) : item.price;
  return variants.filter((variant) => variant.id !== item.variantId && sellingPrice(variant) === price);
}
