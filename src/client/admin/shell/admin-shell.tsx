/**
 * The admin's frame, phone first: a top bar (shop name, who is signed in, sign out) and a bottom tab bar
 * (Dashboard, Orders, Products, Customers, Promotions, Messages, Returns, Add-ons, Reviews, and Staff and Settings for the
 * owner) that stays
 * under the thumb, with 'More' for the entries beyond five (./admin-tab-bar.tsx); on wider screens the tabs sit
 * in the top bar.
 * A screen that fails shows the error screen in its place.
 */
import {
  ChartColumn,
  Inbox,
  TicketPercent,
  LogOut,
  Package,
  Scissors,
  Settings,
  Shirt,
  Undo2,
  UserCog,
  Users,
  MessageSquareText,
} from 'lucide-react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { RouteErrorBoundary } from '@client/components/errors/route-error-boundary';
import { cn } from '@client/lib/utils';
import { useAdminSession } from '../lib/admin-session';
import { AdminTabBar, type AdminTab } from './admin-tab-bar';

const TABS: readonly AdminTab[] = [
  { to: '/', label: 'Dashboard', icon: ChartColumn, end: true },
  { to: '/orders', label: 'Orders', icon: Package, end: false },
  { to: '/products', label: 'Products', icon: Shirt, end: false },
  { to: '/customers', label: 'Customers', icon: Users, end: false },
  { to: '/discounts', label: 'Discounts', icon: TicketPercent, end: false },
  { to: '/messages', label: 'Messages', icon: Inbox, end: false },
  { to: '/returns', label: 'Returns', icon: Undo2, end: false },
  { to: '/add-ons', label: 'Add-ons', icon: Scissors, end: false },
  { to: '/reviews', label: 'Reviews', icon: MessageSquareText, end: false },
];

export function AdminShell() {
  const { me, signOut } = useAdminSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs =
    me?.role === 'owner'
      ? [
          ...TABS,
          { to: '/staff', label: 'Staff', icon: UserCog, end: false },
          { to: '/settings', label: 'Settings', icon: Settings, end: false },
        ]
      : TABS;
  return (
    <div className="min-h-dvh bg-stone-50 pb-20 md:pb-0">
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-brand-900 text-white">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-2.5">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">{me?.storeName ?? 'Shop admin'}</p>
            <p className="truncate text-xs text-brand-100">
              {me ? `${me.email} · ${me.role === 'owner' ? 'Owner' : 'Staff'}` : ' '}
            </p>
          </div>
          <nav aria-label="Admin" className="hidden gap-1 md:flex">
            {tabs.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-1.5 text-sm',
                    isActive ? 'bg-white/15 font-semibold' : 'hover:bg-white/10',
                  )
                }
              >
                {tab.label}
              </NavLink>
            ))}
          </nav>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-xs hover:bg-white/10"
            onClick={async () => {
              await signOut();
              navigate('/sign-in', { replace: true });
            }}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Sign out
          </button>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-3 py-4 sm:px-4">
        {/* A screen that fails keeps the shell, so the tabs still lead somewhere. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <AdminTabBar tabs={tabs} />
    </div>
  );
}
