/**
 * My Account, /account (docs/product.md §2 "Account", §8): name, e-mail and
 * member-since date ('April 18, 2025'), one navigation card to /orders, the 'Send me order updates on WhatsApp' switch, the saved addresses (see and delete),
 * Sign Out and Return to Home. Shown
 * only inside RequireAuth. Missing data shows the neutral 'Customer' and '—', never sample values; a load failure shows the storefront's message as
 * an 'Error' toast and inline.
 */
import { startTransition, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { CalendarDays, ChevronRight, Home, LogOut, Mail, Package, Smartphone, UserRound } from 'lucide-react';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { toast } from '@client/lib/notify';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { accountDisplay } from './account-display';
import { AddressBookSection } from './address-book-section';
import { WhatsappOptInSwitch } from './whatsapp-opt-in-switch';
import { useAccountInfo } from '@client/lib/session/account-info-query';
import { useLogoutMutation } from './account-api';
import { useSession } from '@client/lib/session/session-context';
import { forgetAccountWishlist } from '@client/lib/wishlist/wishlist-store';
import {
  ACCOUNT_ERROR_TITLE,
  accountLoadErrorMessage,
  LOGOUT_DESCRIPTION,
  LOGOUT_FAILED,
  LOGOUT_TITLE,
} from './account-messages';

export function AccountPage() {
  const navigate = useNavigate();
  const { signOut } = useSession();
  const { brand } = useStoreInfo();
  const account = useAccountInfo();
  const logout = useLogoutMutation();
  useDocumentTitle(`My Account | ${brand}`);

  const loadError = account.isError ? accountLoadErrorMessage(account.error) : null;
  useEffect(() => {
    if (loadError) toast.error(ACCOUNT_ERROR_TITLE, { description: loadError });
    // One toast per failed load: errorUpdatedAt changes with each failure.
  }, [loadError, account.errorUpdatedAt]);

  const onSignOut = async () => {
    let revoked = true;
    try {
      await logout.mutateAsync();
    } catch {
      revoked = false;
    }
    // One transition for both, so the guard never sees a signed-out user still on /account.
    startTransition(() => {
      navigate('/');
      signOut();
      forgetAccountWishlist();
    });
    if (revoked) toast.success(LOGOUT_TITLE, { description: LOGOUT_DESCRIPTION });
    else toast.error(ACCOUNT_ERROR_TITLE, { description: LOGOUT_FAILED });
  };

  const shown = accountDisplay(account.data);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <h1 className="mb-6 font-serif text-2xl font-bold text-stone-900 sm:text-3xl">My Account</h1>

      {loadError && <Alert className="mb-6">{loadError}</Alert>}

      <Card>
        <CardHeader className="flex-row items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700"
          >
            <UserRound className="size-7" />
          </span>
          <div className="min-w-0">
            <CardTitle className="truncate">
              {account.isPending ? (
                <Skeleton className="h-6 w-40" />
              ) : (
                <span data-testid="account-name">{shown.name}</span>
              )}
            </CardTitle>
            <p className="text-sm text-stone-600">Account details</p>
          </div>
        </CardHeader>
        <CardContent>
          {/* A `dl` holds only dt/dd groups (one `div` each); the icon sits inside its term. */}
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="min-w-0 rounded-md bg-stone-50 p-3">
              <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-stone-600">
                <Mail aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                Email
              </dt>
              <dd className="break-all pl-7 text-stone-900">
                {account.isPending ? <Skeleton className="mt-1 h-5 w-48" /> : shown.email}
              </dd>
            </div>
            {account.data?.phone ? (
              <div className="rounded-md bg-stone-50 p-3">
                <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-stone-600">
                  <Smartphone aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                  Mobile
                </dt>
                <dd className="pl-7 text-stone-900">{account.data.phone}</dd>
              </div>
            ) : null}
            <div className="rounded-md bg-stone-50 p-3">
              <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-stone-600">
                <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                Member since
              </dt>
              <dd className="pl-7 text-stone-900">
                {account.isPending ? <Skeleton className="mt-1 h-5 w-32" /> : shown.memberSince}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <Link
        to="/orders"
        className="group mt-6 flex items-center gap-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-zari-400/20 text-brand-700"
        >
          <Package className="size-5" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-semibold text-stone-900">My Orders</span>
          <span className="text-sm text-stone-600">View your orders, their status and payments</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 text-stone-400 group-hover:text-brand-700" />
      </Link>

      <WhatsappOptInSwitch />

      <AddressBookSection />

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button asChild variant="outline" size="lg">
          <Link to="/">
            <Home aria-hidden="true" />
            Return to Home
          </Link>
        </Button>
        <Button variant="destructive" size="lg" onClick={onSignOut} disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          {logout.isPending ? 'Signing out...' : 'Sign Out'}
        </Button>
      </div>
    </div>
  );
}
