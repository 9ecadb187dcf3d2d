/**
 * The GST fields of the catalogue import file (docs/catalog-format.md, docs/gst.md): the store block's legal
 * name, legal address, state, GSTIN, invoice prefix and per-category defaults, and a product's `hsn` and
 * `gstRate`. Blank optional strings read as absent, as everywhere in the file.
 */
import { z } from 'zod';
import { gstRateField, hsnField } from '@shared/gst/gst-product-fields';
import { gstinProblem, normaliseGstin } from '@shared/gst/gstin';
import { findIndianState, UNKNOWN_STATE_MESSAGE } from '@shared/gst/indian-states';
import { optionalField, optionalText } from '@shared/catalog/catalog-fields';

/** The store's state: one of the 36 states and union territories, stored under its canonical name. */
const stateField = optionalField(
  z
    .string()
    .trim()
    .refine((name) => findIndianState(name) !== undefined, { message: UNKNOWN_STATE_MESSAGE })
    .transform((name) => findIndianState(name)!.name),
);

/** A GSTIN, normalised (spaces removed, upper case) and validated with its check character. */
const gstinField = optionalField(
  z
    .string()
    .transform(normaliseGstin)
    .superRefine((gstin, context) => {
      const problem = gstinProblem(gstin);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
);

/** The store block's GST fields. */
export const storeGstFields = {
  /** The supplier's legal name on invoices; absent: `companyName`. */
  legalName: optionalText(200),
  /** The supplier's address on invoices (with its PIN code); absent: `companyAddress`. */
  legalAddress: optionalText(500),
  state: stateField,
  gstin: gstinField,
  /** 1–3 capitals or digits before the invoice number: `RS` → `RS/25-26/000123`. */
  invoicePrefix: optionalField(
    z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{1,3}$/, 'must be 1 to 3 capital letters or digits'),
  ),
  /** Category name → its products' default `hsn` and `gstRate`. */
  gstDefaults: z
    .record(z.string().trim().min(1).max(60), z.object({ hsn: hsnField, gstRate: gstRateField }))
    .default({}),
};

/**
 * The store block's cross-field rules: a GSTIN needs the store's `state`, and its first two digits must be that
 * state's GST state code (`store.gstin: must start with 08, the GST state code of Rajasthan`).
 */
export function storeGstProblems(store: {
  state?: string | null;
  gstin?: string | null;
}): { path: string[]; message: string }[] {
  if (!store.gstin) return [];
  if (!store.state) return [{ path: ['state'], message: 'is required with a GSTIN' }];
  const indianState = findIndianState(store.state);
  if (!indianState) return []; // the state's own rule reports it
  if (!store.gstin.startsWith(indianState.code)) {
    return [
      {
        path: ['gstin'],
        message: `must start with ${indianState.code}, the GST state code of ${indianState.name}`,
      },
    ];
  }
  return [];
}
