/**
 * 'Size chart' beside the size buttons: opens the product's size chart (set in the admin's settings or the
 * catalogue file) in a dialog — its sub-category's or category's own chart, else the shop-wide chart for
 * clothing sizes — with only the sizes the product is sold in (@shared/store-settings/product-size-chart).
 * Nothing is shown when there is no chart for it. The dialog is its own chunk,
 * loaded when the pointer or the focus reaches the button, or at the press.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Ruler } from 'lucide-react';
import { productSizeChart } from '@shared/store-settings/product-size-chart';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';

const loadDialog = () => import('./size-chart-dialog');
const SizeChartDialog = lazy(async () => ({ default: (await loadDialog()).SizeChartDialog }));

export function SizeChartButton({
  product,
  sizes,
  clothingSizes,
}: {
  product: { category: string | null; parentCategory: string | null };
  /** The sizes the product is sold in (its variants'). */
  sizes: readonly string[];
  /** True for clothing sizes: the shop-wide chart applies only to them. */
  clothingSizes: boolean;
}) {
  const { info } = useStoreInfo();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const chart = info
    ? productSizeChart(
        { sizeChart: info.sizeChart, categorySizeCharts: info.categorySizeCharts ?? {} },
        product,
        sizes,
        clothingSizes,
      )
    : null;
  if (!chart) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 [&_svg]:size-4"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        <Ruler aria-hidden="true" />
        Size chart
      </button>
      {open && (
        <Suspense fallback={null}>
          <SizeChartDialog chart={chart} returnFocusTo={button} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
