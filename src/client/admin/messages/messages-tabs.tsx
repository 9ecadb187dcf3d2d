/**
 * The tabs of the admin's Messages screen (docs/admin.md "Messages", docs/messages.md): the contact inbox,
 * 'Sent messages' (the message outbox's log), 'Templates' (each message's text and provider names) and, for
 * the owner only, 'Settings' (SMS, the owner's WhatsApp, COD confirmation, cart reminders). Each tab has its
 * own address, so Back returns to it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAdminSession } from '../lib/admin-session';

const TABS = [
  { id: 'inbox', label: 'Inbox', to: '/messages' },
  { id: 'sent', label: 'Sent messages', to: '/messages/sent' },
  { id: 'templates', label: 'Templates', to: '/messages/templates' },
  { id: 'settings', label: 'Settings', to: '/messages/settings' },
] as const;

/** Tabs only the shop's owner sees (the server answers staff 403 there anyway). */
const OWNER_TABS: ReadonlySet<string> = new Set(['settings']);

export type MessagesTab = (typeof TABS)[number]['id'];

/** The screen's heading (`title`, e.g. with the unread count), its tabs, and tab `tab`'s panel. */
export function MessagesTabs({
  tab,
  title,
  children,
}: {
  tab: MessagesTab;
  title?: ReactNode;
  children: ReactNode;
}) {
  const { me } = useAdminSession();
  const tabs = TABS.filter((entry) => me?.role === 'owner' || !OWNER_TABS.has(entry.id) || entry.id === tab);
  return (
    <section aria-labelledby="messages-title" className="flex flex-col gap-3">
      <h1 id="messages-title" className="text-lg font-semibold">
        {title ?? 'Messages'}
      </h1>
      <div
        role="tablist"
        aria-label="Messages"
        className="-mx-3 flex gap-1 overflow-x-auto border-b border-stone-200 px-3"
      >
        {tabs.map((entry) => (
          <Link
            key={entry.id}
            to={entry.to}
            role="tab"
            id={`messages-tab-${entry.id}`}
            aria-selected={tab === entry.id}
            aria-controls={`messages-panel-${entry.id}`}
            className={
              tab === entry.id
                ? 'border-b-2 border-brand-700 px-3 py-2 text-sm font-medium whitespace-nowrap'
                : 'border-b-2 border-transparent px-3 py-2 text-sm whitespace-nowrap text-stone-600 hover:text-stone-900'
            }
          >
            {entry.label}
          </Link>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`messages-panel-${tab}`}
        aria-labelledby={`messages-tab-${tab}`}
        className="flex flex-col gap-3"
      >
        {children}
      </div>
    </section>
  );
}
