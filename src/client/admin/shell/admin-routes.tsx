/**
 * The admin's route table (under `/admin`): sign-in and set-up open; every other screen inside the shell,
 * only while signed in (else to sign-in); the staff screen for the owner only. Screens added later are loaded
 * lazily (the product editor, the store settings). A screen that fails shows the storefront's error screen
 * ('Something went wrong' with 'Reload') inside the shell, one more boundary catches the rest, and a lazy
 * screen's chunk that is gone after a deploy reloads the page once (lib/chunk-reload.ts).
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RouteErrorBoundary } from '@client/components/errors/route-error-boundary';
import { forgetChunkReload } from '@client/lib/chunk-reload';
import { CustomerPage } from '../customers/customer-page';
import { CustomersPage } from '../customers/customers-page';
import { DashboardPage } from '../dashboard/dashboard-page';
import { useAdminSession } from '../lib/admin-session';
import { MembersPage } from '../members/members-page';
import { OrderPage } from '../orders/order-page';
import { OrdersPage } from '../orders/orders-page';
import { PackingSlipPage } from '../orders/packing-slip-page';
import { ProductsPage } from '../products/products-page';
import { SetUpPage } from '../sign-in/set-up-page';
import { SignInPage } from '../sign-in/sign-in-page';
import { AdminShell } from './admin-shell';

/**
 * A screen loaded when first opened, from its module's export `name`; a chunk that loads clears the reload
 * mark.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => {
    const loaded = await load();
    forgetChunkReload();
    return { default: loaded[name] as ComponentType };
  });
}

/** Screens loaded when first opened (the admin's first load stays within its budget). */
const ProductEditorPage = screen(() => import('../products/product-editor-page'), 'ProductEditorPage');
const ProductImagesPage = screen(() => import('../products/product-images-page'), 'ProductImagesPage');
const StoreSettingsPage = screen(() => import('../store-settings/store-settings-page'), 'StoreSettingsPage');
const PoliciesPage = screen(() => import('../store-settings/policies-page'), 'PoliciesPage');
const CatalogFilePage = screen(() => import('../catalog-file/catalog-file-page'), 'CatalogFilePage');
const MessagesPage = screen(() => import('../messages/messages-page'), 'MessagesPage');
const DiscountsPage = screen(() => import('../discounts/discounts-page'), 'DiscountsPage');
const DiscountsPromotionsPage = screen(
  () => import('../discounts/discounts-page'),
  'DiscountsPromotionsPage',
);
const MessagePage = screen(() => import('../messages/message-page'), 'MessagePage');
const SentMessagesPage = screen(() => import('../messages/sent-messages-page'), 'SentMessagesPage');
const MessageTemplatesPage = screen(
  () => import('../messages/message-templates-page'),
  'MessageTemplatesPage',
);
const MessageSettingsPage = screen(() => import('../messages/message-settings-page'), 'MessageSettingsPage');
const ReturnsPage = screen(() => import('../returns/returns-page'), 'ReturnsPage');
const ReturnPage = screen(() => import('../returns/return-page'), 'ReturnPage');
const AddOnsPage = screen(() => import('../add-ons/add-ons-page'), 'AddOnsPage');
const ReviewsPage = screen(() => import('../reviews/reviews-page'), 'ReviewsPage');
const WebhooksPage = screen(() => import('../webhooks/webhooks-page'), 'WebhooksPage');
/** Delivery and COD settings (owner only): its own chunk, loaded when opened. */
const DeliverySettingsPage = screen(() => import('../store-settings/delivery-settings-page'), 'default');
/** Shiprocket settings (owner only): its own chunk, loaded when opened. */
const ShippingSettingsPage = screen(() => import('../store-settings/shipping-settings-page'), 'default');

/** A lazily loaded screen with a loading line while its code arrives. */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="p-4 text-sm text-stone-600">Loading…</p>}>{children}</Suspense>;
}

function RequireAdmin({ children }: { children: ReactNode }) {
  const { token } = useAdminSession();
  const location = useLocation();
  if (!token) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

export function AdminRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="set-up" element={<SetUpPage />} />
        <Route
          path="orders/:orderId/slip"
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
          <Route path="orders/:orderId" element={<OrderPage />} />
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
          <Route
            path="discounts/promotions"
            element={
              <Lazy>
                <DiscountsPromotionsPage />
              </Lazy>
            }
          />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="customers/:customerId" element={<CustomerPage />} />
          <Route
            path="discounts"
            element={
              <Lazy>
                <DiscountsPage />
              </Lazy>
            }
          />
          <Route
            path="messages"
            element={
              <Lazy>
                <MessagesPage />
              </Lazy>
            }
          />
          <Route
            path="messages/sent"
            element={
              <Lazy>
                <SentMessagesPage />
              </Lazy>
            }
          />
          <Route
            path="messages/templates"
            element={
              <Lazy>
                <MessageTemplatesPage />
              </Lazy>
            }
          />
          <Route
            path="messages/settings"
            element={
              <Lazy>
                <MessageSettingsPage />
              </Lazy>
            }
          />
          <Route
            path="messages/:messageId"
            element={
              <Lazy>
                <MessagePage />
              </Lazy>
            }
          />
          <Route
            path="returns"
            element={
              <Lazy>
                <ReturnsPage />
              </Lazy>
            }
          />
          <Route
            path="returns/:returnId"
            element={
              <Lazy>
                <ReturnPage />
              </Lazy>
            }
          />
          <Route
            path="add-ons"
            element={
              <Lazy>
                <AddOnsPage />
              </Lazy>
            }
          />
          <Route
            path="reviews"
            element={
              <Lazy>
                <ReviewsPage />
              </Lazy>
            }
          />
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
          <Route
            path="settings/webhooks"
            element={
              <Lazy>
                <WebhooksPage />
              </Lazy>
            }
          />
          <Route
            path="settings/shipping"
            element={
              <Lazy>
                <ShippingSettingsPage />
              </Lazy>
            }
          />
          <Route path="*" element={<p className="p-4 text-stone-600">This admin page does not exist.</p>} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
