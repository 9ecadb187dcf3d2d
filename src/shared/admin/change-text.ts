/**
 * How the admin words a change (docs/admin.md "Audit"): an order's status history and the audit log's
 * before → after values as sentences in the store's own words — 'Status changed from Pending to Processing',
 * 'Price changed from ₹999 to ₹949', 'Sale price set to ₹949', 'Stock changed from 5 to 3' — never field
 * names or codes. A value that did not change gives no line. Prices in the audit log are **rupees**; they are
 * written by the one money rule (src/shared/money.ts, docs/product.md §9).
 */
import { formatRupees } from '../money';
import { orderStatusLabel } from '../orders/order-status';

/** The words of the fields the audit log records, by key; any other key is spelt out from its name. */
const FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  utr: 'UTR',
  trackingNumber: 'Tracking number',
  courier: 'Courier',
  cause: 'Reason',
  cancellationCause: 'Reason',
  sku: 'SKU',
  title: 'Title',
  description: 'Description',
  category: 'Category',
  parentCategory: 'Parent category',
  regularPrice: 'Price',
  discountedPrice: 'Sale price',
  stock: 'Stock',
  unit: 'Unit',
  minQuantity: 'Minimum quantity',
  quantityStep: 'Quantity step',
  hsn: 'HSN code',
  gstRate: 'GST rate',
  imgUrl: 'Main image',
  images: 'Images',
  attributes: 'Details',
  sizes: 'Sizes',
  colors: 'Colours',
  size: 'Size',
  color: 'Colour',
  variants: 'Variants',
  archived: 'Archived',
  role: 'Role',
  revoked: 'Access removed',
  email: 'E-mail',
  url: 'Image',
};

/** Keys whose values are amounts in rupees. */
const MONEY_KEYS = new Set(['regularPrice', 'discountedPrice']);

/** 'trackingNumber' → 'Tracking number' for a key without its own words. */
const spelt = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The words of field `key`: 'Sale price' for `discountedPrice`. */
export const fieldLabel = (key: string) => FIELD_LABELS[key] ?? spelt(key);

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A variant row's details in brackets: ' (M / Maroon, stock 5, ₹1,299)', or '' without any. */
function variantDetails(row: Record<string, unknown>): string {
  const details = [
    [row.size, row.color].filter((part) => typeof part === 'string' && part !== '').join(' / '),
    row.stock == null ? '' : `stock ${String(row.stock)}`,
    typeof row.regularPrice === 'number' ? formatRupees(row.regularPrice) : '',
  ].filter(Boolean);
  return details.length > 0 ? ` (${details.join(', ')})` : '';
}

/** One variant row of the audit log as `SKU (M / Maroon, stock 5, ₹1,299)`. */
const variantText = (row: Record<string, unknown>) => `${String(row.sku ?? '?')}${variantDetails(row)}`;

/** Field `key`'s value as a short text: ₹ for prices, 'yes' / 'no', lists joined, long texts cut. */
export function valueText(key: string, value: unknown): string {
  if (isBlank(value)) return 'none';
  if (key === 'status' && typeof value === 'number') return orderStatusLabel(value);
  if (MONEY_KEYS.has(key) && typeof value === 'number') return formatRupees(value);
  if (key === 'gstRate' && typeof value === 'number') return `${value} %`;
  if (key === 'unit') return value === 'm' ? 'metres' : value === 'piece' ? 'pieces' : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        if (key === 'variants' && typeof item === 'object' && item !== null)
          return variantText(item as Record<string, unknown>);
        if (typeof item === 'object' && item !== null)
          return Object.values(item).flat().filter(Boolean).join(' ');
        return String(item);
      })
      .join(', ');
  }
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * One field's change as a sentence: 'Price changed from ₹999 to ₹949', 'Sale price set to ₹949' (it had
 * none), 'Sale price removed (was ₹999)'; null when old and new are the same. With `onlyNew` (the entry
 * records no earlier value for the field, e.g. the UTR of a payment marked paid) the new value alone:
 * 'UTR: 412345678901'.
 */
export function fieldChangeText(
  key: string,
  before: unknown,
  after: unknown,
  onlyNew = false,
): string | null {
  const label = fieldLabel(key);
  if (onlyNew) return isBlank(after) ? null : `${label}: ${valueText(key, after)}`;
  if (same(before, after) || (isBlank(before) && isBlank(after))) return null;
  if (isBlank(before)) return `${label} set to ${valueText(key, after)}`;
  if (isBlank(after)) return `${label} removed (was ${valueText(key, before)})`;
  return `${label} changed from ${valueText(key, before)} to ${valueText(key, after)}`;
}

type VariantRow = Record<string, unknown> & { id?: unknown; sku?: unknown };

