/**
 * The route table (docs/product.md §2): layouts, guards and code-split pages. Declarative React Router (its data router
 * costs ~17 KB more gzipped); Home is in the first-load bundle, every other page is a lazy chunk
 * (`npm run size` keeps the home page's first-load JavaScript ≤ 100 KB gzipped). Every page has its own error
 * boundary inside the layout, so a failing page keeps the header; one more around the layouts catches the rest.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { HomePage } from '@client/features/home/home-page';
import { TestModeBar } from '@client/features/store-info/test-mode-bar';
import { useMarkHydrated } from '@client/lib/server-html';
import { forgetChunkReload } from '@client/lib/chunk-reload';
import { MainLayout } from './layouts/main-layout';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from '@client/components/errors/route-error-boundary';

/**
 * A lazily loaded page from a module's named export; a chunk that loads clears the reload-once mark, and the
 * page marks the document live once it has rendered or hydrated (`useMarkHydrated`).
 */
function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const loaded = await load();
    forgetChunkReload();
    const Screen = loaded[name] as ComponentType;
    return {
      default: function LivePage() {
        useMarkHydrated();
        return <Screen />;
      },
    };
  });
}

/** The sign-in pages' layout: a lazy chunk of its own, so the first load of other pages does not carry it. */
const AuthLayout = lazy(async () => ({ default: (await import('./layouts/auth-layout')).AuthLayout }));

const LoginPage = page(() => import('@client/features/account/login-page'), 'LoginPage');
const RegisterPage = page(() => import('@client/features/account/register-page'), 'RegisterPage');
const ForgotPasswordPage = page(
  () => import('@client/features/account/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('@client/features/account/reset-password-page'),
  'ResetPasswordPage',
);
const AccountPage = page(() => import('@client/features/account/account-page'), 'AccountPage');
const ProductsPage = page(() => import('@client/features/catalog/products-page'), 'ProductsPage');
const ProductDetailPage = page(
  () => import('@client/features/catalog/product-detail-page'),
  'ProductDetailPage',
);
const CartPage = page(() => import('@client/features/cart/cart-page'), 'CartPage');
const ContactPage = page(() => import('@client/features/contact/contact-page'), 'ContactPage');
const UnsubscribePage = page(() => import('@client/features/newsletter/unsubscribe-page'), 'UnsubscribePage');
const ApiTestPage = page(() => import('@client/features/diagnostics/api-test-page'), 'ApiTestPage');
const PolicyPage = page(() => import('@client/features/policies/policy-page'), 'PolicyPage');
const CheckoutPage = page(() => import('@client/features/checkout/checkout-page'), 'CheckoutPage');
const OrdersPage = page(() => import('@client/features/orders/orders-page'), 'OrdersPage');
const OrderSuccessPage = page(() => import('@client/features/orders/order-success-page'), 'OrderSuccessPage');
const PaymentPage = page(() => import('@client/features/payments/payment-page'), 'PaymentPage');
const TrackOrderPage = page(() => import('@client/features/orders/track-order-page'), 'TrackOrderPage');
const WishlistPage = page(() => import('@client/features/wishlist/wishlist-page'), 'WishlistPage');
const CodConfirmationPage = page(
  () => import('@client/features/cod-confirmation/cod-confirmation-page'),
  'CodConfirmationPage',
);
const NotFoundPage = page(() => import('@client/features/not-found/not-found-page'), 'NotFoundPage');

/** One page: its error boundary (cleared on every new path) and, while its chunk loads, the layout stays. */
function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense
        fallback={
          <div role="status" aria-live="polite" className="min-h-[50vh]">
            <span className="sr-only">Loading…</span>
          </div>
        }
      >
        {children}
      </Suspense>
    </RouteErrorBoundary>
  );
}

const route = (path: string, Screen: ComponentType) => (
  <Route
    path={path}
    element={
      <Page>
        <Screen />
      </Page>
    }
  />
);

/** The route table as `<Route>` elements (a test reads it with `createRoutesFromElements`). */
export const appRoutes = (
  <>
    <Route
      element={
        <Page>
          <AuthLayout />
        </Page>
      }
    >
      {route('/login', LoginPage)}
      {route('/register', RegisterPage)}
      {route('/forgot-password', ForgotPasswordPage)}
      {route('/reset-password', ResetPasswordPage)}
    </Route>
    <Route element={<MainLayout />}>
      <Route
        index
        element={
          <Page>
            <HomePage />
          </Page>
        }
      />
      {route('/products', ProductsPage)}
      {route('/product/:id', ProductDetailPage)}
      {route('/cart', CartPage)}
      {route('/contact', ContactPage)}
      {route('/newsletter/unsubscribe', UnsubscribePage)}
      {route('/api-test', ApiTestPage)}
      {route('/track-order', TrackOrderPage)}
      {route('/c/:token', CodConfirmationPage)}
      {route('/order-success', OrderSuccessPage)}
      {route('/wishlist', WishlistPage)}
      <Route element={<RequireAuth />}>
        {route('/account', AccountPage)}
        {route('/checkout', CheckoutPage)}
        {route('/orders', OrdersPage)}
        {/* The return request page loads from the orders chunk (keeps the first load within budget). */}
        {route('/orders/:orderId/return', OrdersPage)}
        {route('/payment', PaymentPage)}
      </Route>
      {route('/:policyType', PolicyPage)}
    </Route>
    {route('/404', NotFoundPage)}
    {route('*', NotFoundPage)}
  </>
);

/** Every page: the test-mode bar on top, then the routes. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      <TestModeBar />
      <RouteErrorBoundary resetKey={pathname}>
        <Routes>{appRoutes}</Routes>
      </RouteErrorBoundary>
    </>
  );
}
