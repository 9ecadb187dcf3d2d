/**
 * `/admin/settings` (owner only): the store info, the categories of the header and home, returns (window,
 * exchanges, pickup fee, return address), GST, the size chart and
 * the size charts per category,
 * search synonyms and the payment set-up (read only: payments are configured on the server). Each section saves on its own;
 * the storefront shows a change on its next page load. Links lead to delivery and cash on delivery, the policy pages and the catalogue file.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { gatewayName } from '@shared/payments/payment-labels';
import type { StoreSettings } from '@shared/store-settings/store-settings-schemas';
import { Alert } from '@client/components/ui/alert';
import { Card, CardContent } from '@client/components/ui/card';
import { errorText } from '@client/lib/error-text';
import { CategoryOrderForm } from './category-order-form';
import { GstSettingsForm } from './gst-settings-form';
import { ReturnSettingsForm } from './return-settings-form';
import { OnlyOwner } from './only-owner';
import { storeSettingsQuery } from './store-settings-queries';
import { StoreInfoForm } from './store-info-form';
import { SizeChartForm } from './size-chart-form';
import { CategorySizeChartForm } from './category-size-chart-form';
import { SynonymsForm } from './synonyms-form';
import { Gstr1Downloads } from '../gst/gstr1-downloads';

function PaymentSetup({ payments }: { payments: StoreSettings['payments'] }) {
  const mode = (testMode: boolean) => (testMode ? 'test mode' : 'live');
  return (
    <section aria-labelledby="payments-title" className="flex flex-col gap-2 text-sm">
      <h2 id="payments-title" className="font-semibold">
        Payments
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-stone-500">UPI</dt>
        <dd>
          {payments.upi
            ? `${payments.upi.vpa} (${payments.upi.payeeName}), ${mode(payments.upi.testMode)}`
            : 'not set up'}
        </dd>
        <dt className="text-stone-500">Cards, net banking</dt>
        <dd>
          {payments.gateway
            ? `${gatewayName(payments.gateway.provider)}, ${mode(payments.gateway.testMode)}`
            : 'not set up'}
        </dd>
        {payments.gateway?.webhookConfigured !== undefined && (
          <>
            <dt className="text-stone-500">Gateway confirmations</dt>
            <dd>{payments.gateway.webhookConfigured ? 'webhook set up' : 'webhook not set up'}</dd>
          </>
        )}
        <dt className="text-stone-500">UPI confirmations</dt>
        <dd>{payments.upiWebhookConfigured ? 'automatic (webhook set up)' : 'marked paid by hand'}</dd>
      </dl>
      <p className="text-xs text-stone-500">
        Payments are set up in the server's configuration (docs/payments.md).
      </p>
    </section>
  );
}

export function StoreSettingsPage() {
  const settings = useQuery(storeSettingsQuery());
  return (
    <OnlyOwner>
      <section aria-labelledby="settings-title" className="flex flex-col gap-3">
        <h1 id="settings-title" className="text-lg font-semibold">
          Settings
        </h1>
        <nav aria-label="More settings" className="flex flex-wrap gap-2 text-sm">
          <Link className="btn btn-outline btn-sm" to="/settings/delivery">
            Delivery and COD
          </Link>
          <Link className="btn btn-outline btn-sm" to="/settings/shipping">
            Shipping (Shiprocket)
          </Link>
          <Link className="btn btn-outline btn-sm" to="/settings/policies">
            Policy pages
          </Link>
          <Link className="btn btn-outline btn-sm" to="/catalog-file">
            Catalogue file
          </Link>
          <Link className="btn btn-outline btn-sm" to="/settings/webhooks">
            Webhooks
          </Link>
        </nav>
        {settings.isPending && <p className="text-sm text-stone-600">Loading…</p>}
        {settings.isError && <Alert>{errorText(settings.error)}</Alert>}
        {settings.data && (
          <>
            <Card>
              <CardContent className="pt-4">
                <StoreInfoForm settings={settings.data.storeInfo} />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-4">
                <CategoryOrderForm settings={settings.data} />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-4">
                <ReturnSettingsForm settings={settings.data} />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-4">
                <GstSettingsForm settings={settings.data} />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-4">
                <Gstr1Downloads />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-4">
                <SizeChartForm settings={settings.data} />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-4">
                <CategorySizeChartForm settings={settings.data} />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-4">
                <SynonymsForm settings={settings.data} />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-4">
                <PaymentSetup payments={settings.data.payments} />
              </CardContent>
            </Card>
          </>
        )}
      </section>
    </OnlyOwner>
  );
}
