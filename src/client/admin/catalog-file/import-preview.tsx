/**
 * What importing a catalogue file would change, before anything is written: counts, then the products added,
 * changed and left out of the file (kept as they are), and the store settings the file changes; **Apply**
 * imports it. The counts are those the import answers afterwards.
 */
import type { CatalogPreview } from '@shared/admin/catalog-file-schemas';
import { Button } from '@client/components/ui/button';

/** One list of products, folded when long. */
function ProductList({
  title,
  products,
  total,
}: {
  title: string;
  products: CatalogPreview['created'];
  total: number;
}) {
  if (total === 0) return null;
  return (
    <details open={total <= 10} className="rounded-md border border-stone-200 p-2">
      <summary className="cursor-pointer font-medium">
        {title}: {total}
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5 text-xs">
        {products.map((product) => (
          <li key={product.sku}>
            <span className="font-mono">{product.sku}</span> {product.title}
          </li>
        ))}
        {products.length < total && <li>… and {total - products.length} more</li>}
      </ul>
    </details>
  );
}

export function ImportPreview({
  preview,
  fileName,
  applying,
  onApply,
}: {
  preview: CatalogPreview;
  fileName: string;
  applying: boolean;
  onApply: () => void;
}) {
  const { summary } = preview;
  const nothing = summary.created === 0 && summary.updated === 0 && !summary.storeInfoChanged;
  return (
    <section aria-label="Import preview" className="flex flex-col gap-2 rounded-md bg-stone-50 p-2">
      <p className="font-medium">
        {fileName}: {summary.created} to add, {summary.updated} to change, {summary.unchanged} unchanged
        {preview.notInFileCount > 0 ? `, ${preview.notInFileCount} not in the file (kept)` : ''}.
      </p>
      {preview.storeFieldsChanged.length > 0 && (
        <p>Store settings that change: {preview.storeFieldsChanged.join(', ')}.</p>
      )}
      {summary.stockLevelsChanged > 0 && <p>Stock levels set: {summary.stockLevelsChanged}.</p>}
      <ProductList title="To add" products={preview.created} total={summary.created} />
      <ProductList title="To change" products={preview.updated} total={summary.updated} />
      <ProductList
        title="Not in the file (kept)"
        products={preview.notInFile}
        total={preview.notInFileCount}
      />
      {nothing ? (
        <p role="status">Nothing to change: the shop already matches this file.</p>
      ) : (
        <Button type="button" disabled={applying} onClick={onApply}>
          Apply
        </Button>
      )}
    </section>
  );
}
