/**
 * The admin's route table (under `/admin`): sign-in and set-up open; every other screen inside the shell,
 * only while signed in (else to sign-in); the staff screen for the owner only.
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
import { StaffPage } from '../staff/staff-page';
import { AdminShell } from './admin-shell';

/** Delivery and COD settings (owner only): its own chunk, loaded when opened. */
const DeliverySettingsPage = lazy(() => import('../settings/delivery-settings-page'));

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
        <Route path="customers" element={<CustomersPage />} />
        <Route path="customers/:customerId" element={<CustomerPage />} />
        <Route path="staff" element={<StaffPage />} />
        <Route
          path="settings/delivery"
          element={
            <Suspense fallback={<p className="text-stone-600">Loading…</p>}>
              <DeliverySettingsPage />
            </Suspense>
          }
        />
        <Route path="*" element={<p className="p-4 text-stone-600">This admin page does not exist.</p>} />
      </Route>
    </Routes>
  );
}
