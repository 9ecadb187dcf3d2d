/**
 * Everything the pages run inside: TanStack Query, the session, the cart, the router and the toaster. The
 * session sits inside Query because signing in or out drops the previous user's cached data.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { CartProvider } from '@client/lib/cart/cart-context';
import { Toaster } from '@client/lib/notify';
import { SessionProvider } from '@client/lib/session/session-context';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <CartProvider>
          <BrowserRouter>{children}</BrowserRouter>
          <Toaster position="top-center" richColors closeButton />
        </CartProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
