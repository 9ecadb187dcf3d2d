/**
 * The account page's 'Send me order updates on WhatsApp' (docs/messages.md "Consent"): a checkbox showing the
 * account's choice, sent with `PUT /account/whatsapp-opt-in` on each change. The account info answer it gets
 * back replaces the cached one; a failure shows the storefront's message as an 'Error' toast and keeps the old
 * state.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { accountInfoSchema } from '@shared/accounts/account-schemas';
import { apiRequest } from '@client/lib/api-client';
import { toast } from '@client/lib/notify';
import { accountInfoQueryOptions, useAccountInfo } from '@client/lib/session/account-info-query';

/** The switch's label, as checkout words the same choice. */
export const WHATSAPP_OPT_IN_LABEL = 'Send me order updates on WhatsApp';

export function WhatsappOptInSwitch() {
  const account = useAccountInfo();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (optIn: boolean) =>
      apiRequest('/account/whatsapp-opt-in', { method: 'PUT', body: { optIn }, schema: accountInfoSchema }),
    onSuccess: (info) => queryClient.setQueryData(accountInfoQueryOptions().queryKey, info),
    onError: (error) =>
      toast.error('Error', {
        description: error instanceof Error ? error.message : 'Could not save your choice. Please try again.',
      }),
  });
  if (!account.data) return null;
  const checked = change.isPending ? change.variables : account.data.whatsappOptIn;
  return (
    <label className="mt-6 flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      <input
        type="checkbox"
        role="switch"
        className="mt-1 size-5 shrink-0 accent-brand-700"
        checked={checked}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-2 font-semibold text-stone-900">
          <MessageCircle aria-hidden="true" className="size-5 text-brand-700" />
          {WHATSAPP_OPT_IN_LABEL}
        </span>
        <span className="text-sm text-stone-600">
          Order, return and refund updates come on WhatsApp to your numbers instead of SMS. You can turn this
          off at any time.
        </span>
      </span>
    </label>
  );
}
