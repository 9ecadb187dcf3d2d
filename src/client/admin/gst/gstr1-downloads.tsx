/**
 * The month's GSTR-1 sheets for the accountant (owner only): choose a month (India time) and download each
 * sheet as CSV — B2B invoices by GSTIN, large inter-state B2C invoices, other B2C by state and rate, credit
 * notes to registered buyers, the HSN summary and the documents issued (docs/gst.md "GSTR-1").
 */
import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { GSTR1_SHEETS, type Gstr1Sheet } from '@shared/gst/gst-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { downloadFile } from '@client/lib/download-file';
import { errorText } from '@client/lib/error-text';

/** What each sheet holds, as its button says. */
export const GSTR1_SHEET_LABELS: Record<Gstr1Sheet, string> = {
  b2b: 'B2B invoices',
  b2cl: 'B2C large',
  b2cs: 'B2C others',
  cdnr: 'Credit notes (registered)',
  cdnur: 'Credit notes (B2C large)',
  hsn: 'HSN summary',
  docs: 'Documents issued',
};

/** `YYYY-MM` of the month before `today` in India time (the month a return is usually filed for). */
export function previousMonth(today: Date): string {
  const india = new Date(today.getTime() + 330 * 60_000);
  const year = india.getUTCFullYear();
  const month = india.getUTCMonth(); // 0-based: the previous month's 1-based number
  return month === 0 ? `${year - 1}-12` : `${year}-${String(month).padStart(2, '0')}`;
}

export function Gstr1Downloads() {
  const monthId = useId();
  const [month, setMonth] = useState(() => previousMonth(new Date()));
  const [error, setError] = useState<string | null>(null);
  const download = async (sheet: Gstr1Sheet) => {
    setError(null);
    try {
      await downloadFile(`/admin/gst/gstr1/${month}/${sheet}`, `gstr1-${month}-${sheet}.csv`);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <section aria-labelledby={`${monthId}-title`} className="flex flex-col gap-2">
      <h2 id={`${monthId}-title`} className="font-semibold">
        GST returns (GSTR-1)
      </h2>
      <p className="text-sm text-stone-600">
        The invoices and credit notes issued in a month, as the CSV sheets GSTR-1 asks for.
      </p>
      <label htmlFor={monthId} className="text-sm font-medium">
        Month
      </label>
      <input
        id={monthId}
        type="month"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        className="h-10 w-44 rounded-md border border-stone-300 px-2"
      />
      <div className="flex flex-wrap gap-2">
        {GSTR1_SHEETS.map((sheet) => (
          <Button
            key={sheet}
            variant="outline"
            size="sm"
            disabled={!month}
            onClick={() => void download(sheet)}
          >
            <Download aria-hidden="true" />
            {GSTR1_SHEET_LABELS[sheet]}
          </Button>
        ))}
      </div>
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
