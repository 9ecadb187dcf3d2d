/**
 * The admin panel's entry (docs/decisions/013-admin-area.md): its own page (`/admin/*` is answered with
 * admin/index.html), sharing the storefront's framework chunk but adding nothing to the storefront's first
 * load. The API client's session (the admin's token), query client, admin session, router (under `/admin`)
 * and the toaster.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setApiSession } from '@client/lib/api-client';
import { Toaster } from '@client/lib/notify';
import { adminApiSession } from './lib/admin-api';
import { AdminSessionProvider } from './lib/admin-session';
import { AdminRoutes } from './shell/admin-routes';
import './admin.css';

// Every API call of this page carries the admin's token, not the shopper's cookie.
setApiSession(adminApiSession);

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
