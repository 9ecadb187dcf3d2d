/**
 * Reset password, /reset-password?token=… (the link of the reset e-mail): a new password and its confirmation,
 * with the register screen's rules (docs/product.md §5: at least 6 characters, 'Passwords do not match'). Success signs
 * this browser out (the server has ended every session of the account), shows 'Your password has been
 * reset. Please sign in with your new password.' and opens /login. A link without a token, or one the server
 * calls invalid, used or expired, shows that message with a way to ask for a new link instead of the form; a
 * password the server refuses shows its message under the field. Rendered inside AuthLayout's card.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { KeyRound } from 'lucide-react';
import {
  passwordResetMessages,
  resetPasswordFormSchema,
  type ResetPasswordFormInput,
  type ResetPasswordFormValues,
} from '@shared/accounts/account-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { FormField } from '@client/components/ui/form-field';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useSession } from '@client/lib/session/session-context';
import { forgetAccountWishlist } from '@client/lib/wishlist/wishlist-store';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PasswordInput } from './password-input';
import { useResetPasswordMutation } from './password-reset-api';
import { isInvalidResetLink, passwordResetFailureMessage } from './account-messages';

const linkClass = 'rounded font-medium text-brand-700 underline-offset-4 hover:underline';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const { signOut } = useSession();
  const { brand } = useStoreInfo();
  const resetMutation = useResetPasswordMutation();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(`Reset Password | ${brand}`);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput, unknown, ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: ResetPasswordFormValues) => {
    setFailure(null);
    try {
      const message = await resetMutation.mutateAsync({ token, password: values.password });
      signOut();
      forgetAccountWishlist();
      toast.success(message);
      navigate('/login', { replace: true });
    } catch (error) {
      const { shown } = setFieldErrors(error, setError, ['password', 'confirmPassword']);
      if (shown.length > 0) return;
      if (isInvalidResetLink(error)) setLinkProblem(passwordResetFailureMessage(error));
      else setFailure(passwordResetFailureMessage(error));
    }
  };

  const busy = isSubmitting || resetMutation.isPending;
  const unusable = token ? linkProblem : passwordResetMessages.invalidLink;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1 text-center">
        <p className="font-serif text-lg font-semibold text-brand-700">{brand}</p>
        <h1 className="font-serif text-2xl font-bold text-stone-900">Choose a new password</h1>
      </div>

      {unusable ? (
        <>
          <Alert>{unusable}</Alert>
          <Button asChild size="lg" className="w-full">
            <Link to="/forgot-password">Request a new link</Link>
          </Button>
        </>
      ) : (
        <>
          <FormError>{failure}</FormError>
          <form
            noValidate
            onSubmit={handleSubmit(onSubmit)}
            className="flex flex-col gap-4"
            aria-label="Choose a new password"
          >
            <FormField id="reset-password" label="New password" error={errors.password?.message}>
              {(control) => (
                <PasswordInput {...control} autoComplete="new-password" {...register('password')} />
              )}
            </FormField>
            <FormField
              id="reset-confirmPassword"
              label="Confirm new password"
              error={errors.confirmPassword?.message}
            >
              {(control) => (
                <PasswordInput {...control} autoComplete="new-password" {...register('confirmPassword')} />
              )}
            </FormField>
            <Button type="submit" size="lg" disabled={busy} className="w-full">
              <KeyRound aria-hidden="true" />
              {busy ? 'Saving...' : 'Reset Password'}
            </Button>
          </form>
        </>
      )}

      <p className="text-center text-sm text-stone-600">
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
