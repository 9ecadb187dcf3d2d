/**
 * The admin's Add-ons screen (`/admin/add-ons`, docs/add-ons.md "The shop's add-ons"): the store's add-ons —
 * code, title, price in rupees, extra days of lead time, the measurement set, the categories they are offered
 * on, SAC and GST rate — edited together and saved whole with `PUT /api/v1/admin/add-ons`. The server checks
 * every field; its messages (`addOns.0.price: 'must be above 0'`) are shown under the fields they name.
 */
import { useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAddOnsSchema, MAX_STORE_ADD_ONS, type StoreAddOn } from '@shared/add-ons/add-on-schemas';
import { MEASUREMENT_SET_LABELS, MEASUREMENT_SETS } from '@shared/add-ons/measurement-sets';
import { GST_RATES } from '@shared/gst/gst-rate';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { fromDraft, NEW_ADD_ON, toDraft, type AddOnDraft } from './add-on-draft';

/** `GET /admin/add-ons`: the store's add-ons, prices in rupees (GST included). */
const addOnsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'add-ons'],
    queryFn: () => apiRequest('/admin/add-ons', { schema: adminAddOnsSchema }),
  });

export function AddOnsPage() {
  const saved = useQuery(addOnsQuery());
  if (saved.isError) return <Alert>{errorText(saved.error)}</Alert>;
  if (!saved.data) return <p className="text-sm text-stone-600">Loading…</p>;
  return <AddOnsEditor saved={saved.data.addOns} />;
}

/** The editor, starting from the add-ons as saved. */
function AddOnsEditor({ saved }: { saved: StoreAddOn[] }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<AddOnDraft[]>(() => saved.map(toDraft));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (index: number, patch: Partial<AddOnDraft>) =>
    setDrafts(drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const save = async () => {
    setSaving(true);
    setStatus(null);
    setFields({});
    try {
      const answer = await apiRequest('/admin/add-ons', {
        method: 'PUT',
        body: { addOns: drafts.map(fromDraft) },
        schema: adminAddOnsSchema,
      });
      queryClient.setQueryData(addOnsQuery().queryKey, answer);
      setDrafts(answer.addOns.map(toDraft));
      setStatus({ ok: true, text: 'Add-ons saved' });
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
      setStatus({ ok: false, text: errorText(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="add-ons-title" className="flex flex-col gap-4">
      <h1 id="add-ons-title" className="text-xl font-semibold">
        Add-ons
      </h1>
      <p className="text-sm text-stone-600">
        Services sold with a product, such as blouse stitching or fall &amp; pico. Prices include GST; each
        add-on is its own service line on the invoice.
      </p>
      {drafts.length === 0 && <p className="text-sm text-stone-600">No add-ons yet.</p>}
      {drafts.map((draft, index) => (
        <AddOnFields
          key={index}
          index={index}
          draft={draft}
          fields={fields}
          change={(patch) => change(index, patch)}
          remove={() => setDrafts(drafts.filter((_, at) => at !== index))}
        />
      ))}
      <FormError>{fields.addOns}</FormError>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={drafts.length >= MAX_STORE_ADD_ONS}
          onClick={() => setDrafts([...drafts, { ...NEW_ADD_ON }])}
        >
          Add an add-on
        </Button>
        <Button type="button" disabled={saving} onClick={() => void save()}>
          Save add-ons
        </Button>
      </div>
      {status && (
        <Alert variant={status.ok ? 'success' : 'destructive'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </Alert>
      )}
    </section>
  );
}

/** One add-on's fields, named 'Add-on 1', …; `fields` are the server's messages by path. */
function AddOnFields(props: {
  index: number;
  draft: AddOnDraft;
  fields: Record<string, string>;
  change: (patch: Partial<AddOnDraft>) => void;
  remove: () => void;
}) {
  const { index, draft, change } = props;
  const id = (name: string) => `add-on-${index}-${name}`;
  const error = (name: string) => props.fields[`addOns.${index}.${name}`];
  const text = (
    name: keyof AddOnDraft,
    label: string,
    extra: { inputMode?: 'decimal' | 'numeric'; hint?: string } = {},
  ) => (
    <FormField id={id(name)} label={label} hint={extra.hint} error={error(name)}>
      {(control) => (
        <Input
          {...control}
          inputMode={extra.inputMode}
          value={draft[name]}
          onChange={(event) => change({ [name]: event.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <fieldset className="grid gap-3 rounded-md border border-stone-200 bg-white p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">Add-on {index + 1}</legend>
      {text('code', 'Code', { hint: 'Lower-case letters, digits and hyphens: blouse-stitching' })}
      {text('title', 'Title')}
      {text('price', 'Price (₹)', { inputMode: 'decimal' })}
      {text('leadDays', 'Extra days of lead time', { inputMode: 'numeric' })}
      <FormField id={id('measurementSet')} label="Measurements" error={error('measurementSet')}>
        {(control) => (
          <select
            {...control}
            className="field"
            value={draft.measurementSet}
            onChange={(event) =>
              change({ measurementSet: event.target.value as AddOnDraft['measurementSet'] })
            }
          >
            {MEASUREMENT_SETS.map((set) => (
              <option key={set} value={set}>
                {MEASUREMENT_SET_LABELS[set]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {text('categories', 'Categories', { hint: 'Comma-separated; empty: every product' })}
      {text('sac', 'SAC', { inputMode: 'numeric' })}
      <FormField id={id('gstRate')} label="GST rate (%)" error={error('gstRate')}>
        {(control) => (
          <select
            {...control}
            className="field"
            value={draft.gstRate}
            onChange={(event) => change({ gstRate: event.target.value })}
          >
            {GST_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate} %
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="sm:col-span-2">
        <Button type="button" size="sm" variant="outline" onClick={props.remove}>
          Remove add-on {index + 1}
        </Button>
      </div>
    </fieldset>
  );
}
