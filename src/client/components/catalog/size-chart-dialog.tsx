/**
 * The store's size chart in a dialog (Radix Dialog: focus kept inside, Esc and the backdrop close it, the
 * title announced): one table per garment — a row per size (smallest first), a column per measurement — with
 * the unit stated above ('All measurements in inches'). Lazy: loaded by size-chart-button.tsx.
 */
import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { compareSizes } from '@shared/catalog/size-order';
import {
  SIZE_CHART_UNIT_NAMES,
  type SizeChart,
  type SizeChartTable,
} from '@shared/store-settings/size-chart';
import { buttonVariants } from '@client/components/ui/button-variants';
import { cn } from '@client/lib/utils';

type SizeChartDialogProps = {
  chart: SizeChart;
  /** Gets the focus back when the dialog closes (the 'Size chart' button, outside this chunk). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onClose(): void;
};

/** A table's rows in the natural order of their sizes (S, M, L, XL), whatever order the owner typed them in. */
const rowsBySize = (rows: SizeChartTable['rows']) => [...rows].sort((a, b) => compareSizes(a.size, b.size));

export function SizeChartDialog({ chart, returnFocusTo, onClose }: SizeChartDialogProps) {
  const unitName = SIZE_CHART_UNIT_NAMES[chart.unit];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="dialog-below-toasts fixed left-1/2 z-[60] flex w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <Dialog.Title className="font-serif text-lg font-bold text-stone-900">Size chart</Dialog.Title>
            <Dialog.Close
              aria-label="Close size chart"
              className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), '[&_svg]:size-5')}
            >
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-col gap-5 overflow-y-auto overscroll-contain px-4 py-4">
            <Dialog.Description className="text-sm text-stone-600">
              {`All measurements in ${unitName} (${chart.unit}).`}
            </Dialog.Description>
            {chart.tables.map((table) => (
              <div key={table.title} className="overflow-x-auto">
                <table className="w-full border-collapse text-sm">
                  <caption className="pb-2 text-left font-semibold text-stone-900">{table.title}</caption>
                  <thead>
                    <tr className="bg-brand-50 text-left">
                      <th scope="col" className="border border-stone-200 px-3 py-2 font-semibold">
                        Size
                      </th>
                      {table.columns.map((column) => (
                        <th
                          key={column}
                          scope="col"
                          className="border border-stone-200 px-3 py-2 font-semibold"
                        >
                          {`${column} (${chart.unit})`}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rowsBySize(table.rows).map((row) => (
                      <tr key={row.size}>
                        <th scope="row" className="border border-stone-200 px-3 py-2 text-left font-semibold">
                          {row.size}
                        </th>
                        {row.values.map((value, index) => (
                          <td key={index} className="border border-stone-200 px-3 py-2 tabular-nums">
                            {value}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
