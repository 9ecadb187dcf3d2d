/**
 * The admin panel's entry (docs/decisions/013-admin-area.md): its own page (`/admin/*` is answered with
 * admin/index.html), sharing the storefront's framework chunk but adding nothing to the storefront's first
 * load. Query client, admin session, router (under `/admin`) and the toaster.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@client/lib/notify';
import { AdminSessionProvider } from './lib/admin-session';
import { AdminRoutes } from './shell/admin-routes';
import './admin.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AdminSessionProvider>
        <BrowserRouter basename="/admin">
          <AdminRoutes />
        </BrowserRouter>
        <Toaster position="top-center" richColors closeButton />
      </AdminSessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
