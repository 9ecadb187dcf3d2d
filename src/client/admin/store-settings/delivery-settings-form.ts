/**
 * The delivery settings screen's form (docs/delivery.md): the shared settings contract
 * (`deliverySettingsSchema`, rupees) with its lists typed as comma-separated text, so the form holds only
 * strings and booleans. {@link deliveryFormSchema} checks every text with the shared rules and turns the form
 * into the `PUT /admin/settings/delivery` body; {@link toDeliveryForm} fills the form from the settings.
 */
import { z } from 'zod';
import {
  deliverySettingsSchema,
  pinPrefixSchema,
  type DeliverySettingsBody,
} from '@shared/delivery/delivery-schemas';
import { findIndianState, UNKNOWN_STATE_MESSAGE } from '@shared/gst/indian-states';

/** A zone as the form holds it: lists as comma-separated text, numbers as typed. */
export type ZoneForm = {
  name: string;
  states: string;
  pinPrefixes: string;
  charge: string;
  minDays: string;
  maxDays: string;
};

export type DeliveryForm = {
  flatCharge: string;
  freeAbove: string;
  minDays: string;
  maxDays: string;
  unservedPinPrefixes: string;
  zones: ZoneForm[];
  codEnabled: boolean;
  codFee: string;
  codMaxOrderValue: string;
  codPinPrefixes: string;
};

/** 'a, b ,c' → ['a', 'b', 'c'] (blanks dropped). */
export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const listOf = (item: z.ZodType<string>, message: (bad: string) => string) =>
  z.string().superRefine((text, context) => {
    const bad = splitList(text).find((part) => !item.safeParse(part).success);
    if (bad !== undefined) context.addIssue({ code: 'custom', message: message(bad) });
  });
const pinList = listOf(pinPrefixSchema, (bad) => `'${bad}' is not 1 to 6 digits of a PIN code`);
const stateList = listOf(
  z.string().refine((name) => findIndianState(name) !== undefined),
  (bad) => `'${bad}' ${UNKNOWN_STATE_MESSAGE}`,
);
const amount = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount in rupees, e.g. 49 or 49.50');
const optionalAmount = z
  .string()
  .trim()
  .regex(/^(\d+(\.\d{1,2})?)?$/, 'Enter an amount in rupees, or leave it empty');
const days = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, 'Enter a number of days');

/** The form's rules; its output is the settings body (rupees), checked again by the shared schema. */
export const deliveryFormSchema = z
  .object({
    flatCharge: amount,
    freeAbove: optionalAmount,
    minDays: days,
    maxDays: days,
    unservedPinPrefixes: pinList,
    zones: z.array(
      z.object({
        name: z.string().trim().min(1, 'Enter a name'),
        states: stateList,
        pinPrefixes: pinList,
        charge: amount,
        minDays: days,
        maxDays: days,
      }),
    ),
    codEnabled: z.boolean(),
    codFee: amount,
    codMaxOrderValue: amount,
    codPinPrefixes: pinList,
  })
  .transform((form, context) => {
    const checked = deliverySettingsSchema.safeParse(toBody(form));
    if (checked.success) return checked.data;
    // Cross-field rules of the shared schema (maxDays ≥ minDays, a zone needs states or PIN prefixes).
    for (const issue of checked.error.issues) {
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: formFieldOf(issue.path.join('.')).split('.'),
      });
    }
    return z.NEVER;
  });

/** The form's texts as the settings body (rupees, lists), before the shared schema checks it. */
function toBody(form: {
  flatCharge: string;
  freeAbove: string;
  minDays: string;
  maxDays: string;
  unservedPinPrefixes: string;
  zones: ZoneForm[];
  codEnabled: boolean;
  codFee: string;
  codMaxOrderValue: string;
  codPinPrefixes: string;
}) {
  return {
    flatCharge: Number(form.flatCharge),
    freeAbove: form.freeAbove === '' ? null : Number(form.freeAbove),
    minDays: Number(form.minDays),
    maxDays: Number(form.maxDays),
    unservedPinPrefixes: splitList(form.unservedPinPrefixes),
    zones: form.zones.map((zone) => ({
      name: zone.name.trim(),
      states: splitList(zone.states),
      pinPrefixes: splitList(zone.pinPrefixes),
      charge: Number(zone.charge),
      minDays: Number(zone.minDays),
      maxDays: Number(zone.maxDays),
    })),
    cod: {
      enabled: form.codEnabled,
      fee: Number(form.codFee),
      maxOrderValue: Number(form.codMaxOrderValue),
      pinPrefixes: splitList(form.codPinPrefixes),
    },
  };
}

/** The form of stored settings (rupees). */
export function toDeliveryForm(settings: DeliverySettingsBody): DeliveryForm {
  return {
    flatCharge: String(settings.flatCharge),
    freeAbove: settings.freeAbove === null ? '' : String(settings.freeAbove),
    minDays: String(settings.minDays),
    maxDays: String(settings.maxDays),
    unservedPinPrefixes: settings.unservedPinPrefixes.join(', '),
    zones: settings.zones.map((zone) => ({
      name: zone.name,
      states: zone.states.join(', '),
      pinPrefixes: zone.pinPrefixes.join(', '),
      charge: String(zone.charge),
      minDays: String(zone.minDays),
      maxDays: String(zone.maxDays),
    })),
    codEnabled: settings.cod.enabled,
    codFee: String(settings.cod.fee),
    codMaxOrderValue: String(settings.cod.maxOrderValue),
    codPinPrefixes: settings.cod.pinPrefixes.join(', '),
  };
}

/**
 * A server field path of the body → the form's field: `cod.fee` → `codFee`, `zones.0.pinPrefixes.2` →
 * `zones.0.pinPrefixes` (the list's text), `unservedPinPrefixes.0` → `unservedPinPrefixes`.
 */
export function formFieldOf(path: string): string {
  const cod = /^cod\.(enabled|fee|maxOrderValue|pinPrefixes)/.exec(path);
  if (cod) return `cod${cod[1]![0]!.toUpperCase()}${cod[1]!.slice(1)}`;
  return path.replace(/^((?:zones\.\d+\.)?(?:states|pinPrefixes|unservedPinPrefixes))\.\d+$/, '$1');
}
