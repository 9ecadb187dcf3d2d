/**
 * The measurement sets a stitching add-on may need (docs/add-ons.md "Measurement sets"): each a list of fields
 * with the range a tailor accepts, in **inches**. Measurements are stored in inches; a shopper may enter them
 * in centimetres, converted here (1 in = 2.54 cm, rounded to a tenth of an inch). The ranges are the shop's
 * sanity limits for Indian women's and men's sizes (roughly XS to 5XL), not a size chart.
 */

/** The sets an add-on may ask for; `none` takes no measurements (fall & pico, a petticoat). */
export const MEASUREMENT_SETS = ['none', 'blouse', 'salwar-kameez', 'kurta'] as const;
export type MeasurementSet = (typeof MEASUREMENT_SETS)[number];

/** The units a shopper may enter measurements in; `in` is the stored unit. */
export const MEASUREMENT_UNITS = ['in', 'cm'] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

/** Centimetres per inch (exact, by definition). */
export const CM_PER_INCH = 2.54;

/** The standard sizes a shopper may pick instead of measurements (the bust or chest in inches). */
export const STANDARD_SIZES = [32, 34, 36, 38, 40, 42, 44] as const;
export type StandardSize = (typeof STANDARD_SIZES)[number];

/** One field of a set: its key in the request, its label and its range in inches (inclusive). */
export type MeasurementField = { key: string; label: string; min: number; max: number };

const BLOUSE_FIELDS: MeasurementField[] = [
  { key: 'bust', label: 'Bust', min: 26, max: 56 },
  { key: 'underBust', label: 'Under-bust', min: 22, max: 52 },
  { key: 'waist', label: 'Waist', min: 20, max: 56 },
  { key: 'shoulder', label: 'Shoulder', min: 11, max: 20 },
  { key: 'sleeveLength', label: 'Sleeve length', min: 2, max: 24 },
  { key: 'sleeveRound', label: 'Sleeve round', min: 8, max: 22 },
  { key: 'armhole', label: 'Armhole', min: 12, max: 24 },
  { key: 'blouseLength', label: 'Blouse length', min: 10, max: 22 },
  { key: 'frontNeckDepth', label: 'Front neck depth', min: 3, max: 12 },
  { key: 'backNeckDepth', label: 'Back neck depth', min: 3, max: 14 },
];

const SUIT_FIELDS: MeasurementField[] = [
  { key: 'chest', label: 'Chest', min: 26, max: 60 },
  { key: 'waist', label: 'Waist', min: 20, max: 60 },
  { key: 'hip', label: 'Hip', min: 28, max: 64 },
  { key: 'shoulder', label: 'Shoulder', min: 11, max: 22 },
  { key: 'length', label: 'Length', min: 20, max: 54 },
  { key: 'sleeveLength', label: 'Sleeve length', min: 2, max: 26 },
  { key: 'sleeveRound', label: 'Sleeve round', min: 8, max: 24 },
  { key: 'bottomLength', label: 'Bottom length', min: 28, max: 46 },
  { key: 'bottomWaist', label: 'Bottom waist', min: 20, max: 60 },
  { key: 'ankle', label: 'Ankle', min: 8, max: 20 },
];

/** The fields of each set, in the order the form and the packing slip show them. */
export const MEASUREMENT_FIELDS: Record<MeasurementSet, readonly MeasurementField[]> = {
  none: [],
  blouse: BLOUSE_FIELDS,
  'salwar-kameez': SUIT_FIELDS,
  kurta: SUIT_FIELDS,
};

/** The set's name as the shop writes it: 'Blouse', 'Salwar kameez', 'Kurta'. */
export const MEASUREMENT_SET_LABELS: Record<MeasurementSet, string> = {
  none: 'None',
  blouse: 'Blouse',
  'salwar-kameez': 'Salwar kameez',
  kurta: 'Kurta',
};

/** Measurements as stored: field key → inches (one decimal). */
export type StoredMeasurements = Record<string, number>;

/** `value` in `unit` as inches, rounded to a tenth of an inch. */
export function toInches(value: number, unit: MeasurementUnit): number {
  const inches = unit === 'cm' ? value / CM_PER_INCH : value;
  return Math.round(inches * 10) / 10;
}

/** `inches` in `unit`, rounded to a tenth (of an inch) or a whole centimetre. */
export function fromInches(inches: number, unit: MeasurementUnit): number {
  return unit === 'cm' ? Math.round(inches * CM_PER_INCH) : inches;
}

/** A range bound in `unit` as the messages write it: inches as they are, centimetres rounded inwards. */
function bound(inches: number, unit: MeasurementUnit, side: 'min' | 'max'): number {
  if (unit === 'in') return inches;
  const cm = inches * CM_PER_INCH;
  return side === 'min' ? Math.ceil(cm) : Math.floor(cm);
}

/** 'Bust must be between 26 and 56 inches' ('… between 67 and 142 cm' in centimetres). */
export function rangeMessage(field: MeasurementField, unit: MeasurementUnit): string {
  const name = unit === 'in' ? 'inches' : 'cm';
  return `${field.label} must be between ${bound(field.min, unit, 'min')} and ${bound(field.max, unit, 'max')} ${name}`;
}

/**
 * Checks `values` (field key → number in `unit`) against `set`: every field is required ('Bust is required'),
 * each within its range ({@link rangeMessage}), unknown keys refused ('is not a blouse measurement').
 * @returns the measurements in inches, or the problems by field key.
 */
export function checkMeasurements(
  set: MeasurementSet,
  unit: MeasurementUnit,
  values: Record<string, number>,
): { ok: true; inches: StoredMeasurements } | { ok: false; problems: Record<string, string> } {
  const fields = MEASUREMENT_FIELDS[set];
  const problems: Record<string, string> = {};
  const inches: StoredMeasurements = {};
  for (const key of Object.keys(values)) {
    if (!fields.some((field) => field.key === key)) {
      problems[key] = `is not a ${MEASUREMENT_SET_LABELS[set].toLowerCase()} measurement`;
    }
  }
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined) {
      problems[field.key] = `${field.label} is required`;
      continue;
    }
    const converted = toInches(value, unit);
    if (!Number.isFinite(value) || converted < field.min || converted > field.max) {
      problems[field.key] = rangeMessage(field, unit);
    } else inches[field.key] = converted;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, inches };
}

/**
 * The measurements as one line of text, in the set's order: 'Bust 34 in, Under-bust 30 in, …' (the packing
 * slip and the mails).
 */
export function measurementsText(set: MeasurementSet, inches: StoredMeasurements): string {
  return MEASUREMENT_FIELDS[set]
    .filter((field) => inches[field.key] !== undefined)
    .map((field) => `${field.label} ${inches[field.key]} in`)
    .join(', ');
}
