/**
 * 'Size chart' beside the size buttons: opens the store's size chart (set in the admin's settings or the
 * catalogue file) in a dialog. Nothing is shown when the store has no chart. The dialog is its own chunk,
 * loaded when the pointer or the focus reaches the button, or at the press.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Ruler } from 'lucide-react';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';

const loadDialog = () => import('./size-chart-dialog');
const SizeChartDialog = lazy(async () => ({ default: (await loadDialog()).SizeChartDialog }));

export function SizeChartButton() {
  const { info } = useStoreInfo();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const chart = info?.sizeChart;
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