/**
 * The variant rows' changes, matched by id (else SKU): 'KUR-S-MRN: Stock changed from 5 to 3',
 * 'Variant KUR-XL-MRN added (XL / Maroon, stock 2)', 'Variant KUR-L-MRN removed'.
 */
function variantChangeLines(before: unknown, after: unknown): string[] {
  const rows = (value: unknown) => (Array.isArray(value) ? (value as VariantRow[]) : []);
  const keyOf = (row: VariantRow) => String(row.id ?? row.sku);
  const old = new Map(rows(before).map((row) => [keyOf(row), row]));
  const lines: string[] = [];
  for (const row of rows(after)) {
    const was = old.get(keyOf(row));
    old.delete(keyOf(row));
    if (!was) {
      lines.push(`Variant ${String(row.sku ?? '?')} added${variantDetails(row)}`);
      continue;
    }
    for (const key of Object.keys({ ...was, ...row })) {
      if (key === 'id') continue;
      const line = fieldChangeText(key, was[key], row[key]);
      if (line) lines.push(`${String(row.sku ?? was.sku)}: ${line}`);
    }
  }
  for (const row of old.values()) lines.push(`Variant ${String(row.sku ?? '?')} removed`);
  return lines;
}

/**
 * The lines of one audit entry: a sentence per field whose value changed, in the entry's order (variants row by
 * row); fields only in `after` of an entry with a `before` read as new values ('UTR: 412345678901'); a new
 * thing (`before` null) lists nothing — the entry's action says it was created. Equal values give no line.
 */
export function auditChangeLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  if (!before) return [];
  const lines: string[] = [];
  for (const key of Object.keys({ ...before, ...(after ?? {}) })) {
    if (key === 'archived') continue; // the action says it: 'archived it', 'put it back on sale'
    const old = before[key];
    const now = after?.[key];
    if (key === 'variants') lines.push(...variantChangeLines(old, now));
    else {
      const line = fieldChangeText(key, old, now, !(key in before));
      if (line) lines.push(line);
    }
  }
  return lines;
}

/** What each audit action did, in words ('marked it paid' for `mark-paid`); other actions are spelt out. */
const ACTION_LABELS: Record<string, string> = {
  create: 'created it',
  update: 'saved it',
  archive: 'archived it',
  unarchive: 'put it back on sale',
  'add-images': 'added images',
  'delete-image': 'deleted an image',
  'mark-paid': 'marked it paid',
  ship: 'shipped it',
  deliver: 'marked it delivered',
  cancel: 'cancelled it',
  'reject-report': 'rejected the payment report',
  rto: 'marked it returned to origin',
};

/** The words of audit action `action`: 'marked it paid' for `mark-paid`, 'update gst' for `update-gst`. */
export const auditActionLabel = (action: string) => ACTION_LABELS[action] ?? action.replace(/-/g, ' ');

/**
 * Whether an audit entry is worth a line in a history: not a save (`update…`) whose values all stayed as they
 * were — such entries are no longer written, but older ones may be in the log.
 */
export const auditEntryShown = (entry: {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) =>
  !entry.action.startsWith('update') ||
  !entry.before ||
  auditChangeLines(entry.before, entry.after).length > 0;

/**
 * An order event's line in the admin's history: 'Placed' (no earlier status) or 'Status changed from Pending to
 * Processing'; null for an event that kept the status (a note such as the shopper's 'I have paid', shown by its
 * cause alone).
 */
export function statusChangeText(from: number | null, to: number): string | null {
  if (from === null) return 'Placed';
  if (from === to) return null;
  return `Status changed from ${orderStatusLabel(from)} to ${orderStatusLabel(to)}`;
}

/** Who caused an order event, by the cause's prefix, and the steps' codes, in words. */
const CAUSE_WORDS: [RegExp, string][] = [
  [/^(\w+): mark-paid\b/, '$1: marked paid,'],
  [/^(\w+): ship\b/, '$1: shipped'],
  [/^(\w+): deliver\b/, '$1: delivered'],
  [/^(\w+): cancel\b/, '$1: cancelled'],
  [/^admin:/, 'Shop:'],
  [/^cli:/, 'Command line:'],
  [/^customer:/, 'Shopper:'],
  [/^payment:/, 'Payment:'],
  [/^payment window:/, 'Payment window:'],
];

/**
 * An order event's cause (`order_events.cause`) as the admin shows it under the event: who and what in words —
 * 'admin: mark-paid UTR 412345678901' → 'Shop: marked paid, UTR 412345678901', 'customer: says paid by UPI,
 * UTR …' → 'Shopper: says paid by UPI, UTR …'; null for 'created' (the line already says 'Placed').
 */
export function eventCauseText(cause: string): string | null {
  if (cause === 'created') return null;
  return CAUSE_WORDS.reduce((text, [pattern, words]) => text.replace(pattern, words), cause);
}
