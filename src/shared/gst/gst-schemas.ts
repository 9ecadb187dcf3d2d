/**
 * The GST quote contract: `POST /gst/quote` — the GST inside the prices of the checkout's lines, computed by
 * the server with the rules of src/shared/gst (docs/gst.md) before the order is placed, so the checkout can
 * show 'Prices include GST' with the amount. Amounts in **rupees**.
 */
import { z } from 'zod';
import { GST_SUPPLY_KINDS, MAX_LINES_PER_ORDER, orderLineRequestSchema } from '../orders/order-schemas';

/** `POST /gst/quote` body: the checkout's lines (as `POST /orders` takes them) and, when chosen, the delivery state. */
export const taxQuoteBodySchema = z.object({
  lines: z
    .array(orderLineRequestSchema)
    .min(1, 'must contain at least one product')
    .max(MAX_LINES_PER_ORDER, `must contain at most ${MAX_LINES_PER_ORDER} lines`),
  state: z.string().trim().max(80).optional(),
  /** The delivery PIN code, when typed: the answer then carries the shipping charge and its GST. */
  postalCode: z.string().trim().max(6).optional(),
});
export type TaxQuoteBody = z.infer<typeof taxQuoteBodySchema>;

/**
 * `POST /gst/quote` answer: whether the store is registered under GST, how the tax is levied for the state
 * given (null without a known state), the GST inside the lines' prices (rupees), and each found line's rate
 * and tax in the body's order (lines that cannot be ordered are left out, the order would refuse them).
 */
export const taxQuoteSchema = z.object({
  registered: z.boolean(),
  supply: z.enum(GST_SUPPLY_KINDS).nullable(),
  tax: z.number(),
  lines: z.array(z.object({ position: z.number().int(), gstRate: z.number(), tax: z.number() })),
  /**
   * With a 6-digit `postalCode` (docs/delivery.md): the shipping charge in rupees (its GST is in `tax`), null
   * when the shop does not deliver there; and the cash-on-delivery fee in rupees when COD is offered for this
   * PIN code and value, else null. Absent without a PIN code.
   */
  shipping: z.number().nullable().optional(),
  codFee: z.number().nullable().optional(),
});
export type TaxQuote = z.infer<typeof taxQuoteSchema>;

/** Which document of an order to download: its tax invoice (or bill of supply), or its credit note. */
export const taxDocumentParamsSchema = z.object({
  orderId: z.string(),
  document: z.enum(['invoice', 'credit-note'], { message: 'must be invoice or credit-note' }),
});

/**
 * `GET /orders/{orderId}/{invoice|credit-note}` answer: the PDF's bytes (`application/pdf`, sent as they are,
 * never serialised as JSON).
 */
export const pdfFileSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
  message: 'must be the bytes of a PDF file',
});

/** The 404 message for an order that has no such document yet (not shipped, or never cancelled after). */
export const NO_TAX_DOCUMENT = {
  invoice: 'No invoice has been issued for this order yet',
  'credit-note': 'No credit note has been issued for this order',
} as const;

/** 404 for a credit note number that is not one of the order's. */
export const CREDIT_NOTE_NOT_FOUND = 'This order has no credit note with that number';

/**
 * A credit note's number as a path segment: `CN/26-27/000004` URL-encoded (`CN%2F26-27%2F000004`), or with
 * dashes for the slashes as in its file name (`CN-26-27-000004`); read as `CN/26-27/000004`.
 */
export const creditNoteNumberSchema = z
  .string()
  .trim()
  .max(40)
  .transform((value) => {
    const dashed = /^([A-Za-z]+)-(\d{2}-\d{2})-(\d+)$/.exec(value);
    return (dashed ? `${dashed[1]}/${dashed[2]}/${dashed[3]}` : value).toUpperCase();
  });

/** `GET /orders/{orderId}/credit-notes/{number}` and the admin's `…/documents/credit-notes/{number}` path. */
export const creditNoteParamsSchema = z.object({
  orderId: z.string().max(64),
  number: creditNoteNumberSchema,
});

/** The sheets of the GSTR-1 export, as the admin downloads them one by one (docs/gst.md "GSTR-1"). */
export const GSTR1_SHEETS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;
export type Gstr1Sheet = (typeof GSTR1_SHEETS)[number];

/** `GET /api/v1/admin/gst/gstr1/:month/:sheet` path: a month `YYYY-MM` (India Standard Time) and a sheet. */
export const gstr1DownloadParamsSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month is written YYYY-MM, e.g. 2026-11'),
  sheet: z.enum(GSTR1_SHEETS, { message: `must be one of ${GSTR1_SHEETS.join(', ')}` }),
});

/** `GET /api/v1/admin/gst/gstr1/:month/:sheet` answer: the sheet as CSV text (`text/csv`, CRLF lines). */
export const gstr1SheetCsvSchema = z.string();

/** `GET /api/v1/admin/orders/:orderId/documents/:document` path: the order number as typed. */
export const adminTaxDocumentParamsSchema = z.object({
  orderId: z.string().max(40),
  document: z.enum(['invoice', 'credit-note'], { message: 'must be invoice or credit-note' }),
});
