/**
 * `/admin/staff` (owner only; the members screen, titled 'Staff'): the shop's members; invite staff by e-mail
 * (they get a one-time link, valid 1 hour, to choose a password) and revoke them (their sessions end at
 * once).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  inviteMemberBodySchema,
  memberListSchema,
  memberSchema,
  type InviteMemberBody,
} from '@shared/admin/admin-schemas';
import type { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { AdminList } from '../lib/admin-list';
import { ADMIN_QUERY_KEY, useAdminSession } from '../lib/admin-session';

const membersQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'members'],
    queryFn: () => apiRequest('/admin/members', { schema: memberListSchema }),
  });

export function MembersPage() {
  const { me } = useAdminSession();
  const client = useQueryClient();
  const members = useQuery({ ...membersQuery(), enabled: me?.role === 'owner' });
  const form = useForm<z.input<typeof inviteMemberBodySchema>, unknown, InviteMemberBody>({
    resolver: zodResolver(inviteMemberBodySchema),
    defaultValues: { email: '' },
  });
  const refresh = () => client.invalidateQueries({ queryKey: membersQuery().queryKey });
  const invite = useMutation({
    mutationFn: (body: InviteMemberBody) =>
      apiRequest('/admin/members', { method: 'POST', body, schema: memberSchema }),
    onSuccess: (member) => {
      toast.success(`Invitation sent to ${member.email}`);
      form.reset();
      void refresh();
    },
    onError: (error) => {
      if (setFieldErrors(error, form.setError, ['email']).shown.length === 0) toast.error(errorText(error));
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/admin/members/${id}/revoke`, { method: 'POST', body: {}, schema: memberSchema }),
    onSuccess: (member) => {
      toast.success(`${member.email} can no longer use the admin`);
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  if (me && me.role !== 'owner') return <p className="text-stone-600">Only the shop owner manages staff.</p>;
  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-3">
      <h1 id="members-title" className="text-lg font-semibold">
        Staff
      </h1>
      <form
        noValidate
        aria-label="Invite staff"
        className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3"
        onSubmit={form.handleSubmit((body) => invite.mutate(body))}
      >
        <FormField
          id="invite-email"
          label="Invite by e-mail"
          hint="Staff handle orders, products and stock; not settings or staff."
          error={form.formState.errors.email?.message}
        >
          {(control) => <Input {...control} type="email" inputMode="email" {...form.register('email')} />}
        </FormField>
        <Button type="submit" disabled={invite.isPending}>
          Send invitation
        </Button>
      </form>
      <AdminList
        label="Members"
        rows={members.data?.members}
        rowKey={(member) => member.id}
        empty="No members yet."
        error={members.error}
        rowClassName="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm"
        renderRow={(member) => (
          <>
            <span className="min-w-0">
              <span className="block truncate">{member.email}</span>
              <span className="text-xs text-stone-500">
                {member.role === 'owner' ? 'Owner' : 'Staff'} · {member.status}
              </span>
            </span>
            {member.role === 'staff' && member.status !== 'revoked' && (
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() => {
                  if (window.confirm(`Revoke ${member.email}?`)) revoke.mutate(member.id);
                }}
              >
                Revoke
              </Button>
            )}
          </>
        )}
      />
    </section>
  );
}
