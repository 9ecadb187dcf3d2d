/**
 * Toasts with sonner's API, loaded on demand: sonner (~11 KB gzipped) stays out of the home page's first-load
 * JavaScript. The toaster mounts at the first toast; that toast and any asked for before the toaster is
 * ready are shown once it is.
 */
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import type { ExternalToast, Toaster as SonnerToaster } from 'sonner';
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;

let sonnerModule: Promise<Sonner> | undefined;
const loadSonner = () => (sonnerModule ??= import('sonner'));

let markReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => (markReady = resolve));
const mountRequests = new Set<() => void>();

async function show(kind: 'message' | 'success' | 'error' | 'info', message: string, data?: ExternalToast) {
  mountRequests.forEach((request) => request());
  const [{ toast: sonnerToast }] = await Promise.all([loadSonner(), toasterReady]);
  sonnerToast[kind](message, data);
}

/** Same call shapes as sonner's `toast`: `toast(title, { description })`, `toast.success(…)`, `toast.error(…)`. */
export const toast = Object.assign(
  (message: string, data?: ExternalToast) => void show('message', message, data),
  {
    success: (message: string, data?: ExternalToast) => void show('success', message, data),
    error: (message: string, data?: ExternalToast) => void show('error', message, data),
    info: (message: string, data?: ExternalToast) => void show('info', message, data),
  },
);

const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  function ReadyToaster(props: ComponentProps<typeof SonnerToaster>) {
    useEffect(() => markReady(), []);
    return <Toaster {...props} />;
  }
  return { default: ReadyToaster };
});

/**
 * Mount once near the root; renders sonner's Toaster when the first toast is asked for. Not earlier: loading
 * and mounting it while the page starts would be main-thread work before the shopper has done anything.
 */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    mountRequests.add(mount);
    return () => {
      mountRequests.delete(mount);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}
