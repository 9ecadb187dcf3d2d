/**
 * Forgot password, /forgot-password (linked from sign-in, docs/product.md §2 "Sign-in"): the e-mail of the account, then
 * the server's answer, which is the same whether or not the address has an account ('If an account exists
 * for this email, we have sent a link …'). A refused request shows one message: under the e-mail field when
 * the server named it, else above the form (the rate-limit sentence, no response). Rendered inside
 * AuthLayout's card.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import {
  forgotPasswordBodySchema,
  type ForgotPasswordBody,
  type ForgotPasswordInput,
} from '@shared/accounts/account-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { FormField } from '@client/components/ui/form-field';
import { setFieldErrors } from '@client/lib/form-errors';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useForgotPasswordMutation } from './password-reset-api';
import { passwordResetFailureMessage } from './account-messages';
import { EmailInput } from './email-input';

const linkClass = 'rounded font-medium text-brand-700 underline-offset-4 hover:underline';

export function ForgotPasswordPage() {
  const { brand } = useStoreInfo();
  const forgotMutation = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(`Forgot Password | ${brand}`);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: ForgotPasswordBody) => {
    setFailure(null);
    try {
      setSent(await forgotMutation.mutateAsync(values));
    } catch (error) {
      const { shown } = setFieldErrors(error, setError, ['email']);
      if (shown.length === 0) setFailure(passwordResetFailureMessage(error));
    }
  };

  const busy = isSubmitting || forgotMutation.isPending;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1 text-center">
        <p className="font-serif text-lg font-semibold text-brand-700">{brand}</p>
        <h1 className="font-serif text-2xl font-bold text-stone-900">Forgot your password?</h1>
        {!sent && (
          <p className="text-sm text-stone-600">
            Enter the email address of your account and we will send you a link to choose a new password.
          </p>
        )}
      </div>

      {sent ? (
        <Alert variant="success" role="status">
          {sent}
        </Alert>
      ) : (
        <>
          <FormError>{failure}</FormError>
          <form
            noValidate
            onSubmit={handleSubmit(onSubmit)}
            className="flex flex-col gap-4"
            aria-label="Forgot password"
          >
            <FormField id="forgot-email" label="Email" error={errors.email?.message}>
              {(control) => <EmailInput {...control} {...register('email')} />}
            </FormField>
            <Button type="submit" size="lg" disabled={busy} className="w-full">
              <Mail aria-hidden="true" />
              {busy ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        </>
      )}

      <p className="text-center text-sm text-stone-600">
        Remembered it?{' '}
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
