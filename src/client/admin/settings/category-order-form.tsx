/**
 * The categories section of `/admin/settings`: the categories of the header and the home grid in their order
 * (the header shows the first 3), each with the image URL of its home tile. Moving a category off the list
 * keeps its products; another category of the shop, or a new name, can be added.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  categorySettingsSchema,
  type CategorySettings,
  type StoreSettings,
} from '@shared/admin/store-settings-schemas';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/lib/notify';
import { ApiError } from '@client/lib/api-client';
import { useSaveSettings } from './settings-queries';

type Form = z.input<typeof categorySettingsSchema>;

export function CategoryOrderForm({ settings }: { settings: StoreSettings }) {
  const form = useForm<Form, unknown, CategorySettings>({
    resolver: zodResolver(categorySettingsSchema),
    defaultValues: {
      categories: settings.categories.map((category) => ({
        name: category.name,
        imageUrl: category.imageUrl ?? '',
      })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'categories' });
  const [adding, setAdding] = useState('');
  const save = useSaveSettings<CategorySettings>('categories', 'Categories saved', (error) => {
    const first = error instanceof ApiError ? Object.entries(error.fields)[0] : undefined;
    toast.error(first ? `${first[0]}: ${first[1]}` : error.message);
  });
  const values = useWatch({ control: form.control, name: 'categories' });
  const listed = new Set(values.map((category) => category.name.toLowerCase()));
  const errors = form.formState.errors.categories;
  return (
    <form
      noValidate
      aria-labelledby="categories-title"
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h2 id="categories-title" className="font-semibold">
        Categories
      </h2>
      <p className="text-sm text-stone-600">
        In the order of the header (first 3) and the home page, each with the image of its home tile (a path
        such as /media/… or an https:// address).
      </p>
      <ol className="flex flex-col gap-2">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="flex flex-col gap-1 rounded-md border border-stone-200 p-2">
            <div className="flex items-center gap-1">
              <span className="min-w-0 flex-1 truncate text-sm font-medium">
                {index + 1}. {values[index]?.name ?? row.name}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${row.name} up`}
                disabled={index === 0}
                onClick={() => rows.move(index, index - 1)}
              >
                <ArrowUp className="size-4" aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${row.name} down`}
                disabled={index === rows.fields.length - 1}
                onClick={() => rows.move(index, index + 1)}
              >
                <ArrowDown className="size-4" aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Take ${row.name} off the list`}
                onClick={() => rows.remove(index)}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            </div>
            <Input
              aria-label={`Image of ${row.name}`}
              placeholder="Image URL"
              aria-invalid={errors?.[index]?.imageUrl ? true : undefined}
              {...form.register(`categories.${index}.imageUrl`)}
            />
            {errors?.[index]?.imageUrl?.message && (
              <p className="text-xs text-red-700">{errors[index].imageUrl.message}</p>
            )}
            {errors?.[index]?.name?.message && (
              <p className="text-xs text-red-700">{errors[index].name.message}</p>
            )}
          </li>
        ))}
      </ol>
      <div className="flex gap-2">
        <Input
          aria-label="Category to add"
          list="other-categories"
          placeholder="Add a category"
          value={adding}
          onChange={(event) => setAdding(event.target.value)}
        />
        <datalist id="other-categories">
          {settings.otherCategories
            .filter((name) => !listed.has(name.toLowerCase()))
            .map((name) => (
              <option key={name} value={name} />
            ))}
        </datalist>
        <Button
          type="button"
          variant="outline"
          disabled={adding.trim() === '' || listed.has(adding.trim().toLowerCase())}
          onClick={() => {
            rows.append({ name: adding.trim(), imageUrl: '' });
            setAdding('');
          }}
        >
          Add
        </Button>
      </div>
      <Button type="submit" disabled={save.isPending}>
        Save categories
      </Button>
    </form>
  );
}
