/**
 * The sticky header of the main layout (docs/product.md §2 "Main layout", §9): brand, up to 3 category links, 'All
 * categories' (a native disclosure listing every category, so no script loads for it), 'All Products', the
 * wishlist and the cart with their item counts, the account link or 'Login', a mobile menu listing every
 * category, and a shadow once the page has scrolled more than 20 px.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import {
  CloseIcon,
  HeartIcon,
  MenuIcon,
  SearchIcon,
  ShoppingBagIcon,
  UserIcon,
} from '@client/components/icons/first-load-icons';
import { buttonVariants } from '@client/components/ui/button-variants';
import { itemCountLabel } from '@client/lib/cart/cart-reducer';
import { useCart } from '@client/lib/cart/cart-context';
import { capitaliseWords } from '@shared/text/capitalise-words';
import { useSession } from '@client/lib/session/session-context';
import { categoryHref } from '@client/lib/store-info/category-href';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { cn } from '@client/lib/utils';
import { useWishlistCount } from '@client/lib/wishlist/wishlist-count';
import { HeaderSearch } from './header-search';

/** The header gets its shadow after this many pixels of scrolling (docs/product.md §9). */
export const HEADER_SHADOW_SCROLL_PX = 20;

function useScrolledPast(offset: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > offset);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return scrolled;
}

/** The header's icon buttons (search, wishlist, cart, account, menu); `relative` places the count badges. */
const iconButton = cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative [&_svg]:size-5');

/** An icon link named with its count ('Cart, 2 items'), the count shown on a badge. */
function CountLink({
  to,
  label,
  count,
  icon,
}: {
  to: string;
  label: string;
  count: number;
  icon: ReactNode;
}) {
  return (
    <Link to={to} aria-label={`${label}, ${itemCountLabel(count)}`} className={iconButton}>
      {icon}
      {count > 0 && (
        <span aria-hidden="true" className="count-badge -top-0.5 -right-0.5 h-5 min-w-5 text-[11px]">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

export function Header() {
  const { brand, categories, headerCategories } = useStoreInfo();
  const { itemCount } = useCart();
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const scrolled = useScrolledPast(HEADER_SHADOW_SCROLL_PX);
  const menuButton = useRef<HTMLButtonElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);

  // The mobile menu or, under 1024 px, the search bar (wider screens show the search field in the row). A panel
  // belongs to the location it was opened on: any navigation closes it; Esc closes it and returns focus.
  const [panel, setPanel] = useState<{ at: string; kind: 'menu' | 'search' }>();
  const open = panel?.at === location.key ? panel.kind : null;
  const menuOpen = open === 'menu';
  const searchOpen = open === 'search';
  const toggle = (kind: 'menu' | 'search') =>
    setPanel(open === kind ? undefined : { at: location.key, kind });

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        setPanel(undefined);
        (open === 'menu' ? menuButton : searchButton).current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const listingParams = location.pathname === '/products' ? new URLSearchParams(location.search) : null;
  const currentCategory = listingParams?.get('category');
  const currentSearch = listingParams?.get('q') ?? '';
  const saved = useWishlistCount();

  const linksOf = (names: string[]) => [
    ...names.map((category) => ({
      key: `category-${category}`,
      to: categoryHref(category),
      label: capitaliseWords(category),
      active: currentCategory === category.toLowerCase(),
    })),
    {
      key: 'all-products',
      to: '/products',
      label: 'All Products',
      active: location.pathname === '/products' && !currentCategory,
    },
  ];
  const links = linksOf(headerCategories);
  // The mobile menu lists every category, then 'All Products'; the 'All categories' menu every category.
  const allLinks = linksOf(categories);

  return (
    <header className="site-header" data-scrolled={scrolled ? 'true' : 'false'}>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="mr-auto min-w-0 rounded-md md:mr-4">
          <span className="block truncate font-serif text-xl font-bold tracking-tight text-brand-800 sm:text-2xl">
            {brand}
          </span>
        </Link>

        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {links.map((link) => (
            <Link
              key={link.key}
              to={link.to}
              aria-current={link.active ? 'page' : undefined}
              className="nav-link"
            >
              {link.label}
            </Link>
          ))}
          {/* Every category, the ones above too; a new page closes it (it mounts afresh). */}
          <details key={location.key} className="relative">
            <summary className="nav-link cursor-pointer">All categories</summary>
            <div className="absolute top-full left-0 z-50 mt-1 flex min-w-48 flex-col rounded-md border border-stone-200 bg-white p-1 shadow-lg">
              {allLinks.slice(0, -1).map((link) => (
                <Link key={link.key} to={link.to} className="nav-link">
                  {link.label}
                </Link>
              ))}
            </div>
          </details>
        </nav>

        {/* Opening the phone's search bar mounts the field afresh, which focuses it. */}
        <HeaderSearch key={String(searchOpen)} query={currentSearch} open={searchOpen} />

        <div className="flex items-center gap-1 sm:gap-2">
          <button
            ref={searchButton}
            type="button"
            className={cn(iconButton, 'lg:hidden')}
            aria-expanded={searchOpen}
            aria-label="Search"
            onClick={() => toggle('search')}
          >
            <SearchIcon />
          </button>

          <CountLink to="/wishlist" label="Wishlist" count={saved} icon={<HeartIcon />} />
          <CountLink to="/cart" label="Cart" count={itemCount} icon={<ShoppingBagIcon />} />

          {isAuthenticated ? (
            <NavLink to="/account" aria-label="My Account" className={iconButton}>
              <UserIcon />
            </NavLink>
          ) : (
            <Link to="/login" className={buttonVariants({ size: 'sm' })}>
              Login
            </Link>
          )}

          <button
            ref={menuButton}
            type="button"
            className={cn(iconButton, 'md:hidden')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => toggle('menu')}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-stone-200 bg-white md:hidden">
        <nav aria-label="Mobile menu" className="mx-auto flex max-w-7xl flex-col px-4 py-2">
          {allLinks.map((link) => (
            <Link
              key={link.key}
              to={link.to}
              aria-current={link.active ? 'page' : undefined}
              className="nav-link py-3 text-base"
            >
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </header>
  );
}
