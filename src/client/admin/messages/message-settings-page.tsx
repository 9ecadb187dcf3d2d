/**
 * `/admin/messages/settings` (owner only; docs/messages.md "Settings", docs/admin.md "Messages"): the
 * Messages screen's Settings tab. 'Order messages' — transactional SMS on or off, the owner's WhatsApp number
 * told of each paid order, the hours a cash-on-delivery order waits for the shopper's Confirm or Cancel and
 * what happens without an answer — saved with `PUT /api/v1/admin/settings/order-messages`; 'Forgotten carts' —
 * the cart reminder on or off and after how many hours — saved with `PUT /api/v1/admin/settings/cart-reminder`.
 * The server's field errors show under their inputs; each save is announced.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { CartReminderSetting } from '@shared/carts/cart-schemas';
import type { OrderMessageSettings } from '@shared/notifications/order-message-settings';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { FieldError, Input } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useAdminSession } from '../lib/admin-session';
import {
  cartReminderSettingQuery,
  orderMessageSettingsQuery,
  saveCartReminderSetting,
  saveOrderMessageSettings,
} from './message-settings-queries';
import {
  cartReminderFormSchema,
  orderMessageFormSchema,
  toCartReminderForm,
  toOrderMessageForm,
  type CartReminderForm,
  type OrderMessageForm,
} from './message-settings-values';
import { MessagesTabs } from './messages-tabs';

const FIELDSET = 'flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3';

export function MessageSettingsPage() {
  const { me } = useAdminSession();
  const owner = me?.role === 'owner';
  const orderMessages = useQuery({ ...orderMessageSettingsQuery(), enabled: owner });
  const cartReminder = useQuery({ ...cartReminderSettingQuery(), enabled: owner });
  return (
    <MessagesTabs tab="settings">
      {me && !owner ? (
        <p className="text-stone-600">Only the shop owner changes message settings.</p>
      ) : (
        <>
          {orderMessages.isError && <Alert>{errorText(orderMessages.error)}</Alert>}
          {cartReminder.isError && <Alert>{errorText(cartReminder.error)}</Alert>}
          {(orderMessages.isPending || cartReminder.isPending) && <p className="text-stone-600">Loading…</p>}
          {orderMessages.data && <OrderMessagesForm settings={orderMessages.data} />}
          {cartReminder.data && <CartReminderSettingForm setting={cartReminder.data} />}
        </>
      )}
    </MessagesTabs>
  );
}

function OrderMessagesForm({ settings }: { settings: OrderMessageSettings }) {
  const client = useQueryClient();
  const form = useForm<OrderMessageForm, unknown, OrderMessageSettings>({
    resolver: zodResolver(orderMessageFormSchema),
    defaultValues: toOrderMessageForm(settings),
  });
  const save = useMutation({
    mutationFn: saveOrderMessageSettings,
    onSuccess: (saved) => {
      client.setQueryData(orderMessageSettingsQuery().queryKey, saved);
      form.reset(toOrderMessageForm(saved));
      toast.success('Message settings saved');
    },
    onError: (error) => {
      const { shown } = setFieldErrors(error, form.setError, [
        'transactionalSms',
        'ownerWhatsapp',
        'codConfirmHours',
        'codUnanswered',
      ]);
      if (shown.length === 0) toast.error(errorText(error));
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-labelledby="order-messages-title"
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h2 id="order-messages-title" className="font-semibold">
        Order messages
      </h2>
      <fieldset className={FIELDSET}>
        <legend className="px-1 text-sm font-semibold">Order updates</legend>
        <FormField
          id="transactionalSms"
          label="Send order updates by SMS"
          layout="checkbox"
          hint="Shoppers who did not choose WhatsApp get a text message when their order is placed, paid, shipped and delivered. Each SMS is charged by your SMS provider (MSG91)."
          error={errors.transactionalSms?.message}
        >
          {(control) => (
            <input {...control} type="checkbox" className="size-4" {...form.register('transactionalSms')} />
          )}
        </FormField>
        <FormField
          id="ownerWhatsapp"
          label="Your WhatsApp number for new orders"
          hint="You get a WhatsApp message for every paid order on this number, e.g. 98765 43210. Leave it empty to get none."
          error={errors.ownerWhatsapp?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              {...form.register('ownerWhatsapp')}
            />
          )}
        </FormField>
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className="px-1 text-sm font-semibold">Cash on delivery confirmation</legend>
        <FormField
          id="codConfirmHours"
          label="Hours to confirm a COD order"
          hint="A new cash-on-delivery order asks the shopper to Confirm or Cancel it. This is how long they have: 1 to 168 hours (a week)."
          error={errors.codConfirmHours?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...form.register('codConfirmHours')}
            />
          )}
        </FormField>
        <fieldset
          className="flex flex-col gap-1.5 text-sm"
          aria-describedby={errors.codUnanswered ? 'codUnanswered-error' : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium">If the shopper does not answer in time</legend>
          <label className="flex items-start gap-2">
            <input type="radio" value="flag" className="mt-1" {...form.register('codUnanswered')} />
            <span>
              Keep the order and flag it for a call
              <span className="block text-xs text-stone-500">
                It shows under the Orders filter ‘COD unconfirmed’, so you can phone the shopper.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" value="cancel" className="mt-1" {...form.register('codUnanswered')} />
            <span>
              Cancel the order
              <span className="block text-xs text-stone-500">Its items go back into stock.</span>
            </span>
          </label>
          <FieldError id="codUnanswered-error">{errors.codUnanswered?.message}</FieldError>
        </fieldset>
      </fieldset>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        Save message settings
      </Button>
    </form>
  );
}

function CartReminderSettingForm({ setting }: { setting: CartReminderSetting }) {
  const client = useQueryClient();
  const form = useForm<CartReminderForm, unknown, CartReminderSetting>({
    resolver: zodResolver(cartReminderFormSchema),
    defaultValues: toCartReminderForm(setting),
  });
  const remind = useWatch({ control: form.control, name: 'remind' });
  const save = useMutation({
    mutationFn: saveCartReminderSetting,
    onSuccess: (saved) => {
      client.setQueryData(cartReminderSettingQuery().queryKey, saved);
      form.reset(toCartReminderForm(saved));
      toast.success('Cart reminder saved');
    },
    onError: (error) => {
      const { shown } = setFieldErrors(error, form.setError, ['reminderAfterHours']);
      if (shown.length === 0) toast.error(errorText(error));
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-labelledby="cart-reminder-title"
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h2 id="cart-reminder-title" className="font-semibold">
        Forgotten carts
      </h2>
      <fieldset className={FIELDSET}>
        <legend className="sr-only">Cart reminder</legend>
        <FormField
          id="remind"
          label="Remind shoppers of a forgotten cart"
          layout="checkbox"
          hint="A signed-in shopper who leaves items in the cart without ordering gets one reminder with a link back to the cart: by WhatsApp if they chose it, else by e-mail."
        >
          {(control) => (
            <input {...control} type="checkbox" className="size-4" {...form.register('remind')} />
          )}
        </FormField>
        {remind && (
          <FormField
            id="reminderAfterHours"
            label="Send the reminder after (hours)"
            hint="Counted from the last change to the cart: 1 to 168 hours (a week)."
            error={errors.reminderAfterHours?.message}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                {...form.register('reminderAfterHours')}
              />
            )}
          </FormField>
        )}
      </fieldset>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        Save cart reminder
      </Button>
    </form>
  );
}
