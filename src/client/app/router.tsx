/**
 * The route table (spec §2): layouts, guards and code-split pages. Declarative React Router (its data router
 * costs ~17 KB more gzipped); Home is in the first-load bundle, every other page is a lazy chunk
 * (`npm run size` keeps the home page's first-load JavaScript ≤ 100 KB gzipped).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AuthLayout } from '@client/app/layouts/auth-layout';
import { MainLayout } from '@client/app/layouts/main-layout';
import { HomePage } from '@client/features/home/home-page';
import { RequireAuth } from '@client/app/require-auth';

/** A lazily loaded page from a module's named export. */
function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginPage = page(() => import('@client/features/users/login-page'), 'LoginPage');
const RegisterPage = page(() => import('@client/features/users/register-page'), 'RegisterPage');
const AccountPage = page(() => import('@client/features/users/account-page'), 'AccountPage');
const ProductsPage = page(() => import('@client/features/catalog/products-page'), 'ProductsPage');
const ProductDetailPage = page(
  () => import('@client/features/catalog/product-detail-page'),
  'ProductDetailPage',
);
const CartPage = page(() => import('@client/features/cart/cart-page'), 'CartPage');
const ContactPage = page(() => import('@client/features/contact/contact-page'), 'ContactPage');
const ApiTestPage = page(() => import('@client/features/diagnostics/api-test-page'), 'ApiTestPage');
const PolicyPage = page(() => import('@client/features/policies/policy-page'), 'PolicyPage');
const CheckoutPage = page(() => import('@client/features/checkout/checkout-page'), 'CheckoutPage');
const OrdersPage = page(() => import('@client/features/orders/orders-page'), 'OrdersPage');
const OrderSuccessPage = page(() => import('@client/features/orders/order-success-page'), 'OrderSuccessPage');
const PaymentPage = page(() => import('@client/features/payments/payment-page'), 'PaymentPage');
const TrackOrderPage = page(() => import('@client/features/orders/track-order-page'), 'TrackOrderPage');
const NotFoundPage = page(() => import('@client/features/not-found/not-found-page'), 'NotFoundPage');

/** Keeps the layout on screen while a page's chunk loads. */
function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-live="polite" className="min-h-[50vh]">
          <span className="sr-only">Loading…</span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AuthLayout />}>
        <Route
          path="/login"
          element={
            <Lazy>
              <LoginPage />
            </Lazy>
          }
        />
        <Route
          path="/register"
          element={
            <Lazy>
              <RegisterPage />
            </Lazy>
          }
        />
      </Route>
      <Route element={<MainLayout />}>
        <Route index element={<HomePage />} />
        <Route
          path="/products"
          element={
            <Lazy>
              <ProductsPage />
            </Lazy>
          }
        />
        <Route
          path="/product/:id"
          element={
            <Lazy>
              <ProductDetailPage />
            </Lazy>
          }
        />
        <Route
          path="/cart"
          element={
            <Lazy>
              <CartPage />
            </Lazy>
          }
        />
        <Route
          path="/contact"
          element={
            <Lazy>
              <ContactPage />
            </Lazy>
          }
        />
        <Route
          path="/api-test"
          element={
            <Lazy>
              <ApiTestPage />
            </Lazy>
          }
        />
        <Route
          path="/track-order"
          element={
            <Lazy>
              <TrackOrderPage />
            </Lazy>
          }
        />
        <Route
          path="/order-success"
          element={
            <Lazy>
              <OrderSuccessPage />
            </Lazy>
          }
        />
        <Route element={<RequireAuth />}>
          <Route
            path="/account"
            element={
              <Lazy>
                <AccountPage />
              </Lazy>
            }
          />
          <Route
            path="/checkout"
            element={
              <Lazy>
                <CheckoutPage />
              </Lazy>
            }
          />
          <Route
            path="/orders"
            element={
              <Lazy>
                <OrdersPage />
              </Lazy>
            }
          />
          <Route
            path="/payment"
            element={
              <Lazy>
                <PaymentPage />
              </Lazy>
            }
          />
        </Route>
        <Route
          path="/:policyType"
          element={
            <Lazy>
              <PolicyPage />
            </Lazy>
          }
        />
      </Route>
      <Route
        path="/404"
        element={
          <Lazy>
            <NotFoundPage />
          </Lazy>
        }
      />
      <Route
        path="*"
        element={
          <Lazy>
            <NotFoundPage />
          </Lazy>
        }
      />
    </Routes>
  );
}
