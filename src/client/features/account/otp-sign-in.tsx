/**
 * 'Sign in with OTP' on /login (docs/messages.md "Sign in with an OTP"), loaded only when the shopper picks it:
 * the phone number, then 'Enter the 6-digit code sent to +91 98•••••210', then — for an account without a name
 * (a new number) — 'What should we call you?' before going on. Failures show as the sign-in's 'Error' toast and
 * under the field they concern (docs/product.md §8). After the code the session starts as after a password
 * sign-in: the browser's wishlist joins the account's.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Smartphone } from 'lucide-react';
import {
  enterCodePrompt,
  otpRequestBodySchema,
  otpVerifyBodySchema,
  type OtpRequestInput,
  type OtpRequestBody,
} from '@shared/accounts/otp-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useSession } from '@client/lib/session/session-context';
import { forgetAccountWishlist } from '@client/lib/wishlist/wishlist-store';
import { SIGN_IN_ERROR_TITLE, SIGN_IN_SUCCESS, signInErrorDescription } from './account-messages';
import { useRequestOtpMutation, useVerifyOtpMutation } from './otp-api';
import { NameStep } from './otp-name-step';

const codeFormSchema = otpVerifyBodySchema.pick({ code: true });
type CodeFormInput = { code: string };
type CodeFormValues = { code: string };

/** The steps: the number, the code sent to it, and the name of a new account. */
type Step = { name: 'phone' } | { name: 'code'; phone: string; masked: string } | { name: 'name' };

export function OtpSignIn({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const { signIn } = useSession();
  const requestCode = useRequestOtpMutation();
  const verifyCode = useVerifyOtpMutation();

  const phoneForm = useForm<OtpRequestInput, unknown, OtpRequestBody>({
    resolver: zodResolver(otpRequestBodySchema),
    defaultValues: { phone: '' },
  });
  const codeForm = useForm<CodeFormInput, unknown, CodeFormValues>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  const sendCode = async (phone: string) => {
    try {
      const answer = await requestCode.mutateAsync(phone);
      codeForm.reset({ code: '' });
      setStep({ name: 'code', phone, masked: answer.phone });
    } catch (error) {
      setFieldErrors(error, phoneForm.setError, ['phone']);
      toast.error(SIGN_IN_ERROR_TITLE, { description: signInErrorDescription(error) });
    }
  };

  const checkCode = async (phone: string, code: string) => {
    try {
      const answer = await verifyCode.mutateAsync({ phone, code });
      forgetAccountWishlist();
      signIn(answer.token);
      // The browser's list joins the account's (wishlist-account.ts, loaded now), as after a password sign-in.
      void import('@client/lib/wishlist/wishlist-account').then((wishlist) => wishlist.syncAccountWishlist());
      toast.success(SIGN_IN_SUCCESS);
      if (answer.needsName) setStep({ name: 'name' });
      else onDone();
    } catch (error) {
      const description = signInErrorDescription(error);
      const { shown } = setFieldErrors(error, codeForm.setError, ['code']);
      if (shown.length === 0) codeForm.setError('code', { message: description }, { shouldFocus: true });
      toast.error(SIGN_IN_ERROR_TITLE, { description });
    }
  };

  if (step.name === 'name') return <NameStep onDone={onDone} />;

  if (step.name === 'code') {
    const busy = codeForm.formState.isSubmitting || verifyCode.isPending;
    return (
      <form
        noValidate
        aria-label="Enter the code"
        className="flex flex-col gap-4"
        onSubmit={codeForm.handleSubmit((values) => checkCode(step.phone, values.code))}
      >
        <FormField
          id="otp-code"
          label={enterCodePrompt(step.masked)}
          error={codeForm.formState.errors.code?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              className="text-center text-lg tracking-[0.4em]"
              {...codeForm.register('code')}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          <KeyRound aria-hidden="true" />
          {busy ? 'Checking...' : 'Verify and sign in'}
        </Button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button
            type="button"
            className="rounded font-medium text-brand-700 underline-offset-4 hover:underline"
            disabled={requestCode.isPending}
            onClick={() => void sendCode(step.phone)}
          >
            Send a new code
          </button>
          <button
            type="button"
            className="rounded font-medium text-brand-700 underline-offset-4 hover:underline"
            onClick={() => setStep({ name: 'phone' })}
          >
            Use another number
          </button>
        </div>
      </form>
    );
  }

  const busy = phoneForm.formState.isSubmitting || requestCode.isPending;
  return (
    <form
      noValidate
      aria-label="Sign in with OTP"
      className="flex flex-col gap-4"
      onSubmit={phoneForm.handleSubmit((values) => sendCode(values.phone))}
    >
      <FormField
        id="otp-phone"
        label="Mobile number"
        hint="We send a 6-digit code by SMS, or on WhatsApp if you chose WhatsApp updates."
        error={phoneForm.formState.errors.phone?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+91 98765 43210"
            {...phoneForm.register('phone')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <Smartphone aria-hidden="true" />
        {busy ? 'Sending code...' : 'Send code'}
      </Button>
    </form>
  );
}
