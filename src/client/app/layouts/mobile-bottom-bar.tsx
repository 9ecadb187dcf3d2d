/**
 * The mobile bottom bar (spec §2 "Main layout", §9 breakpoint 768 px): Home, Category (/products), My
 * Account and Cart with its item count. Shown under 768 px only, fixed to the bottom of the screen.
 */
import { NavLink } from 'react-router';
import {
  HouseIcon,
  LayoutGridIcon,
  ShoppingBagIcon,
  UserIcon,
  type IconProps,
} from '@client/components/icons/first-load-icons';
import type { ComponentType } from 'react';
import { useCart } from '@client/lib/cart/cart-context';
import { itemCountLabel } from '@client/lib/cart/cart-reducer';
import { cn } from '@client/lib/utils';

type BarItem = { to: string; label: string; icon: ComponentType<IconProps>; end?: boolean };

const ITEMS: BarItem[] = [
  { to: '/', label: 'Home', icon: HouseIcon, end: true },
  { to: '/products', label: 'Category', icon: LayoutGridIcon },
  { to: '/account', label: 'My Account', icon: UserIcon },
  { to: '/cart', label: 'Cart', icon: ShoppingBagIcon },
];

export function MobileBottomBar() {
  const { itemCount } = useCart();
  return (
    <nav
      aria-label="Mobile navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid h-16 grid-cols-4">
        {ITEMS.map(({ to, label, icon: Icon, end }) => {
          const isCart = to === '/cart';
          return (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                aria-label={isCart ? `Cart, ${itemCountLabel(itemCount)}` : undefined}
                className={({ isActive }) =>
                  cn(
                    'flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium text-stone-600 transition-colors hover:text-brand-700',
                    isActive && 'text-brand-700',
                  )
                }
              >
                <span className="relative">
                  <Icon aria-hidden="true" className="size-5" />
                  {isCart && itemCount > 0 && (
                    <span
                      aria-hidden="true"
                      className="absolute -top-2 -right-3 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-700 px-1 text-[10px] leading-none font-bold text-white"
                    >
                      {itemCount > 99 ? '99+' : itemCount}
                    </span>
                  )}
                </span>
                {label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
