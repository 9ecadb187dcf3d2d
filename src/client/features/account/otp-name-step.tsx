/**
 * 'What should we call you?' — the step after the first sign-in with a code (docs/messages.md "Sign in with an
 * OTP"): an account made by phone has no name and no e-mail yet. The names, and the e-mail its order receipts
 * and invoices go to, are saved with `PATCH /accountInfo`; then the shopper goes on where they were headed.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { emailSchema } from '@shared/accounts/account-schemas';
import { accountNameBodySchema } from '@shared/accounts/otp-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { signInErrorDescription } from './account-messages';
import { useAccountNameMutation } from './otp-api';
import { EmailInput } from './email-input';

/** The name step's form: both names and, required here, the e-mail. */
const nameFormSchema = accountNameBodySchema.extend({ email: emailSchema });
type NameFormInput = { firstName: string; lastName: string; email: string };
type NameFormValues = { firstName: string; lastName: string; email: string };
const NAME_FIELDS = ['firstName', 'lastName', 'email'] as const;

/** The title of the toast when the name step's save fails. */
export const NAME_SAVE_FAILED_TITLE = 'Error';

export function NameStep({ onDone }: { onDone: () => void }) {
  const saveName = useAccountNameMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NameFormInput, unknown, NameFormValues>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '' },
  });

  const onSubmit = async (values: NameFormValues) => {
    try {
      await saveName.mutateAsync(values);
      onDone();
    } catch (error) {
      setFieldErrors(error, setError, [...NAME_FIELDS]);
      toast.error(NAME_SAVE_FAILED_TITLE, { description: signInErrorDescription(error) });
    }
  };
  const busy = isSubmitting || saveName.isPending;

  return (
    <form
      noValidate
      aria-label="What should we call you?"
      className="flex flex-col gap-4"
      onSubmit={handleSubmit(onSubmit)}
    >
      <div className="flex flex-col gap-1">
        <h2 className="font-serif text-xl font-semibold text-stone-900">What should we call you?</h2>
        <p className="text-sm text-stone-600">
          Your name for your orders, and the e-mail your receipts go to.
        </p>
      </div>
      <FormField id="name-first" label="First name" error={errors.firstName?.message}>
        {(control) => <Input {...control} autoComplete="given-name" {...register('firstName')} />}
      </FormField>
      <FormField id="name-last" label="Last name" error={errors.lastName?.message}>
        {(control) => <Input {...control} autoComplete="family-name" {...register('lastName')} />}
      </FormField>
      <FormField id="name-email" label="Email" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        <Check aria-hidden="true" />
        {busy ? 'Saving...' : 'Continue'}
      </Button>
    </form>
  );
}
