/**
 * The mobile bottom bar (docs/product.md §2 "Main layout", §9 breakpoint 768 px): Home, Category (/products), My
 * Account and Cart with its item count. Shown under 768 px only, fixed to the bottom of the screen (looks:
 * styles.css `.bottom-bar`; the current page's link is marked by NavLink's `aria-current`).
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
    <nav aria-label="Mobile navigation" className="bottom-bar">
      <ul className="grid h-16 grid-cols-4">
        {ITEMS.map(({ to, label, icon: Icon, end }) => {
          const isCart = to === '/cart';
          return (
            <li key={to}>
              <NavLink to={to} end={end} className="bottom-bar-link">
                <span className="relative">
                  <Icon aria-hidden="true" className="size-5" />
                  {isCart && itemCount > 0 && (
                    <span aria-hidden="true" className="count-badge -top-2 -right-3 h-4 min-w-4 text-[10px]">
                      {itemCount > 99 ? '99+' : itemCount}
                    </span>
                  )}
                </span>
                {/* The cart's name is its visible word followed by the count (no aria-label that would differ
                    from the text), read from one hidden-to-the-eye phrase so no stray space splits it. */}
                {isCart ? (
                  <>
                    <span aria-hidden="true">{label}</span>
                    <span className="sr-only">{`${label}, ${itemCountLabel(itemCount)}`}</span>
                  </>
                ) : (
                  label
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
