/**
 * Pricing the add-ons of an order's lines (docs/add-ons.md "At checkout"): each add-on the line asks for must
 * be offered on its product; one that needs measurements takes exactly one of a saved profile of the shopper,
 * measurements (checked against the set's ranges, stored in inches) or a standard size. Priced from the
 * store's settings, never from the client: price per piece × the line's pieces (1 for fabric by the metre),
 * GST-inclusive, in paise, with its GST as a service line at the add-on's own rate (SAC). Coupons and
 * promotions do not apply to add-ons (docs/decisions/033-stitching-add-ons.md).
 */
import type { LineAddOnRequest } from '@shared/add-ons/add-on-schemas';
import {
  checkMeasurements,
  MEASUREMENT_SET_LABELS,
  type MeasurementSet,
  type StoredMeasurements,
} from '@shared/add-ons/measurement-sets';
import { lineGst, untaxedLine, type LineGst } from '@shared/gst/line-gst';
import type { SupplyKind } from '@shared/gst/tax-split';
import type { Db } from '../../db/database';
import { ValidationError } from '../../errors';
import { findProfile } from './measurement-profiles';
import { listStoreAddOns, offeredFor, productFacts } from './store-add-ons';

/** The messages of refused add-ons (on `lines.<i>.addOns.<j>.<part>`). */
export const NOT_OFFERED = 'is not offered with this product';
export const ADD_ON_TWICE = 'is listed more than once';
export const MEASUREMENTS_NEEDED = 'Please give measurements, a saved profile or a standard size';
export const ONLY_ONE_SOURCE = 'Give only one of measurements, a saved profile or a standard size';
export const NOT_YOUR_PROFILE = 'is not one of your measurement profiles';

/** An order line whose add-ons are priced: its key in the body (`lines.<key>`), product and quantity. */
export type AddOnOrderLine = {
  key: string;
  position: number;
  productId: string;
  unit: 'piece' | 'm';
  quantity: number;
  requests: LineAddOnRequest[];
};

/** A priced add-on of the line at `linePosition`, as the order stores it (paise, inches). */
export type PricedAddOn = {
  linePosition: number;
  position: number;
  code: string;
  title: string;
  unitPricePaise: number;
  quantity: number;
  totalPaise: number;
  leadDays: number;
  measurementSet: MeasurementSet;
  profileName: string | null;
  measurements: StoredMeasurements | null;
  standardSize: number | null;
  sac: string;
  gst: LineGst;
};

/** The message of a profile of another set: 'holds kurta measurements; this add-on needs blouse measurements'. */
export function wrongSetMessage(profileSet: MeasurementSet, wanted: MeasurementSet): string {
  const name = (set: MeasurementSet) => MEASUREMENT_SET_LABELS[set].toLowerCase();
  return `holds ${name(profileSet)} measurements; this add-on needs ${name(wanted)} measurements`;
}

/**
 * Prices the add-ons of `lines` for the shopper `userId` of `storeId`. `supply`: how the order's GST is levied
 * (null: the store is not registered; no tax).
 * @throws {ValidationError} naming each refused add-on: `lines.<i>.addOns.<j>.code` {@link NOT_OFFERED} /
 *   {@link ADD_ON_TWICE}; `….measurements` {@link MEASUREMENTS_NEEDED} / {@link ONLY_ONE_SOURCE};
 *   `….measurementProfileId` {@link NOT_YOUR_PROFILE} or {@link wrongSetMessage}; `….measurements.values.<key>`
 *   the range rule ('Bust must be between 26 and 56 inches').
 */
export async function priceAddOns(
  db: Db,
  input: { storeId: number; userId: number; lines: AddOnOrderLine[]; supply: SupplyKind | null },
): Promise<PricedAddOn[]> {
  const asking = input.lines.filter((line) => line.requests.length > 0);
  if (asking.length === 0) return [];
  const storeAddOns = await listStoreAddOns(db, input.storeId);
  const facts = await productFacts(
    db,
    input.storeId,
    asking.map((line) => line.productId),
  );
  const owner = { storeId: input.storeId, userId: input.userId };
  const problems: Record<string, string> = {};
  const priced: PricedAddOn[] = [];
  for (const line of asking) {
    const product = facts.get(line.productId);
    const offered = product ? offeredFor(storeAddOns, product) : [];
    const seen = new Set<string>();
    for (const [index, request] of line.requests.entries()) {
      const field = `lines.${line.key}.addOns.${index}`;
      const addOn = offered.find((candidate) => candidate.code === request.code);
      if (!addOn) {
        problems[`${field}.code`] = NOT_OFFERED;
        continue;
      }
      if (seen.has(addOn.code)) {
        problems[`${field}.code`] = ADD_ON_TWICE;
        continue;
      }
      seen.add(addOn.code);
      let measurements: StoredMeasurements | null = null;
      let standardSize: number | null = null;
      let profileName: string | null = null;
      if (addOn.measurementSet !== 'none') {
        const sources = [request.measurementProfileId, request.measurements, request.standardSize].filter(
          (source) => source !== undefined,
        );
        if (sources.length !== 1) {
          problems[`${field}.measurements`] = sources.length === 0 ? MEASUREMENTS_NEEDED : ONLY_ONE_SOURCE;
          continue;
        }
        if (request.measurementProfileId !== undefined) {
          const profile = await findProfile(db, owner, request.measurementProfileId);
          if (!profile) {
            problems[`${field}.measurementProfileId`] = NOT_YOUR_PROFILE;
            continue;
          }
          if (profile.set !== addOn.measurementSet) {
            problems[`${field}.measurementProfileId`] = wrongSetMessage(profile.set, addOn.measurementSet);
            continue;
          }
          measurements = profile.measurements;
          profileName = profile.name;
        } else if (request.measurements !== undefined) {
          const checked = checkMeasurements(
            addOn.measurementSet,
            request.measurements.unit,
            request.measurements.values,
          );
          if (!checked.ok) {
            for (const [key, message] of Object.entries(checked.problems)) {
              problems[`${field}.measurements.values.${key}`] = message;
            }
            continue;
          }
          measurements = checked.inches;
        } else standardSize = request.standardSize!;
      }
      const quantity = line.unit === 'm' ? 1 : line.quantity;
      const totalPaise = addOn.pricePaise * quantity;
      priced.push({
        linePosition: line.position,
        position: index,
        code: addOn.code,
        title: addOn.title,
        unitPricePaise: addOn.pricePaise,
        quantity,
        totalPaise,
        leadDays: addOn.leadDays,
        measurementSet: addOn.measurementSet,
        profileName,
        measurements,
        standardSize,
        sac: addOn.sac,
        gst:
          input.supply === null
            ? untaxedLine(totalPaise)
            : lineGst(
                { unitPricePaise: addOn.pricePaise, unit: 'piece', overrideRate: addOn.gstRate },
                totalPaise,
                input.supply,
              ),
      });
    }
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return priced;
}

/** The longest lead time of `addOns`, days (0: none): the delivery estimate adds it. */
export function longestLeadDays(addOns: readonly Pick<PricedAddOn, 'leadDays'>[]): number {
  return addOns.reduce((longest, addOn) => Math.max(longest, addOn.leadDays), 0);
}
