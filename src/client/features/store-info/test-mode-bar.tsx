/**
 * The test-mode notice: while the store runs in test mode (no payment gateway set up, so payments are
 * simulated and the sandbox's secret is public), every page starts with a thin bar saying so. It sits in the
 * page's flow above the header, so it never covers content, as a labelled landmark (every piece of a page sits
 * in one, so screen-reader users can reach or skip it). Nothing shows while store info is loading, failed
 * or says the store takes real payments.
 */
import { useStoreInfo } from '@client/lib/store-info/store-info-query';

export const TEST_MODE_NOTICE = 'Test mode: no real money moves';

export function TestModeBar() {
  const { testMode } = useStoreInfo();
  if (!testMode) return null;
  return (
    <aside
      aria-label="Test mode"
      className="bg-yellow-200 px-4 py-1 text-center text-xs font-medium text-stone-900"
      data-testid="test-mode-bar"
    >
      {TEST_MODE_NOTICE}
    </aside>
  );
}
