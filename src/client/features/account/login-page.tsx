/**
 * Sign-in, /login (docs/product.md §2 "Sign-in", §5, §8): e-mail, password with a show/hide toggle
 * and remember-me; links to register, forgot password, home, terms and privacy. A failure is always shown as
 * the 'Error' toast (the server's message, or the storefront's fallbacks). Success
 * stores the token and returns to the remembered page (navigation state `from`), else '/'. The e-mail is
 * prefilled from navigation state after registering. 'Sign in with OTP' beside the form swaps it for the phone
 * code sign-in (./otp-sign-in.tsx, loaded only then; docs/messages.md "Sign in with an OTP"). Rendered inside
 * AuthLayout's card.
 */
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { LogIn, Smartphone } from 'lucide-react';
import {
  signInFormSchema,
  type SignInFormInput,
  type SignInFormValues,
} from '@shared/accounts/account-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Label } from '@client/components/ui/input';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { AuthPageFooter } from './auth-page-footer';
import { PasswordInput } from './password-input';
import { useSignInMutation } from './account-api';
import { useSession } from '@client/lib/session/session-context';
import { forgetAccountWishlist } from '@client/lib/wishlist/wishlist-store';
import {
  prefilledEmail,
  rememberedFrom,
  returnPathFrom,
  SIGN_IN_ERROR_TITLE,
  SIGN_IN_SUCCESS,
  signInErrorDescription,
} from './account-messages';
import { EmailInput } from './email-input';

const OtpSignIn = lazy(async () => ({ default: (await import('./otp-sign-in')).OtpSignIn }));

/**
 * After a sign-in: measurements typed as a guest and kept at sign-up become profiles of the account
 * (docs/add-ons.md "Profiles"); loaded only now, and says so when any were saved.
 */
function saveGuestMeasurements(): void {
  void import('@client/lib/add-ons/guest-measurements')
    .then((guest) => guest.savePendingMeasurements())
    .then((names) => {
      if (names.length > 0) toast.success(`Measurements saved as ${names.map((n) => `'${n}'`).join(', ')}`);
    });
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { brand } = useStoreInfo();
  const signInMutation = useSignInMutation();
  const [withOtp, setWithOtp] = useState(false);
  useDocumentTitle(`Sign In | ${brand}`);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormInput, unknown, SignInFormValues>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: prefilledEmail(location.state), password: '', rememberMe: false },
  });

  const from = rememberedFrom(location.state);

  const onSubmit = async (values: SignInFormValues) => {
    try {
      const token = await signInMutation.mutateAsync({ email: values.email, password: values.password });
      forgetAccountWishlist();
      signIn(token);
      // The browser's list joins the account's (wishlist-account.ts, loaded now).
      void import('@client/lib/wishlist/wishlist-account').then((wishlist) => wishlist.syncAccountWishlist());
      // …and so does the browser's cart (cart-sync.ts).
      void import('@client/lib/cart-sync/sync').then((cart) => cart.mergeAccountCart());
      saveGuestMeasurements();
      toast.success(SIGN_IN_SUCCESS);
      navigate(returnPathFrom(location.state), { replace: true });
    } catch (error) {
      setFieldErrors(error, setError, ['email', 'password']);
      toast.error(SIGN_IN_ERROR_TITLE, { description: signInErrorDescription(error) });
    }
  };

  const busy = isSubmitting || signInMutation.isPending;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1 text-center">
        <p className="font-serif text-lg font-semibold text-brand-700">{brand}</p>
        <h1 className="font-serif text-2xl font-bold text-stone-900">Welcome back</h1>
        <p className="text-sm text-stone-600">Sign in to your account to continue.</p>
      </div>

      {withOtp ? (
        <div className="flex flex-col gap-4">
          <Suspense fallback={<p className="text-center text-sm text-stone-600">Loading...</p>}>
            <OtpSignIn
              onDone={() => {
                saveGuestMeasurements();
                navigate(returnPathFrom(location.state), { replace: true });
              }}
            />
          </Suspense>
          <button
            type="button"
            className="self-center rounded text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            onClick={() => setWithOtp(false)}
          >
            Sign in with email and password
          </button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          className="flex flex-col gap-4"
          aria-label="Sign in"
        >
          <FormField id="login-email" label="Email" error={errors.email?.message}>
            {(control) => <EmailInput {...control} {...register('email')} />}
          </FormField>

          <FormField id="login-password" label="Password" error={errors.password?.message}>
            {(control) => (
              <PasswordInput {...control} autoComplete="current-password" {...register('password')} />
            )}
          </FormField>

          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <input
                id="login-remember"
                type="checkbox"
                className="size-4 rounded border-stone-300 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                {...register('rememberMe')}
              />
              <Label htmlFor="login-remember" className="font-normal text-stone-700">
                Remember me
              </Label>
            </div>
            <Link
              to="/forgot-password"
              className="rounded text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </div>

          <Button type="submit" size="lg" disabled={busy} className="w-full">
            <LogIn aria-hidden="true" />
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => setWithOtp(true)}
          >
            <Smartphone aria-hidden="true" />
            Sign in with OTP
          </Button>
        </form>
      )}

      <p className="text-center text-sm text-stone-600">
        Don&apos;t have an account?{' '}
        <Link
          to="/register"
          state={from ? { from } : undefined}
          className="rounded font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Create an account
        </Link>
      </p>

      <AuthPageFooter action="signing in" />
    </div>
  );
}
