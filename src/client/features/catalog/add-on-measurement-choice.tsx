/**
 * How the shopper gives the measurements of an add-on that needs them (docs/add-ons.md): a saved profile (signed
 * in), measurements typed in inches or centimetres (checked as the server checks them, with the set's help
 * picture; a signed-in shopper may save them as a profile), or a standard size. Part of the add-on picker
 * (./add-on-picker.tsx).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OfferedAddOn } from '@shared/add-ons/add-on-schemas';
import { measurementProfileSchema } from '@shared/add-ons/measurement-profile-schemas';
import {
  checkMeasurements,
  MEASUREMENT_FIELDS,
  STANDARD_SIZES,
  type MeasurementUnit,
} from '@shared/add-ons/measurement-sets';
import { MeasurementHelp } from '@client/components/add-ons/measurement-help';
import { Button } from '@client/components/ui/button';
import { measurementProfilesQuery } from './add-on-queries';
import { ApiError, apiRequest } from '@client/lib/api-client';

/** Where an add-on's measurements come from. */
export type Source = 'profile' | 'measurements' | 'size';

/** The shopper's choice for one add-on; typed measurements as typed (strings), by field key. */
export type Choice = {
  source: Source;
  profileId?: number;
  size?: number;
  unit: MeasurementUnit;
  values: Record<string, string>;
};

/** The typed measurements as numbers, blank fields left out. */
export const numbersOf = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value.trim() !== '')
      .map(([key, value]) => [key, Number(value)]),
  );

/** The measurement part of one add-on's row: the source radios, then the profile, size or measurement fields. */
export function MeasurementChoice(props: {
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
      await queryClient.invalidateQueries({ queryKey: measurementProfilesQuery().queryKey });
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
