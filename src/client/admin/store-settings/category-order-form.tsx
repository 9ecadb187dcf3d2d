/**
 * The categories section of `/admin/settings`: the categories of the header and the home grid in their order
 * (the header shows the first 3), each with the image URL of its home tile. Moving a category off the list
 * keeps its products; another category of the shop, or a new name, can be added.
 */
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import type { Path } from 'react-hook-form';
import {
  categorySettingsSchema,
  type CategorySettings,
  type StoreSettings,
} from '@shared/store-settings/store-settings-schemas';
import { Button } from '@client/components/ui/button';
import { FieldError, Input } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useSaveSettings } from './store-settings-queries';

type Row = CategorySettings['categories'][number];

/** `rows` with the one at `from` moved to `to`. */
const moved = (rows: Row[], from: number, to: number) => {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
};

/**
 * A row's field named by a problem's path (`categories.1.name` → `1.name`), or undefined for another path.
 */
const rowFieldOf = (path: string) => /^categories\.(\d+\.(?:name|imageUrl))(?:\.|$)/.exec(path)?.[1];

/** The first problem per row and field (`1.name` → its message) of a zod or server refusal. */
function rowErrors(entries: [string, string][]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of entries) {
    const field = rowFieldOf(path);
    if (field) errors[field] ??= message;
  }
  return errors;
}

export function CategoryOrderForm({ settings }: { settings: StoreSettings }) {
  // A plain list (not react-hook-form's field array, whose code would join the admin's first load).
  const [rows, setRows] = useState<Row[]>(() =>
    settings.categories.map((category) => ({ name: category.name, imageUrl: category.imageUrl ?? '' })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState('');
  const save = useSaveSettings<CategorySettings>('categories', 'Categories saved', (error) => {
    // The rows are plain state, so the server's fields go into this form's own error list.
    const shownErrors: [string, string][] = [];
    const { shown } = setFieldErrors<CategorySettings>(
      error,
      (path, { message }) => shownErrors.push([path, message ?? '']),
      (key) => (rowFieldOf(key) ? (key as Path<CategorySettings>) : undefined),
    );
    setErrors(rowErrors(shownErrors));
    if (shown.length === 0) toast.error(errorText(error));
  });
  const listed = new Set(rows.map((row) => row.name.toLowerCase()));
  const submit = () => {
    const parsed = categorySettingsSchema.safeParse({ categories: rows });
    if (!parsed.success) {
      setErrors(rowErrors(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <form
      noValidate
      aria-labelledby="categories-title"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id="categories-title" className="font-semibold">
        Categories
      </h2>
      <p className="text-sm text-stone-600">
        In the order of the header (first 3) and the home page, each with the image of its home tile (a path
        such as /media/… or an https:// address).
      </p>
      <ol className="flex flex-col gap-2">
        {rows.map((row, index) => (
          <li
            key={row.name.toLowerCase()}
            className="flex flex-col gap-1 rounded-md border border-stone-200 p-2"
          >
            <div className="flex items-center gap-1">
              <span className="min-w-0 flex-1 truncate text-sm font-medium">
                {index + 1}. {row.name}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${row.name} up`}
                disabled={index === 0}
                onClick={() => setRows(moved(rows, index, index - 1))}
              >
                <ArrowUp className="size-4" aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${row.name} down`}
                disabled={index === rows.length - 1}
                onClick={() => setRows(moved(rows, index, index + 1))}
              >
                <ArrowDown className="size-4" aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Take ${row.name} off the list`}
                onClick={() => setRows(rows.filter((_, other) => other !== index))}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            </div>
            <Input
              aria-label={`Image of ${row.name}`}
              placeholder="Image URL"
              aria-invalid={errors[`${index}.imageUrl`] ? true : undefined}
              value={row.imageUrl}
              onChange={(event) =>
                setRows(
                  rows.map((other, at) =>
                    at === index ? { ...other, imageUrl: event.target.value } : other,
                  ),
                )
              }
            />
            {[errors[`${index}.imageUrl`], errors[`${index}.name`]].filter(Boolean).map((message) => (
              <FieldError key={message}>{message}</FieldError>
            ))}
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
            setRows([...rows, { name: adding.trim(), imageUrl: '' }]);
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
