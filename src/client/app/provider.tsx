/**
 * Everything the pages run inside: TanStack Query, the session, the cart and the toaster; the router comes in
 * as `children` (the browser's history in the browser, a fixed location on the server). The session sits
 * inside Query because signing in or out drops the previous user's cached data.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CartProvider } from '@client/lib/cart/cart-context';
import { Toaster } from '@client/lib/notify';
import { SessionProvider } from '@client/lib/session/session-context';

/** The query client of one page visit (browser) or one server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <CartProvider>
          {children}
          <Toaster position="top-center" richColors closeButton />
        </CartProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
