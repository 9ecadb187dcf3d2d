/**
 * `/admin/catalog-file` (owner only; docs/admin.md "Catalogue file"): the catalogue file in the browser.
 * **Export** downloads the whole catalogue (store block and products) in the import format, or (**Export CSV**)
 * a spreadsheet with one row per variant and its live stock (docs/catalog-format.md "CSV export"). **Import** reads a
 * file, checks it with the same rules and messages as `npm run catalog:import`, shows what it would change
 * (products added, changed, left out; store settings changed), and imports it on **Apply**. Importing an
 * export changes nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CATALOG_FILE_MAX_BYTES,
  CATALOG_FILE_TOO_LARGE_MESSAGE,
  catalogImportSummarySchema,
  catalogPreviewSchema,
  type CatalogImportSummary,
} from '@shared/admin/catalog-file-schemas';
import { Alert, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { apiRequest } from '@client/lib/api-client';
import { downloadFile } from '@client/lib/download-file';
import { errorText, namesFields } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { OnlyOwner } from '../store-settings/only-owner';
import { ImportPreview } from './import-preview';

/** The date of `now` in India (YYYY-MM-DD), as the server names the export. */
const indianDate = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);

/** A file chosen for import: its name and parsed JSON. */
type ChosenFile = { name: string; json: unknown };

/** The problems of a refused file as the CLI prints them: `products[3].regularPrice: must be above 0`. */
function problemsOf(error: Error): string[] {
  if (namesFields(error))
    return Object.entries(error.fields).map(([place, message]) => `${place}: ${message}`);
  return [errorText(error)];
}

export function CatalogFilePage() {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [imported, setImported] = useState<CatalogImportSummary | null>(null);
  const preview = useMutation({
    mutationFn: (file: ChosenFile) =>
      apiRequest('/admin/catalog/preview', { method: 'POST', body: file.json, schema: catalogPreviewSchema }),
    onError: (error) => setProblems(problemsOf(error)),
  });
  const apply = useMutation({
    mutationFn: (file: ChosenFile) =>
      apiRequest('/admin/catalog/import', {
        method: 'POST',
        body: file.json,
        schema: catalogImportSummarySchema,
      }),
    onSuccess: (summary) => {
      setImported(summary);
      preview.reset();
      void client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
      toast.success('Catalogue imported');
    },
    onError: (error) => setProblems(problemsOf(error)),
  });
  const exportFile = useMutation({
    mutationFn: () => downloadFile('/admin/catalog/export', `catalog-${indianDate(new Date())}.json`),
    onError: (error) => toast.error(errorText(error)),
  });
  const exportCsv = useMutation({
    mutationFn: () => downloadFile('/admin/catalog/export.csv', `catalog-${indianDate(new Date())}.csv`),
    onError: (error) => toast.error(errorText(error)),
  });

  const choose = async (file: File | undefined) => {
    setProblems([]);
    setImported(null);
    setChosen(null);
    preview.reset();
    if (!file) return;
    if (file.size > CATALOG_FILE_MAX_BYTES) {
      setProblems([CATALOG_FILE_TOO_LARGE_MESSAGE]);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch (error) {
      setProblems([`not valid JSON: ${(error as Error).message}`]);
      return;
    }
    const next = { name: file.name, json };
    setChosen(next);
    preview.mutate(next);
  };

  return (
    <OnlyOwner>
      <section aria-labelledby="catalog-file-title" className="flex flex-col gap-3">
        <h1 id="catalog-file-title" className="text-lg font-semibold">
          Catalogue file
        </h1>
        <Card>
          <CardContent className="flex flex-col gap-2 pt-4 text-sm">
            <h2 className="font-semibold">Export</h2>
            <p className="text-stone-600">
              The whole catalogue — store settings and every product — as one JSON file, in the format the
              import reads. Stock is the count the file last set. The CSV is for spreadsheets: one row per
              variant with the stock on hand now (an empty cell: stock not tracked), in Shopify&rsquo;s
              columns.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={exportFile.isPending}
                onClick={() => exportFile.mutate()}
              >
                Export catalogue
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={exportCsv.isPending}
                onClick={() => exportCsv.mutate()}
              >
                Export CSV
              </Button>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-2 pt-4 text-sm">
            <h2 className="font-semibold">Import</h2>
            <p className="text-stone-600">
              Products are matched by SKU: new ones are added, changed ones updated; products not in the file
              are kept. You see what will change before anything is written.
            </p>
            <label htmlFor="catalog-file-input" className="font-medium">
              Catalogue file (.json)
            </label>
            <input
              id="catalog-file-input"
              type="file"
              accept="application/json,.json"
              className="text-sm"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            {preview.isPending && <p role="status">Checking {chosen?.name}…</p>}
            {problems.length > 0 && (
              <Alert>
                <AlertTitle>
                  {chosen ? `${chosen.name}: ` : ''}
                  {problems.length} problem{problems.length === 1 ? '' : 's'}. Nothing was imported.
                </AlertTitle>
                <ul className="list-disc pl-5 font-mono text-xs">
                  {problems.slice(0, 200).map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {preview.data && chosen && (
              <ImportPreview
                preview={preview.data}
                fileName={chosen.name}
                applying={apply.isPending}
                onApply={() => apply.mutate(chosen)}
              />
            )}
            {imported && (
              <p role="status" className="rounded-md bg-green-50 p-2 text-green-800">
                Imported: {imported.created} added, {imported.updated} changed, {imported.unchanged} unchanged
                {imported.storeInfoChanged ? ', store settings updated' : ''}. Stock levels changed:{' '}
                {imported.stockLevelsChanged}.
              </p>
            )}
          </CardContent>
        </Card>
      </section>
    </OnlyOwner>
  );
}
