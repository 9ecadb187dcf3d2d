/**
 * The product page's add-on picker (docs/add-ons.md), loaded on its own (React.lazy) so neither the first load
 * nor the product page's chunk carries it: the add-ons the product offers ('Blouse stitching +₹1,200, adds 7
 * days'), and for one that needs measurements the choice of a saved profile, typed measurements or a standard
 * size (./add-on-measurement-choice.tsx). The choice is kept for the cart line (../../lib/add-ons/cart-add-ons.ts).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OfferedAddOn } from '@shared/add-ons/add-on-schemas';
import { checkMeasurements } from '@shared/add-ons/measurement-sets';
import { formatRupees } from '@shared/money';
import { measurementProfilesQuery, productAddOnsQuery } from './add-on-queries';
import { lineAddOns, setLineAddOns, type CartAddOn } from '@client/lib/add-ons/cart-add-ons';
import { useSession } from '@client/lib/session/session-context';
import { MeasurementChoice, numbersOf, type Choice } from './add-on-measurement-choice';

/**
 * The picker for the product `productId`, whose cart line is `lineKey`; `onChosen` hears the codes of the
 * add-ons chosen (comma-separated, '' for none) for the delivery estimate.
 */
export default function AddOnPicker({
  productId,
  lineKey,
  onChosen,
}: {
  productId: string;
  lineKey: string;
  onChosen?: (codes: string) => void;
}) {
  const { isAuthenticated } = useSession();
  const offered = useQuery(productAddOnsQuery(productId));
  const profiles = useQuery({ ...measurementProfilesQuery(), enabled: isAuthenticated });
  // What the cart line already holds (the page remounts the picker when the line changes).
  const [checked, setChecked] = useState<Record<string, Choice>>(() => heldChoices(lineKey));

  const addOns = offered.data?.addOns ?? [];
  useEffect(() => {
    if (!offered.data) return;
    const kept: CartAddOn[] = [];
    for (const addOn of offered.data.addOns) {
      const choice = checked[addOn.code];
      if (!choice) continue;
      const request = requestOf(addOn, choice);
      if (request)
        kept.push({
          request,
          title: addOn.title,
          price: addOn.price,
          leadDays: addOn.leadDays,
          measurementSet: addOn.measurementSet,
        });
    }
    setLineAddOns(lineKey, kept);
    onChosen?.(kept.map((addOn) => addOn.request.code).join(','));
  }, [checked, offered.data, lineKey, onChosen]);

  if (addOns.length === 0) return null;
  const toggle = (addOn: OfferedAddOn, on: boolean) =>
    setChecked((current) => {
      const next = { ...current };
      if (on)
        next[addOn.code] = { source: isAuthenticated ? 'profile' : 'measurements', unit: 'in', values: {} };
      else delete next[addOn.code];
      return next;
    });
  const update = (code: string, change: Partial<Choice>) =>
    setChecked((current) => ({ ...current, [code]: { ...current[code]!, ...change } }));

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium">Add-ons</legend>
      {addOns.map((addOn) => {
        const choice = checked[addOn.code];
        return (
          <div key={addOn.code} className="flex flex-col gap-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={choice !== undefined}
                onChange={(event) => toggle(addOn, event.target.checked)}
              />
              <span>
                {addOn.title} +{formatRupees(addOn.price)}
                {addOn.leadDays > 0 && (
                  <span className="text-stone-500"> (adds {addOn.leadDays} days to delivery)</span>
                )}
              </span>
            </label>
            {choice && addOn.measurementSet !== 'none' && (
              <MeasurementChoice
                addOn={addOn}
                choice={choice}
                update={(change) => update(addOn.code, change)}
                profiles={(profiles.data?.profiles ?? []).filter((p) => p.set === addOn.measurementSet)}
                signedIn={isAuthenticated}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The choices the cart line `lineKey` already holds, by add-on code. */
function heldChoices(lineKey: string): Record<string, Choice> {
  const held: Record<string, Choice> = {};
  for (const addOn of lineAddOns(lineKey)) {
    const r = addOn.request;
    held[r.code] = {
      source: r.measurementProfileId ? 'profile' : r.standardSize ? 'size' : 'measurements',
      ...(r.measurementProfileId ? { profileId: r.measurementProfileId } : {}),
      ...(r.standardSize ? { size: r.standardSize } : {}),
      unit: r.measurements?.unit ?? 'in',
      values: Object.fromEntries(
        Object.entries(r.measurements?.values ?? {}).map(([key, value]) => [key, String(value)]),
      ),
    };
  }
  return held;
}

/** The order's request for `addOn` as chosen, or null while the choice is incomplete or out of range. */
function requestOf(addOn: OfferedAddOn, choice: Choice): CartAddOn['request'] | null {
  if (addOn.measurementSet === 'none') return { code: addOn.code };
  if (choice.source === 'profile')
    return choice.profileId ? { code: addOn.code, measurementProfileId: choice.profileId } : null;
  if (choice.source === 'size') return choice.size ? { code: addOn.code, standardSize: choice.size } : null;
  const values = numbersOf(choice.values);
  const checked = checkMeasurements(addOn.measurementSet, choice.unit, values);
  return checked.ok ? { code: addOn.code, measurements: { unit: choice.unit, values } } : null;
}
