/**
 * The admin's bottom tab bar on phones (below 768 px; docs/admin.md): up to five entries side by side, each
 * label whole; with more, the first four and 'More', a menu of the rest — so the bar holds any number of
 * screens and no label is ever cut (a 390 px phone has room for five labels such as 'Dashboard'). 'More' is
 * marked current while one of its screens is open.
 */
import { Ellipsis, type LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@client/lib/utils';

/** One screen of the admin: its path, label and icon; `end` when only the exact path marks it current. */
export type AdminTab = { to: string; label: string; icon: LucideIcon; end: boolean };

/** Most entries the bar shows side by side; beyond that, one place goes to 'More'. */
export const MAX_BAR_ENTRIES = 5;

const entryClass = (active: boolean) =>
  cn(
    'flex min-w-0 flex-col items-center gap-0.5 px-0.5 py-2 text-xs whitespace-nowrap',
    active ? 'font-semibold text-brand-700' : 'text-stone-600',
  );

/** Whether `pathname` is `tab`'s screen (or, unless `end`, a page under it). */
const isCurrent = (tab: AdminTab, pathname: string) =>
  tab.end ? pathname === tab.to : pathname === tab.to || pathname.startsWith(`${tab.to}/`);

export function AdminTabBar({ tabs }: { tabs: readonly AdminTab[] }) {
  const { pathname } = useLocation();
  const overflow = tabs.length > MAX_BAR_ENTRIES;
  const inBar = overflow ? tabs.slice(0, MAX_BAR_ENTRIES - 1) : tabs;
  const inMore = overflow ? tabs.slice(MAX_BAR_ENTRIES - 1) : [];
  const moreCurrent = inMore.some((tab) => isCurrent(tab, pathname));
  return (
    <nav
      aria-label="Admin tabs"
      className="fixed inset-x-0 bottom-0 z-20 grid border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
      style={{ gridTemplateColumns: `repeat(${inBar.length + (overflow ? 1 : 0)}, minmax(0, 1fr))` }}
    >
      {inBar.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => entryClass(isActive)}>
          <tab.icon className="size-5" aria-hidden="true" />
          {tab.label}
        </NavLink>
      ))}
      {overflow && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            className={entryClass(moreCurrent)}
            aria-current={moreCurrent ? 'page' : undefined}
          >
            <Ellipsis className="size-5" aria-hidden="true" />
            More
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              side="top"
              align="end"
              sideOffset={6}
              collisionPadding={8}
              className="z-30 flex min-w-44 flex-col rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
            >
              {inMore.map((tab) => (
                <DropdownMenu.Item key={tab.to} asChild>
                  <NavLink
                    to={tab.to}
                    end={tab.end}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2 rounded-md px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-stone-100',
                        isActive ? 'font-semibold text-brand-700' : 'text-stone-700',
                      )
                    }
                  >
                    <tab.icon className="size-4" aria-hidden="true" />
                    {tab.label}
                  </NavLink>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </nav>
  );
}
