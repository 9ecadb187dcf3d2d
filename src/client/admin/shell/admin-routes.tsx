/**
 * The admin's route table (under `/admin`): sign-in and set-up open; every other screen inside the shell,
 * only while signed in (else to sign-in); the staff screen for the owner only. Screens added later are loaded
 * lazily (the product editor).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { CustomerPage } from '../customers/customer-page';
import { CustomersPage } from '../customers/customers-page';
import { DashboardPage } from '../dashboard/dashboard-page';
import { useAdminSession } from '../lib/admin-session';
import { OrderPage } from '../orders/order-page';
import { OrdersPage } from '../orders/orders-page';
import { PackingSlipPage } from '../orders/packing-slip-page';
import { ProductsPage } from '../products/products-page';
import { SetUpPage } from '../sign-in/set-up-page';
import { SignInPage } from '../sign-in/sign-in-page';
import { MembersPage } from '../members/members-page';
import { AdminShell } from './admin-shell';

/** Screens loaded when first opened (the admin's first load stays within its budget). */
const ProductEditorPage = lazy(() =>
  import('../products/product-editor-page').then((module) => ({ default: module.ProductEditorPage })),
);
const ProductImagesPage = lazy(() =>
  import('../products/product-images-page').then((module) => ({ default: module.ProductImagesPage })),
);

const StoreSettingsPage = lazy(() =>
  import('../store-settings/store-settings-page').then((module) => ({ default: module.StoreSettingsPage })),
);
const PoliciesPage = lazy(() =>
  import('../store-settings/policies-page').then((module) => ({ default: module.PoliciesPage })),
);
const CatalogFilePage = lazy(() =>
  import('../catalog-file/catalog-file-page').then((module) => ({ default: module.CatalogFilePage })),
);

/** A lazily loaded screen with a loading line while its code arrives. */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="p-4 text-sm text-stone-600">Loading…</p>}>{children}</Suspense>;
}
/** Delivery and COD settings (owner only): its own chunk, loaded when opened. */
const DeliverySettingsPage = lazy(() => import('../store-settings/delivery-settings-page'));

function RequireAdmin({ children }: { children: ReactNode }) {
  const { token } = useAdminSession();
  const location = useLocation();
  if (!token) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="sign-in" element={<SignInPage />} />
      <Route path="set-up" element={<SetUpPage />} />
      <Route
        path="orders/:orderNumber/slip"
        element={
          <RequireAdmin>
            <PackingSlipPage />
          </RequireAdmin>
        }
      />
      <Route
        element={
          <RequireAdmin>
            <AdminShell />
          </RequireAdmin>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:orderNumber" element={<OrderPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route
          path="products/new"
          element={
            <Lazy>
              <ProductEditorPage />
            </Lazy>
          }
        />
        <Route
          path="products/:productId"
          element={
            <Lazy>
              <ProductEditorPage />
            </Lazy>
          }
        />
        <Route
          path="products/:productId/images"
          element={
            <Lazy>
              <ProductImagesPage />
            </Lazy>
          }
        />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="customers/:customerId" element={<CustomerPage />} />
        <Route path="staff" element={<MembersPage />} />
        <Route
          path="settings"
          element={
            <Lazy>
              <StoreSettingsPage />
            </Lazy>
          }
        />
        <Route
          path="settings/policies"
          element={
            <Lazy>
              <PoliciesPage />
            </Lazy>
          }
        />
        <Route
          path="catalog-file"
          element={
            <Lazy>
              <CatalogFilePage />
            </Lazy>
          }
        />
        <Route
          path="settings/delivery"
          element={
            <Lazy>
              <DeliverySettingsPage />
            </Lazy>
          }
        />
        <Route path="*" element={<p className="p-4 text-stone-600">This admin page does not exist.</p>} />
      </Route>
    </Routes>
  );
}
