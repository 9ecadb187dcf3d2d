/**
 * The editor's product fields (docs/admin.md "Product"): title, description, category and sub-category,
 * prices in rupees, how it is sold (piece or metre, with the minimum and step in metres), its own stock when it
 * has no variants, whether it may be returned (ticked by default but for fabric sold by the metre), HSN code and GST rate, images (URLs in order) and specifications (attributes, a line each). Messages are the schema's,
 * the catalogue file's.
 */
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AdminProductInput } from '@shared/admin/admin-product-editor-schemas';
import { GST_RATES } from '@shared/gst/gst-rate';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { numberOrNull } from './product-form-values';
import { listOf } from './variant-rows';

type Form = UseFormReturn<AdminProductInput>;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3"
    >
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function ProductFields({ form, categories }: { form: Form; categories: string[] }) {
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const unit = watch('unit');
  // While 'Returnable' shows the default of the unit, it follows a change of unit (metres: not returnable).
  const unitShown = useRef(unit);
  useEffect(() => {
    if (unitShown.current === unit) return;
    const followsDefault = form.getValues('returnable') === (unitShown.current !== 'm');
    unitShown.current = unit;
    if (followsDefault) form.setValue('returnable', unit !== 'm', { shouldDirty: true });
  }, [unit, form]);
  const hasVariants = watch('variants').length > 0;
  const number = { setValueAs: numberOrNull };
  return (
    <>
      <Section title="Product">
        <FormField id="product-title" label="Title" required error={errors.title?.message}>
          {(control) => <Input {...control} autoComplete="off" {...register('title')} />}
        </FormField>
        <FormField id="product-sku" label="SKU" required error={errors.sku?.message}>
          {(control) => <Input {...control} autoComplete="off" className="font-mono" {...register('sku')} />}
        </FormField>
        <FormField id="product-description" label="Description" error={errors.description?.message}>
          {(control) => <Textarea {...control} {...register('description')} />}
        </FormField>
        <div className="grid grid-cols-2 gap-2">
          <FormField id="product-category" label="Category" required error={errors.category?.message}>
            {(control) => (
              <Input {...control} list="product-categories" autoComplete="off" {...register('category')} />
            )}
          </FormField>
          <FormField id="product-sub-category" label="Sub-category" error={errors.parentCategory?.message}>
            {(control) => <Input {...control} autoComplete="off" {...register('parentCategory')} />}
          </FormField>
        </div>
        <datalist id="product-categories">
          {categories.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </Section>

      <Section title="Price and stock">
        <div className="grid grid-cols-2 gap-2">
          <FormField
            id="product-price"
            label={unit === 'm' ? 'Price per metre (₹)' : 'Price (₹)'}
            required
            error={errors.regularPrice?.message}
          >
            {(control) => <Input {...control} inputMode="decimal" {...register('regularPrice', number)} />}
          </FormField>
          <FormField id="product-discount" label="Sale price (₹)" error={errors.discountedPrice?.message}>
            {(control) => <Input {...control} inputMode="decimal" {...register('discountedPrice', number)} />}
          </FormField>
        </div>
        <FormField id="product-unit" label="Sold by" error={errors.unit?.message}>
          {(control) => (
            <select {...control} className="field" {...register('unit')}>
              <option value="piece">the piece</option>
              <option value="m">the metre (fabric)</option>
            </select>
          )}
        </FormField>
        {unit === 'm' && (
          <div className="grid grid-cols-2 gap-2">
            <FormField
              id="product-min"
              label="Minimum (m)"
              hint="Default 1"
              error={errors.minQuantity?.message}
            >
              {(control) => <Input {...control} inputMode="decimal" {...register('minQuantity', number)} />}
            </FormField>
            <FormField
              id="product-step"
              label="Step (m)"
              hint="Default 0.5"
              error={errors.quantityStep?.message}
            >
              {(control) => <Input {...control} inputMode="decimal" {...register('quantityStep', number)} />}
            </FormField>
          </div>
        )}
        {hasVariants ? (
          <p className="text-sm text-stone-500">Stock is kept per variant (below).</p>
        ) : (
          <FormField
            id="product-stock"
            label={unit === 'm' ? 'Stock (metres)' : 'Stock (pieces)'}
            hint="Blank: not tracked"
            error={errors.stock?.message}
          >
            {(control) => <Input {...control} inputMode="decimal" {...register('stock', number)} />}
          </FormField>
        )}
        <FormField
          id="product-returnable"
          label="Returnable"
          layout="checkbox"
          hint="Shoppers may return or exchange it within the return window. Fabric sold by the metre is not, unless you tick this."
          error={errors.returnable?.message}
        >
          {(control) => <input {...control} type="checkbox" className="size-4" {...register('returnable')} />}
        </FormField>
      </Section>

      <Section title="GST">
        <div className="grid grid-cols-2 gap-2">
          <FormField
            id="product-hsn"
            label="HSN code"
            hint="Blank: the category's"
            error={errors.hsn?.message}
          >
            {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...register('hsn')} />}
          </FormField>
          <FormField id="product-gst" label="GST rate" error={errors.gstRate?.message}>
            {(control) => (
              <select {...control} className="field" {...register('gstRate', number)}>
                <option value="">By the rules</option>
                {GST_RATES.map((rate) => (
                  <option key={rate} value={rate}>
                    {rate} %
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      </Section>

      <ImagesAndAttributes form={form} />
    </>
  );
}

/** 'fabric: Cotton, Silk' lines → attributes, keeping the metric unit an attribute of that key had. */
function attributesOf(
  text: string,
  before: AdminProductInput['attributes'],
): AdminProductInput['attributes'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      const key = (colon < 0 ? line : line.slice(0, colon)).trim();
      const value = colon < 0 ? [] : listOf(line.slice(colon + 1));
      const metricUnit = before.find(
        (attribute) => attribute.key.toLowerCase() === key.toLowerCase(),
      )?.metricUnit;
      return { key, value, metricUnit: metricUnit ?? null };
    });
}

/** The messages of a list field's entries: `image 2: must be a path …`. */
function entryMessages(errors: unknown, noun: string): string[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((error: Record<string, { message?: string } | undefined> | undefined, index) =>
    Object.values(error ?? {}).flatMap((field) =>
      field?.message ? [`${noun} ${index + 1}: ${field.message}`] : [],
    ),
  );
}

function ImagesAndAttributes({ form }: { form: Form }) {
  const { register, getValues, setValue, formState } = form;
  const errors = formState.errors;
  const [attributesBefore] = useState(() => getValues('attributes'));
  const set = (name: 'images' | 'attributes', value: AdminProductInput[typeof name]) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  return (
    <Section title="Images and specifications">
      <FormField
        id="product-main-image"
        label="Main image URL"
        hint="Blank: the first image"
        error={errors.imgUrl?.message}
      >
        {(control) => <Input {...control} autoComplete="off" {...register('imgUrl')} />}
      </FormField>
      <FormField
        id="product-images"
        label="Image URLs"
        hint="One per line, in display order"
        error={entryMessages(errors.images, 'image').join('; ') || errors.images?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            className="min-h-20 font-mono text-xs"
            defaultValue={getValues('images')
              .map((image) => image.url)
              .join('\n')}
            onChange={(event) =>
              set(
                'images',
                event.target.value
                  .split('\n')
                  .map((url) => url.trim())
                  .filter(Boolean)
                  .map((url) => ({ url })),
              )
            }
          />
        )}
      </FormField>
      <FormField
        id="product-attributes"
        label="Specifications"
        hint="One per line: name, a colon, values separated by commas (fabric: Cotton)"
        error={entryMessages(errors.attributes, 'line').join('; ') || errors.attributes?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            className="min-h-20 text-sm"
            defaultValue={getValues('attributes')
              .map((attribute) => `${attribute.key}: ${attribute.value.join(', ')}`)
              .join('\n')}
            onChange={(event) => set('attributes', attributesOf(event.target.value, attributesBefore))}
          />
        )}
      </FormField>
    </Section>
  );
}
