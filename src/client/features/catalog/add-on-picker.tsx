/**
 * The product page's add-on picker (docs/add-ons.md), loaded on its own (React.lazy) so neither the first load
 * nor the product page's chunk carries it: the add-ons the product offers ('Blouse stitching +₹1,200, adds 7
 * days'), and for one that needs measurements a saved profile (signed in), measurements in inches or
 * centimetres (checked as the server checks them, with the set's help picture), or a standard size. A signed-in
 * shopper may save typed measurements as a profile. The choice is kept for the cart line (../../lib/add-ons/cart-add-ons.ts).
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { productAddOnsSchema, type OfferedAddOn } from '@shared/add-ons/add-on-schemas';
import {
  measurementProfileListSchema,
  measurementProfileSchema,
} from '@shared/add-ons/measurement-profile-schemas';
import {
  checkMeasurements,
  MEASUREMENT_FIELDS,
  STANDARD_SIZES,
  type MeasurementUnit,
} from '@shared/add-ons/measurement-sets';
import { formatRupees } from '@shared/money';
import { MeasurementHelp } from '@client/components/add-ons/measurement-help';
import { Button } from '@client/components/ui/button';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { lineAddOns, setLineAddOns, type CartAddOn } from '@client/lib/add-ons/cart-add-ons';
import { useSession } from '@client/lib/session/session-context';

type Source = 'profile' | 'measurements' | 'size';
type Choice = {
  source: Source;
  profileId?: number;
  size?: number;
  unit: MeasurementUnit;
  values: Record<string, string>;
};

const PROFILES_KEY = ['account', 'measurements'];

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
  const offered = useQuery({
    queryKey: ['product-add-ons', productId],
    queryFn: () => apiRequest(`/products/${productId}/add-ons`, { schema: productAddOnsSchema }),
  });
  const profiles = useQuery({
    queryKey: PROFILES_KEY,
    queryFn: () => apiRequest('/account/measurements', { schema: measurementProfileListSchema }),
    enabled: isAuthenticated,
  });
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

const numbersOf = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value.trim() !== '')
      .map(([key, value]) => [key, Number(value)]),
  );

function MeasurementChoice(props: {
  addOn: OfferedAddOn;
  choice: Choice;
  update: (change: Partial<Choice>) => void;
  profiles: { id: number; name: string }[];
  signedIn: boolean;
}) {
  const { addOn, choice, update } = props;
  const queryClient = useQueryClient();
  const [profileName, setProfileName] = useState('Mine');
  const [saveError, setSaveError] = useState<string | null>(null);
  const values = numbersOf(choice.values);
  const check = checkMeasurements(addOn.measurementSet, choice.unit, values);
  const problems = check.ok ? {} : check.problems;
  const save = async () => {
    setSaveError(null);
    try {
      const saved = await apiRequest('/account/measurements', {
        method: 'POST',
        body: { name: profileName, set: addOn.measurementSet, measurements: { unit: choice.unit, values } },
        schema: measurementProfileSchema,
      });
      await queryClient.invalidateQueries({ queryKey: PROFILES_KEY });
      update({ source: 'profile', profileId: saved.id });
    } catch (error) {
      setSaveError(
        error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : 'Could not save',
      );
    }
  };
  const sources: [Source, string][] = [
    ...(props.signedIn ? [['profile', 'Saved profile'] as [Source, string]] : []),
    ['measurements', 'Enter measurements'],
    ['size', 'Standard size'],
  ];
  return (
    <div className="ml-6 flex flex-col gap-2 text-sm">
      <div role="radiogroup" aria-label={`${addOn.title}: measurements`} className="flex flex-wrap gap-3">
        {sources.map(([source, label]) => (
          <label key={source} className="flex items-center gap-1">
            <input
              type="radio"
              name={`${addOn.code}-source`}
              checked={choice.source === source}
              onChange={() => update({ source })}
            />
            {label}
          </label>
        ))}
      </div>
      {choice.source === 'profile' &&
        (props.profiles.length === 0 ? (
          <p className="text-stone-600">No saved profile yet: enter measurements and save them.</p>
        ) : (
          <label className="flex items-center gap-2">
            Profile
            <select
              className="rounded border px-2 py-1"
              value={choice.profileId ?? ''}
              onChange={(event) => update({ profileId: Number(event.target.value) || undefined })}
            >
              <option value="">Choose…</option>
              {props.profiles.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.name}
                </option>
              ))}
            </select>
          </label>
        ))}
      {choice.source === 'size' && (
        <label className="flex items-center gap-2">
          Size
          <select
            className="rounded border px-2 py-1"
            value={choice.size ?? ''}
            onChange={(event) => update({ size: Number(event.target.value) || undefined })}
          >
            <option value="">Choose…</option>
            {STANDARD_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      )}
      {choice.source === 'measurements' && (
        <>
          <MeasurementHelp set={addOn.measurementSet} />
          <label className="flex items-center gap-2">
            Unit
            <select
              className="rounded border px-2 py-1"
              value={choice.unit}
              onChange={(event) => update({ unit: event.target.value as MeasurementUnit })}
            >
              <option value="in">inches</option>
              <option value="cm">cm</option>
            </select>
          </label>
          <div className="grid grid-cols-2 gap-2">
            {MEASUREMENT_FIELDS[addOn.measurementSet].map((field) => (
              <label key={field.key} className="flex flex-col gap-0.5">
                {field.label}
                <input
                  inputMode="decimal"
                  className="rounded border px-2 py-1"
                  value={choice.values[field.key] ?? ''}
                  onChange={(event) =>
                    update({ values: { ...choice.values, [field.key]: event.target.value } })
                  }
                />
                {choice.values[field.key] && problems[field.key] && (
                  <span className="text-xs text-red-700">{problems[field.key]}</span>
                )}
              </label>
            ))}
          </div>
          {props.signedIn && check.ok && (
            <div className="flex items-end gap-2">
              <label className="flex flex-col gap-0.5">
                Profile name
                <input
                  className="rounded border px-2 py-1"
                  value={profileName}
                  onChange={(event) => setProfileName(event.target.value)}
                />
              </label>
              <Button type="button" size="sm" variant="outline" onClick={() => void save()}>
                Save as profile
              </Button>
            </div>
          )}
          {saveError && <p className="text-xs text-red-700">{saveError}</p>}
        </>
      )}
    </div>
  );
}
