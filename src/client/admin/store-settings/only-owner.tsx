/** Shows its children to the shop's owner only; staff read why not (the server answers them 403 anyway). */
import type { ReactNode } from 'react';
import { useAdminSession } from '../lib/admin-session';

export function OnlyOwner({ children }: { children: ReactNode }) {
  const { me } = useAdminSession();
  if (me && me.role !== 'owner')
    return <p className="text-stone-600">Only the shop owner changes settings.</p>;
  return children;
}
