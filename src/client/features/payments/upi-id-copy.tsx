/**
 * The shop's UPI ID (VPA) on the QR screen, with a Copy button for shoppers who pay from another phone's UPI
 * app by typing it: 'Copied' confirms it for 2 s; when the browser lets no page copy, the ID is selected and
 * the shopper is asked to copy it themselves.
 */
import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { copyText } from './copy-text';
import { COPIED, COPY_BY_HAND, COPY_UPI_ID } from './payment-texts';

/** How long 'Copied' stays on the button, in milliseconds. */
export const COPIED_FOR_MS = 2000;

/** One row of the QR screen's details list (`dt` 'UPI ID', `dd` the ID, Copy and its status line). */
export function UpiIdCopy({ upiId }: { upiId: string }) {
  const [copied, setCopied] = useState<'copied' | 'by-hand' | null>(null);
  const idRef = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    const done = await copyText(upiId);
    if (timer.current) clearTimeout(timer.current);
    if (done) {
      setCopied('copied');
      timer.current = setTimeout(() => setCopied(null), COPIED_FOR_MS);
      return;
    }
    setCopied('by-hand');
    const node = idRef.current;
    const selection = window.getSelection();
    if (node && selection) selection.selectAllChildren(node);
  };

  // A row of the QR screen's details list: `dt` and `dd` inside a `div`.
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <dt className="text-sm text-stone-700">UPI ID</dt>
      <dd className="flex min-w-0 flex-wrap items-center justify-end gap-2">
        <code
          ref={idRef}
          className="font-mono font-semibold break-all text-stone-900"
          data-testid="qr-upi-id"
        >
          {upiId}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {copied === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'copied' ? COPIED : COPY_UPI_ID}
        </Button>
        <span role="status" aria-live="polite" className="w-full text-right text-xs text-stone-600">
          {copied === 'copied' ? 'UPI ID copied' : copied === 'by-hand' ? COPY_BY_HAND : ''}
        </span>
      </dd>
    </div>
  );
}
