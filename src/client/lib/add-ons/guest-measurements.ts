/**
 * A guest's typed measurements saved as a profile at sign-up (docs/add-ons.md "Profiles"): the measurements a
 * guest entered on the product page live with the cart's add-ons (./cart-add-ons.ts). The register page offers
 * to keep them for the new account ({@link keepForNewAccount}: a list in localStorage, as the server has no
 * account yet); the first sign-in after it saves each as a measurement profile (`POST /account/measurements`)
 * and points the cart's add-ons at the saved profile ({@link savePendingMeasurements}). Only lazy pages load
 * this file (register, sign-in).
 */
import { measurementProfileSchema } from '@shared/add-ons/measurement-profile-schemas';
import type { MeasurementsInput } from '@shared/add-ons/add-on-schemas';
import type { MeasurementSet } from '@shared/add-ons/measurement-sets';
import { apiRequest } from '@client/lib/api-client';
import { readCartAddOns, setLineAddOns } from './cart-add-ons';

/** localStorage key of the measurements waiting for the new account's first sign-in. */
export const PENDING_MEASUREMENTS_KEY = 'measurements-to-save';

/** One set of typed measurements: what it is for (the add-ons' titles) and the profile it becomes. */
export type TypedMeasurements = {
  name: string;
  set: Exclude<MeasurementSet, 'none'>;
  measurements: MeasurementsInput;
  titles: string[];
};

const sameMeasurements = (a: MeasurementsInput, b: MeasurementsInput) =>
  a.unit === b.unit &&
  Object.keys({ ...a.values, ...b.values }).every((key) => a.values[key] === b.values[key]);

/**
 * The distinct measurements typed for the cart's add-ons (not profiles or standard sizes), each named `name`
 * ('Mine'; the second 'Mine 2', …). Empty when there are none.
 */
export function typedMeasurements(name = 'Mine'): TypedMeasurements[] {
  const found: TypedMeasurements[] = [];
  for (const addOns of Object.values(readCartAddOns())) {
    for (const addOn of Array.isArray(addOns) ? addOns : []) {
      const { measurements } = addOn.request;
      const set = addOn.measurementSet;
      if (!measurements || !set || set === 'none') continue;
      const same = found.find(
        (entry) => entry.set === set && sameMeasurements(entry.measurements, measurements),
      );
      if (same) {
        if (!same.titles.includes(addOn.title)) same.titles.push(addOn.title);
        continue;
      }
      const profileName = found.length === 0 ? name : `${name} ${found.length + 1}`;
      found.push({ name: profileName, set, measurements, titles: [addOn.title] });
    }
  }
  return found;
}

/** Keeps `entries` for the first sign-in of the account being created (an empty list forgets them). */
export function keepForNewAccount(entries: TypedMeasurements[]): void {
  try {
    if (entries.length === 0) localStorage.removeItem(PENDING_MEASUREMENTS_KEY);
    else localStorage.setItem(PENDING_MEASUREMENTS_KEY, JSON.stringify(entries));
  } catch {
    // Storage off: nothing is kept, the shopper can still save them on the product page.
  }
}

function pending(): TypedMeasurements[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PENDING_MEASUREMENTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as TypedMeasurements[]) : [];
  } catch {
    return [];
  }
}

/**
 * After a sign-in: saves each kept set of measurements as a profile of the signed-in account, then makes the
 * cart's add-ons with those measurements use the saved profile, and forgets the list. A refused save (e.g. 10
 * profiles already) is dropped, and the cart keeps the typed measurements. @returns the profiles' names saved.
 */
export async function savePendingMeasurements(): Promise<string[]> {
  const entries = pending();
  if (entries.length === 0) return [];
  keepForNewAccount([]);
  const saved: string[] = [];
  for (const entry of entries) {
    let id: number;
    try {
      const profile = await apiRequest('/account/measurements', {
        method: 'POST',
        body: { name: entry.name, set: entry.set, measurements: entry.measurements },
        schema: measurementProfileSchema,
      });
      id = profile.id;
    } catch {
      continue;
    }
    saved.push(entry.name);
    for (const [key, addOns] of Object.entries(readCartAddOns())) {
      if (!Array.isArray(addOns)) continue;
      const uses = (addOn: (typeof addOns)[number]) =>
        addOn.measurementSet === entry.set &&
        addOn.request.measurements !== undefined &&
        sameMeasurements(addOn.request.measurements, entry.measurements);
      if (!addOns.some(uses)) continue;
      setLineAddOns(
        key,
        addOns.map((addOn) =>
          uses(addOn) ? { ...addOn, request: { code: addOn.request.code, measurementProfileId: id } } : addOn,
        ),
      );
    }
  }
  return saved;
}
