import { describe, expect, it } from 'vitest';
import {
  cartReminderFormSchema,
  orderMessageFormSchema,
  toCartReminderForm,
  toOrderMessageForm,
  type CartReminderForm,
  type OrderMessageForm,
} from './message-settings-values';

const orderForm: OrderMessageForm = {
  transactionalSms: true,
  ownerWhatsapp: '',
  codConfirmHours: '24',
  codUnanswered: 'flag',
};

/** Each bad field's message, by its path. */
function problems(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the order messages form', () => {
  it('turns the typed texts into the settings body', () => {
    expect(
      orderMessageFormSchema.parse({
        ...orderForm,
        transactionalSms: false,
        ownerWhatsapp: ' 98765 43210 ',
        codConfirmHours: ' 48 ',
        codUnanswered: 'cancel',
      }),
    ).toEqual({
      transactionalSms: false,
      ownerWhatsapp: '98765 43210',
      codConfirmHours: 48,
      codUnanswered: 'cancel',
    });
    expect(orderMessageFormSchema.parse(orderForm)).toEqual({ ...orderForm, codConfirmHours: 24 });
  });

  it('names each bad field with the form and the shared messages', () => {
    expect(problems(orderMessageFormSchema.safeParse({ ...orderForm, codConfirmHours: 'a day' }))).toEqual({
      codConfirmHours: 'Enter a whole number of hours from 1 to 168',
    });
    for (const hours of ['0', '169', '1.5', '']) {
      expect(problems(orderMessageFormSchema.safeParse({ ...orderForm, codConfirmHours: hours }))).toEqual({
        codConfirmHours: 'Enter a whole number of hours from 1 to 168',
      });
    }
    expect(problems(orderMessageFormSchema.safeParse({ ...orderForm, ownerWhatsapp: '12345' }))).toEqual({
      ownerWhatsapp: 'must be an Indian mobile number, or empty',
    });
    expect(
      Object.keys(problems(orderMessageFormSchema.safeParse({ ...orderForm, codUnanswered: 'call' }))),
    ).toEqual(['codUnanswered']);
  });

  it('fills the form from the settings', () => {
    expect(
      toOrderMessageForm({
        transactionalSms: false,
        ownerWhatsapp: '+919876543210',
        codConfirmHours: 12,
        codUnanswered: 'cancel',
      }),
    ).toEqual({
      transactionalSms: false,
      ownerWhatsapp: '+919876543210',
      codConfirmHours: '12',
      codUnanswered: 'cancel',
    });
  });
});

describe('the forgotten-cart form', () => {
  const on: CartReminderForm = { remind: true, reminderAfterHours: '3' };

  it('turns the form into the setting: hours when on, null when off (whatever the hours say)', () => {
    expect(cartReminderFormSchema.parse(on)).toEqual({ reminderAfterHours: 3 });
    expect(cartReminderFormSchema.parse({ remind: false, reminderAfterHours: 'x' })).toEqual({
      reminderAfterHours: null,
    });
  });

  it('refuses hours outside 1 to 168 while on', () => {
    for (const hours of ['0', '169', 'two', '']) {
      expect(problems(cartReminderFormSchema.safeParse({ ...on, reminderAfterHours: hours }))).toEqual({
        reminderAfterHours: 'Enter a whole number of hours from 1 to 168',
      });
    }
  });

  it('fills the form from the setting, off keeping the default hour ready', () => {
    expect(toCartReminderForm({ reminderAfterHours: 6 })).toEqual({ remind: true, reminderAfterHours: '6' });
    expect(toCartReminderForm({ reminderAfterHours: null })).toEqual({
      remind: false,
      reminderAfterHours: '1',
    });
  });
});
