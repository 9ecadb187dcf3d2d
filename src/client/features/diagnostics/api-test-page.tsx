/**
 * The diagnostic page, /api-test (docs/product.md §2 "API test", §7 "GET /storeInfo … also used as the connectivity
 * test", §8): shows the host name, the backend URL and the host header the storefront sends, and tests the
 * connection with `GET /storeInfo` and `GET /health` when asked.
 */
import type { ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Database, LoaderCircle, Wifi } from 'lucide-react';
import type { z } from 'zod';
import { databaseHealthSchema } from '@shared/health/health-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { API_BASE, ApiError, apiRequest } from '@client/lib/api-client';
import { DEFAULT_BRAND, fetchStoreInfo, useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';

export const CONNECTION_FAILED = 'Connection failed. Check console for details.';

type ConnectionResult = { storeName: string; responseTimeMs: number };
type HealthResult = z.infer<typeof databaseHealthSchema>;

/** `GET /storeInfo`, timed; run only when the tester asks (docs/product.md §7). */
const connectionTestQueryOptions = () =>
  queryOptions({
    queryKey: ['diagnostics', 'connection'],
    queryFn: async ({ signal }): Promise<ConnectionResult> => {
      const started = performance.now();
      try {
        const info = await fetchStoreInfo(signal);
        return {
          storeName: info.storeName || info.companyName || DEFAULT_BRAND,
          responseTimeMs: Math.round(performance.now() - started),
        };
      } catch (error) {
        console.error('API connection test failed', error);
        throw error;
      }
    },
    enabled: false,
    retry: false,
    gcTime: 0,
  });

/** `GET /health`: a 503 answer still carries the database status. */
const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['diagnostics', 'health'],
    queryFn: async ({ signal }): Promise<HealthResult> => {
      try {
        return await apiRequest('/health', { signal, schema: databaseHealthSchema });
      } catch (error) {
        // 503 with the database down still says so, in the same shape.
        const down = error instanceof ApiError ? databaseHealthSchema.safeParse(error.body) : null;
        if (down?.success) return down.data;
        console.error('API health check failed', error);
        throw error;
      }
    },
    enabled: false,
    retry: false,
    gcTime: 0,
  });

/** The message for a failed connection test (docs/product.md §8 "API test"). */
function connectionErrorMessage(error: Error): string {
  return error instanceof ApiError ? CONNECTION_FAILED : `Unexpected error: ${error.message}`;
}

export function ApiTestPage() {
  const { brand } = useStoreInfo();
  useDocumentTitle(`API Connection Test | ${brand}`);
  const connection = useQuery(connectionTestQueryOptions());
  const health = useQuery(healthQueryOptions());
  const testing = connection.isFetching || health.isFetching;

  const hostname = location.hostname;
  const backendUrl = `${location.protocol}//${location.host}${API_BASE}`;

  const runTest = () => {
    void connection.refetch();
    void health.refetch();
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="font-serif text-3xl font-bold text-stone-900">API Connection Test</h1>
      <p className="mt-2 text-stone-600">Checks that this storefront can reach its backend.</p>

      <section
        aria-labelledby="connection-details"
        className="mt-8 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
      >
        <h2 id="connection-details" className="text-lg font-semibold text-stone-900">
          Connection details
        </h2>
        <dl className="mt-4 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[10rem_1fr] sm:gap-y-3">
          <dt className="font-medium text-stone-500">Hostname</dt>
          <dd className="font-mono break-all text-stone-900">{hostname}</dd>
          <dt className="mt-2 font-medium text-stone-500 sm:mt-0">Backend URL</dt>
          <dd className="font-mono break-all text-stone-900">{backendUrl}</dd>
          <dt className="mt-2 font-medium text-stone-500 sm:mt-0">Host header</dt>
          <dd className="font-mono break-all text-stone-900">X-Store-Host: {hostname}</dd>
        </dl>
      </section>

      <section
        aria-labelledby="connection-test"
        className="mt-6 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="connection-test" className="text-lg font-semibold text-stone-900">
            Connection test
          </h2>
          <Button onClick={runTest} disabled={testing}>
            {testing ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Wifi aria-hidden="true" />
            )}
            Test Connection
          </Button>
        </div>

        <div role="status" aria-live="polite" className="mt-4 flex flex-col gap-3 text-sm">
          {testing ? (
            <p className="text-stone-600">Testing connection…</p>
          ) : connection.isError ? (
            <ResultLine ok={false}>{connectionErrorMessage(connection.error)}</ResultLine>
          ) : connection.data ? (
            <ResultLine ok>
              <span className="font-semibold">Connected</span> to {connection.data.storeName} in{' '}
              <span className="whitespace-nowrap">{connection.data.responseTimeMs} ms</span>
            </ResultLine>
          ) : (
            <p className="text-stone-600">
              Press Test Connection to call GET {API_BASE}/storeInfo and GET {API_BASE}/health.
            </p>
          )}
          {!testing && (health.data || health.isError) && (
            <p className="flex items-center gap-2 text-stone-800">
              <Database aria-hidden="true" className="size-4 text-stone-500" />
              Database:{' '}
              {health.data ? (
                <span
                  className={cn(
                    'font-semibold',
                    health.data.database === 'up' ? 'text-green-700' : 'text-red-700',
                  )}
                >
                  {health.data.database}
                </span>
              ) : (
                <span className="font-semibold text-red-700">unknown (health check failed)</span>
              )}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}

function ResultLine({ ok, children }: { ok: boolean; children: ReactNode }) {
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    // The results' box is the live region: each line inside it is not another one.
    <Alert variant={ok ? 'success' : 'destructive'} role="none" className="flex-row items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5" />
      <span>{children}</span>
    </Alert>
  );
}
