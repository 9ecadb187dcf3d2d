/**
 * A product's GST fields (docs/gst.md), shared by the catalogue file and the admin's product editor: its HSN
 * code and GST rate. Blank optional strings read as absent, as everywhere in the catalogue file.
 */
import { z } from 'zod';
import { optionalField } from '../catalog/catalog-fields';
import { GST_RATES } from './gst-rate';

/** An HSN code: 4, 6 or 8 digits (4 are enough below ₹5 crore of turnover, CBIC Notification 78/2020-CT). */
export const hsnField = optionalField(
  z
    .string()
    .trim()
    .regex(/^(?:[0-9]{4}|[0-9]{6}|[0-9]{8})$/, 'must be an HSN code of 4, 6 or 8 digits'),
);

/** A GST rate in percent, one of {@link GST_RATES}. */
export const gstRateField = z
  .number({ message: `must be one of ${GST_RATES.join(', ')}` })
  .refine((rate) => (GST_RATES as readonly number[]).includes(rate), {
    message: `must be one of ${GST_RATES.join(', ')}`,
  })
  .nullable()
  .optional();
